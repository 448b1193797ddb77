import { POLL_GIVE_UP_MS, POLL_INTERVAL_MS } from '#shared/limits';
import type { TaskAnswer, TaskResult } from '#shared/api';
import { ApiError, fetchProgress, startTransfer, type FlowMessage, type TransferRequest } from './api-client';
import { readProgress, readTransfer, type TaskOutcome } from './task-outcome';

/** How a task ended; `taskId` is known once the request was accepted. */
export type TaskEnd = { kind: 'done'; result: TaskResult; taskId: string } | { kind: 'fail'; error: FlowMessage; taskId?: string };

/** How long the page waits for a busy server that named no time, and the longest it waits whatever the server said. */
const BUSY_WAIT_SECONDS = 10;
const BUSY_WAIT_MAX_SECONDS = 60;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/**
 * Runs one conversion: sends the request, then polls every 2 s until the task is done or failed,
 * giving up after 60 s without any progress. Resolves undefined once `signal` aborts.
 */
export function runTask(
  request: TransferRequest,
  signal: AbortSignal,
  onProgress: (progress: number) => void,
  onBusy?: (secondsLeft: number) => void,
): Promise<TaskEnd | undefined> {
  return followTask((s) => startTransfer(request, s), signal, onProgress, onBusy);
}

/**
 * Starts a task, waiting out a busy server (SERVICE_BUSY): its Retry-After is counted down second by
 * second through `onBusy` (0: asking again now), then the request is sent again, as often as it takes.
 * Any other failure, or an abort, ends it.
 */
export async function startWhenFree<T>(
  start: (signal: AbortSignal) => Promise<T>,
  signal: AbortSignal,
  onBusy: (secondsLeft: number) => void,
  wait: (ms: number, signal: AbortSignal) => Promise<void> = sleep,
): Promise<T> {
  for (;;) {
    try {
      return await start(signal);
    } catch (e) {
      const busy = e instanceof ApiError && 'code' in e.userMessage && e.userMessage.code === 'SERVICE_BUSY';
      if (!busy || signal.aborted) throw e;
      const seconds = Math.min(BUSY_WAIT_MAX_SECONDS, Math.max(1, Math.ceil(e.retryAfterSeconds ?? BUSY_WAIT_SECONDS)));
      for (let left = seconds; left > 0; left--) {
        onBusy(left);
        await wait(1000, signal);
        if (signal.aborted) throw e;
      }
      onBusy(0);
    }
  }
}

/** Follows a task that `start` creates (a transfer, or a call answered like one, such as the AI assistant's translate), as runTask does. */
export async function followTask(
  start: (signal: AbortSignal) => Promise<TaskAnswer>,
  signal: AbortSignal,
  onProgress: (progress: number) => void,
  onBusy: (secondsLeft: number) => void = () => undefined,
): Promise<TaskEnd | undefined> {
  let taskId: string | undefined;
  try {
    const first = await startWhenFree(start, signal, onBusy);
    taskId = first.id;
    let outcome: TaskOutcome = readTransfer(first);
    const since = Date.now();
    while (outcome.kind === 'wait') {
      if (signal.aborted) return undefined;
      onProgress(outcome.progress);
      if (outcome.progress === 0 && Date.now() - since >= POLL_GIVE_UP_MS) {
        outcome = { kind: 'fail', error: { code: 'TASK_FAILED' } };
        break;
      }
      await sleep(POLL_INTERVAL_MS, signal);
      if (signal.aborted) return undefined;
      outcome = readProgress(await fetchProgress(first.id, signal));
    }
    if (signal.aborted) return undefined;
    return outcome.kind === 'done' ? { kind: 'done', result: outcome.result, taskId: first.id } : { kind: 'fail', error: outcome.error, taskId };
  } catch (e) {
    if (signal.aborted) return undefined;
    return { kind: 'fail', error: e instanceof ApiError ? e.userMessage : { code: 'INTERNAL' }, taskId };
  }
}

/** A Free user has used today's conversions (the server counts them): the limit popup answers it. */
export const isDailyLimit = (end: TaskEnd) => end.kind === 'fail' && 'code' in end.error && end.error.code === 'DAILY_LIMIT';
