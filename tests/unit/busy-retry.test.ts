import { describe, expect, it } from 'vitest';
import { flowReducer, initialFlow } from '../../web/app/components/tool-flow/flow-state';
import { ApiError } from '../../web/app/lib/api-client';
import { startWhenFree } from '../../web/app/lib/run-task';

const busy = (retryAfterSeconds?: number) => new ApiError({ code: 'SERVICE_BUSY' }, retryAfterSeconds);
/** Waits no time at all, but counts the seconds the page would have waited. */
const clock = () => {
  const waited: number[] = [];
  return { waited, wait: async (ms: number) => void waited.push(ms) };
};

/** A start that answers each of `answers` in turn: an error is thrown, anything else returned. */
const answering =
  (...answers: Array<Error | string>) =>
  async () => {
    const next = answers.shift()!;
    if (next instanceof Error) throw next;
    return next;
  };

describe('a busy server (SERVICE_BUSY)', () => {
  it('counts Retry-After down second by second, asks again, and goes on once the task is taken', async () => {
    const shown: number[] = [];
    const { waited, wait } = clock();
    const result = await startWhenFree(
      answering(busy(3), busy(2), 'task'),
      new AbortController().signal,
      (seconds) => shown.push(seconds),
      wait,
    );
    expect(result).toBe('task');
    expect(shown).toEqual([3, 2, 1, 0, 2, 1, 0]);
    expect(waited.reduce((a, b) => a + b, 0)).toBe(5000);
  });

  it('waits 10 s when the server names no time, and never more than a minute', async () => {
    for (const [retryAfter, seconds] of [
      [undefined, 10],
      [3600, 60],
    ] as const) {
      const answers: Array<Error | string> = [busy(retryAfter), 'task'];
      const { waited, wait } = clock();
      await startWhenFree(
        async () => (answers[0] instanceof Error ? Promise.reject(answers.shift()) : answers.shift()!),
        new AbortController().signal,
        () => undefined,
        wait,
      );
      expect(waited.length).toBe(seconds);
    }
  });

  it('gives any other failure back at once, and stops waiting when the page leaves', async () => {
    const tooFrequent = new ApiError({ code: 'TOO_FREQUENT' }, 30);
    await expect(
      startWhenFree(
        () => Promise.reject(tooFrequent),
        new AbortController().signal,
        () => undefined,
        clock().wait,
      ),
    ).rejects.toBe(tooFrequent);

    const leaving = new AbortController();
    let calls = 0;
    const run = startWhenFree(
      async () => {
        calls++;
        throw busy(5);
      },
      leaving.signal,
      () => undefined,
      async () => leaving.abort(),
    );
    await expect(run).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });

  it('shows the countdown on the progress view while the task waits, and drops it once the task moves', () => {
    const started = flowReducer(initialFlow, { type: 'start' });
    const waiting = flowReducer(started, { type: 'busy', seconds: 7 });
    expect(waiting.task).toEqual({ phase: 'processing', progress: 0, busySeconds: 7 });
    expect(flowReducer(waiting, { type: 'progress', progress: 0.2 }).task).toEqual({ phase: 'processing', progress: 0.2 });
  });
});
