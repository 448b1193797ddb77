import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { TransferRequest } from '~/lib/api-client';
import { isDailyLimit, runTask } from '~/lib/run-task';
import { useAuthActions } from '~/stores/auth-provider';
import type { FlowAction } from './flow-state';

/** Runs the flow's one conversion; starting again or unmounting cancels the previous run. */
export function useTaskProgress(dispatch: Dispatch<FlowAction>) {
  const current = useRef<AbortController | null>(null);
  const { openLimit } = useAuthActions();

  const cancel = useCallback(() => {
    current.current?.abort();
    current.current = null;
  }, []);

  const run = useCallback(
    async (request: TransferRequest) => {
      cancel();
      const controller = new AbortController();
      current.current = controller;
      dispatch({ type: 'start' });
      const end = await runTask(
        request,
        controller.signal,
        (progress) => dispatch({ type: 'progress', progress }),
        (seconds) => dispatch({ type: 'busy', seconds }),
      );
      if (current.current === controller) current.current = null;
      if (!end) return;
      dispatch(end.kind === 'done' ? { type: 'done', result: end.result } : { type: 'fail', error: end.error });
      if (isDailyLimit(end)) openLimit();
    },
    [cancel, dispatch, openLimit],
  );

  useEffect(() => cancel, [cancel]);

  return { run, cancel };
}
