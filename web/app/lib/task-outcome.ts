import { TOOL_CODE, type TaskAnswer, type TaskResult } from '#shared/api';
import { ERRORS, type ErrorCode } from '#shared/errors';
import { resultOf, type FlowMessage } from './api-client';

/** What an answer of the task calls means for the flow. */
export type TaskOutcome = { kind: 'done'; result: TaskResult } | { kind: 'wait'; progress: number } | { kind: 'fail'; error: FlowMessage };

const isErrorCode = (code: string | undefined): code is ErrorCode => code !== undefined && code in ERRORS;

/** A known error code is translated (and lets the page react to it, e.g. ask for the password again). */
const failure = (result: TaskResult | undefined): TaskOutcome => ({
  kind: 'fail',
  error: isErrorCode(result?.errorCode) ? { code: result.errorCode } : result?.message ? { text: result.message } : { code: 'TASK_FAILED' },
});

const hasOutput = (r: TaskResult) => Boolean(r.fileurl || r.pdfurl || r.imageurls?.length || r.pdfurls?.length);

/** The spec's reading of a transfer answer: an immediate 1000 that is not Failed is success. */
export function readTransfer(answer: TaskAnswer): TaskOutcome {
  const result = resultOf(answer);
  if (answer.code === TOOL_CODE.done && result && result.status !== 'Failed') return { kind: 'done', result };
  return readProgress(answer);
}

/** The spec's reading of a progress answer: Done with an output is success, Doing keeps polling, anything else fails. */
export function readProgress(answer: TaskAnswer): TaskOutcome {
  const result = resultOf(answer);
  if (!result) return failure(undefined);
  if (result.status === 'Doing') return { kind: 'wait', progress: result.progress ?? 0 };
  if (answer.code === TOOL_CODE.done && result.status === 'Done' && hasOutput(result)) return { kind: 'done', result };
  return failure(result);
}
