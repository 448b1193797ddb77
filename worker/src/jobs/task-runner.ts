import fs from 'node:fs/promises';
import path from 'node:path';
import type { Prisma } from '@prisma/client';
import { AppError, ERRORS, isAppError } from '#shared/errors';
import type { FileKind } from '#shared/file-kinds';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { log } from '#shared/server/logger';
import { tasksEnded } from '#shared/server/metrics';
import { getTool } from '#shared/tools';
import type { TaskHosts } from '../sandbox/host-pool';
import { finishSigning, recordSigning } from './signing-audit';
import { enqueueWebhook } from './webhooks';

export const DEFAULT_TIMEOUT_SECONDS = 300;
/** Progress writes are throttled so a chatty processor does not hammer the database. */
const PROGRESS_EVERY_MS = 250;

export interface RunOptions {
  /** Called with each progress fraction (the BullMQ job's own progress). */
  onProgress?: (fraction: number) => Promise<void> | void;
  /** Aborted when the worker stops: the task is left for another attempt. */
  signal?: AbortSignal;
  /** CPU niceness of the task's host (see HostRunOptions). */
  nice?: number;
}

/**
 * Runs one task: copies its inputs into a private temp dir, has a task host run the tool's
 * processor within the tool's time limit and the memory limit, stores the outputs and marks the
 * task Done. Throws AppError for user errors (the task is marked Failed by the caller) and anything
 * else for crashes (retried).
 */
export async function runTask(deps: Deps, hosts: TaskHosts, taskId: string, opts: RunOptions = {}): Promise<'done' | 'skipped'> {
  const task = await deps.db.task.findUnique({ where: { id: taskId } });
  if (!task || task.status !== 'DOING') return 'skipped';
  const tool = getTool(task.tool);
  if (!tool) throw new AppError('TOOL_UNAVAILABLE', task.tool);

  await deps.db.task.update({ where: { id: task.id }, data: { startedAt: deps.now(), attempts: { increment: 1 }, progress: 0 } });
  const workDir = await fs.mkdtemp(path.join(deps.env.tmpDir, `task-${task.id}-`));
  const deadline = Date.now() + (tool.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  try {
    const files = await deps.db.file.findMany({ where: { token: { in: task.inputTokens } } });
    const byToken = new Map(files.map((f) => [f.token, f]));
    const inputs = [];
    for (const [i, token] of task.inputTokens.entries()) {
      const file = byToken.get(token);
      if (!file || file.deletedAt) throw new AppError('FILE_EXPIRED', `input ${token}`);
      const local = path.join(workDir, `in-${i}${path.extname(file.name) || '.' + file.kind}`);
      await deps.store.copyToPath(file.storageKey, local);
      inputs.push({ path: local, name: file.name, kind: file.kind as FileKind });
    }

    let lastWrite = 0;
    const progress = async (fraction: number) => {
      const value = Math.max(0, Math.min(0.99, fraction));
      await opts.onProgress?.(value);
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      await deps.db.task.update({ where: { id: task.id }, data: { progress: value } });
    };

    const result = await hosts.run(
      { tool: tool.id, inputs, options: task.options, workDir },
      { timeoutMs: Math.max(0, deadline - Date.now()), stallMs: tool.stallSeconds && tool.stallSeconds * 1000, nice: opts.nice, signal: opts.signal, onProgress: progress },
    );

    // The api opened the signing's audit row with the task; it is completed with the task.
    const signing = tool.audited ? await finishSigning(deps, task.options, inputs[0], result.outputs[0]) : null;

    const expiresAt = new Date(deps.now().getTime() + deps.env.FILE_RETENTION_MINUTES * 60_000);
    const outputs: Prisma.FileCreateManyInput[] = [];
    const removeOutputs = () => Promise.all(outputs.map((o) => deps.store.remove(o.storageKey).catch(() => undefined)));
    let ended: boolean;
    try {
      for (const out of result.outputs) {
        const token = randomId(32);
        const size = (await fs.stat(out.path)).size;
        await deps.store.putFromPath(token, out.path);
        outputs.push({
          token,
          name: out.name,
          kind: path.extname(out.name).slice(1).toLowerCase() || 'bin',
          size: BigInt(size),
          storageKey: token,
          role: 'OUTPUT' as const,
          userId: task.userId,
          visitorId: task.visitorId,
          taskId: task.id,
          createdAt: deps.now(),
          expiresAt,
        });
      }
      // Two runs of one task can overlap: a worker that lost its job (its link cut, its lock lapsed)
      // runs on while another retakes it. The first to end records its outputs; the other drops its own.
      ended = await deps.db.$transaction(async (tx) => {
        const claimed = await tx.task.updateMany({
          where: { id: task.id, status: 'DOING' },
          data: { status: 'DONE', progress: 1, notice: result.notice ?? null, report: result.report, ...(result.noticeParams && { noticeParams: result.noticeParams }), finishedAt: deps.now() },
        });
        if (claimed.count === 0) return false;
        await tx.file.createMany({ data: outputs });
        if (signing) await recordSigning(tx, task, signing);
        return true;
      });
    } catch (e) {
      await removeUnrecorded(deps, outputs);
      throw e;
    }
    if (!ended) {
      log.warn('task already ended by another run; this one is dropped', { taskId: task.id });
      await removeOutputs();
      return 'skipped';
    }
    tasksEnded.inc({ tool: tool.id, outcome: 'done', error: '' });
    await enqueueWebhook(deps, task);
    return 'done';
  } finally {
    await fs.rm(workDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * After a failed ending (PostgreSQL out of reach, say), removes the outputs no file row names: the
 * retention sweep works from the rows and would never remove them, and the retry stores its own.
 * An error can hide a commit that went through, so the rows are read first; while they cannot be
 * read, the files are kept (a stray file rather than a Done task without its output).
 */
async function removeUnrecorded(deps: Deps, outputs: Prisma.FileCreateManyInput[]) {
  const keys = outputs.map((o) => o.storageKey);
  for (let attempt = 0; attempt < 3 && keys.length; attempt++) {
    const recorded = await deps.db.file.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } }).catch(() => null);
    if (recorded) {
      const named = new Set(recorded.map((r) => r.storageKey));
      await Promise.all(keys.filter((k) => !named.has(k)).map((k) => deps.store.remove(k).catch(() => undefined)));
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Records a final failure with the user-safe message and, for the log, the reason. */
export async function failTask(deps: Deps, taskId: string, error: unknown) {
  const appError = isAppError(error) ? error : new AppError('TASK_FAILED', error instanceof Error ? error.message : String(error));
  const message = appError.code === 'TASK_FAILED' ? ERRORS.TASK_FAILED.message : appError.message;
  log.warn('task failed', { taskId, code: appError.code, detail: appError.detail });
  const failed = await deps.db.task.updateManyAndReturn({
    where: { id: taskId, status: 'DOING' },
    data: { status: 'FAILED', errorCode: appError.code, errorMessage: message, errorDetail: appError.detail?.slice(0, 2000) ?? null, finishedAt: deps.now() },
    select: { id: true, tool: true, webhookUrl: true },
  });
  // Counted, and its webhook queued, where the task turns Failed: a failure reported twice (consumer and queue events) counts once.
  for (const row of failed) {
    tasksEnded.inc({ tool: row.tool, outcome: 'failed', error: appError.code });
    await enqueueWebhook(deps, row);
  }
}
