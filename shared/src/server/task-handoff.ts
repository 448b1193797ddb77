import type { Deps } from './deps';
import { TASK_JOB_OPTIONS, type TaskLane } from './jobs';

/**
 * The hand-off of a recorded task to Redis. The Task row, committed first, is the promise: a task
 * that says Doing must have a job. The api queues it right after writing the row; when that fails
 * (Redis away or refusing writes, the api stopped meanwhile) or Redis later loses the job, each
 * worker's lost-task check (worker/src/jobs/lost-tasks.ts) finds the row without a job and queues it.
 */

/** Queues a task's job in its lane. Its id is the task's, so a second queueing (the api and the check both trying) adds nothing. */
export function queueTask(deps: Pick<Deps, 'tasks' | 'quickTasks'>, task: { id: string; tool: string }, lane: TaskLane) {
  return (lane === 'quick' ? deps.quickTasks : deps.tasks).add(task.tool, { taskId: task.id }, { ...TASK_JOB_OPTIONS, jobId: task.id });
}

/**
 * Which of `ids` have a job in either lane, in whatever state (waiting, running, delayed, ended and
 * kept). One round trip on the fail-fast connection: while Redis is away this throws at once.
 */
export async function tasksWithJobs(deps: Pick<Deps, 'redis' | 'tasks' | 'quickTasks'>, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const lanes = [deps.tasks, deps.quickTasks];
  const pipeline = deps.redis.pipeline();
  for (const id of ids) for (const queue of lanes) pipeline.exists(queue.toKey(id));
  const answers = (await pipeline.exec()) ?? [];
  const found = new Set<string>();
  answers.forEach(([error, count], i) => {
    if (error) throw error;
    if (count === 1) found.add(ids[Math.floor(i / lanes.length)]);
  });
  return found;
}
