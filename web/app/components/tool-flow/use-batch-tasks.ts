import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import type { TransferRequest } from '~/lib/api-client';
import { mapLimit } from '#shared/map-limit';
import { BATCH_CONCURRENCY } from '~/lib/batch';
import { isDailyLimit, runTask } from '~/lib/run-task';
import { useAuthActions } from '~/stores/auth-provider';
import type { FlowAction } from './flow-state';

export interface BatchJob {
  uid: string;
  request: TransferRequest;
}

/** Runs one task per file, a few at a time, each reporting into its own file item. */
export function useBatchTasks(dispatch: Dispatch<FlowAction>) {
  const current = useRef<AbortController | null>(null);
  const { openLimit } = useAuthActions();

  const cancel = useCallback(() => {
    current.current?.abort();
    current.current = null;
  }, []);

  const runOne = useCallback(
    async ({ uid, request }: BatchJob, signal: AbortSignal) => {
      const end = await runTask(request, signal, (progress) => dispatch({ type: 'fileProgress', uid, progress }));
      if (!end) return;
      dispatch(end.kind === 'done' ? { type: 'fileDone', uid, taskId: end.taskId, result: end.result } : { type: 'fileFail', uid, error: end.error, taskId: end.taskId });
      if (isDailyLimit(end)) openLimit();
    },
    [dispatch, openLimit],
  );

  const runAll = useCallback(
    async (jobs: BatchJob[]) => {
      cancel();
      const controller = new AbortController();
      current.current = controller;
      dispatch({ type: 'batchStart' });
      await mapLimit(jobs, BATCH_CONCURRENCY, (job) => runOne(job, controller.signal));
    },
    [cancel, dispatch, runOne],
  );

  /** Runs one file of the batch again, e.g. with another password. */
  const retry = useCallback(
    (job: BatchJob) => {
      current.current ??= new AbortController();
      dispatch({ type: 'fileRetry', uid: job.uid });
      void runOne(job, current.current.signal);
    },
    [dispatch, runOne],
  );

  useEffect(() => cancel, [cancel]);

  return { runAll, retry, cancel };
}
