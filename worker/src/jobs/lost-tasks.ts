import type { Deps } from '#shared/server/deps';
import { laneOf } from '#shared/server/jobs';
import { log } from '#shared/server/logger';
import { queueError } from '#shared/server/outage';
import { queueTask, tasksWithJobs } from '#shared/server/task-handoff';
import { getTool } from '#shared/tools';

/** Tasks read per round trip to PostgreSQL and Redis. */
const BATCH = 500;

/**
 * Queues the tasks that say Doing but have no job in either lane, once they are `olderThanMs` old
 * (a younger one may still be in the api's hands). Their job never reached Redis (Redis failed, or
 * the api stopped, between the row and the job) or Redis lost it (a crash inside its append-only
 * file's last second, a restore from a backup). Queued again rather than failed: the usage they
 * took is then spent on the one run it paid for, and the runner ends each task Done or Failed.
 * Answers the ids it queued.
 */
export async function queueLostTasks(deps: Deps, olderThanMs: number): Promise<string[]> {
  const before = new Date(deps.now().getTime() - olderThanMs);
  const queued: string[] = [];
  let after: string | undefined;
  for (;;) {
    const doing = await deps.db.task.findMany({
      where: { status: 'DOING', createdAt: { lt: before } },
      select: { id: true, tool: true, inputTokens: true, createdAt: true },
      orderBy: { id: 'asc' },
      take: BATCH,
      ...(after ? { cursor: { id: after }, skip: 1 } : {}),
    });
    if (doing.length === 0) return queued;
    after = doing[doing.length - 1].id;
    const withJobs = await tasksWithJobs(deps, doing.map((t) => t.id));
    const lost = doing.filter((t) => !withJobs.has(t.id));
    if (lost.length === 0) continue;
    const inputs = await deps.db.file.findMany({ where: { token: { in: lost.flatMap((t) => t.inputTokens) } }, select: { token: true, size: true, pages: true } });
    const byToken = new Map(inputs.map((f) => [f.token, f]));
    await Promise.all(
      lost.map(async (task) => {
        const tool = getTool(task.tool);
        const files = task.inputTokens.flatMap((token) => byToken.get(token) ?? []);
        // A tool gone since (an upgrade) still gets a run: the runner fails it with TOOL_UNAVAILABLE.
        await queueTask(deps, task, tool ? laneOf(tool, files) : 'heavy');
        log.warn('task had no job: queued', { taskId: task.id, ageSeconds: Math.round((deps.now().getTime() - task.createdAt.getTime()) / 1000) });
        queued.push(task.id);
      }),
    );
  }
}

/**
 * Runs the check now and every `everyMs`, one round at a time. A round that fails (Redis or
 * PostgreSQL away) is tried again at the next tick; the outage is logged as every other is.
 * Returns the stop function, which waits for a round under way.
 */
export function watchLostTasks(deps: Deps, everyMs: number): () => Promise<void> {
  let current: Promise<void> | undefined;
  const round = () => {
    current ??= queueLostTasks(deps, everyMs)
      .then(() => undefined, queueError('lost-task check failed'))
      .finally(() => (current = undefined));
  };
  round();
  const timer = setInterval(round, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
