import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { POLL_GIVE_UP_MS, POLL_INTERVAL_MS } from '../../../shared/src/limits';
import { ApiError, fetchProgress, startTransfer } from '~/lib/api-client';
import { readProgress, readTransfer, type TaskOutcome } from '~/lib/task-outcome';
import type { FlowAction } from '~/components/tool-flow/flow-state';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });

/**
 * Runs a conversion: sends the request, then polls every 2 s until the task is done or failed,
 * giving up after 60 s without any progress. Starting again or unmounting cancels the previous run.
 */
export function useTaskProgress(dispatch: Dispatch<FlowAction>) {
  const current = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    current.current?.abort();
    current.current = null;
  }, []);

  const run = useCallback(
    async (request: Record<string, string | number>) => {
      cancel();
      const controller = new AbortController();
      current.current = controller;
      const { signal } = controller;
      dispatch({ type: 'start' });
      try {
        const first = await startTransfer(request, signal);
        let outcome: TaskOutcome = readTransfer(first);
        const since = Date.now();
        while (outcome.kind === 'wait') {
          if (signal.aborted) return;
          dispatch({ type: 'progress', progress: outcome.progress });
          if (outcome.progress === 0 && Date.now() - since >= POLL_GIVE_UP_MS) {
            outcome = { kind: 'fail', error: { code: 'TASK_FAILED' } };
            break;
          }
          await sleep(POLL_INTERVAL_MS, signal);
          if (signal.aborted) return;
          outcome = readProgress(await fetchProgress(first.id, signal));
        }
        if (signal.aborted) return;
        dispatch(outcome.kind === 'done' ? { type: 'done', result: outcome.result } : { type: 'fail', error: outcome.error });
      } catch (e) {
        if (signal.aborted) return;
        dispatch({ type: 'fail', error: e instanceof ApiError ? e.userMessage : { code: 'INTERNAL' } });
      } finally {
        if (current.current === controller) current.current = null;
      }
    },
    [cancel, dispatch],
  );

  useEffect(() => cancel, [cancel]);

  return { run, cancel };
}
