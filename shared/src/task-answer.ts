import { API_PATHS, TOOL_CODE, encodeResultString, type NoticeParams, type TaskAnswer, type TaskNotice, type TaskReport, type TaskResult } from '#shared/api';
import { ERRORS, type ErrorCode } from '#shared/errors';
import { getTool } from '#shared/tools';

interface TaskRow {
  id: string;
  tool: string;
  status: 'DOING' | 'DONE' | 'FAILED';
  progress: number;
  errorCode: string | null;
  errorMessage: string | null;
  notice: string | null;
  report?: unknown;
  /** Prisma's JSON column: an object of numbers when the processor gave one. */
  noticeParams?: unknown;
  outputs: Array<{ token: string; size: bigint; kind: string; name: string }>;
}

/**
 * Shapes a task into the spec's transfer / transferProgress answer. `origin` (PUBLIC_URL) makes its
 * download URLs absolute, for a webhook's receiver, which has no page to resolve them against.
 */
export function presentTask(task: TaskRow, origin = ''): TaskAnswer {
  const downloadUrl = (token: string) => `${origin}${API_PATHS.download}/${token}`;
  let result: TaskResult;
  if (task.status === 'DONE') {
    const urls = task.outputs.map((o) => downloadUrl(o.token));
    const filesize = task.outputs.reduce((sum, o) => sum + Number(o.size), 0);
    result = { status: 'Done', progress: 1, filesize };
    if (task.notice) result.notice = task.notice as TaskNotice;
    if (task.report) result.report = task.report as TaskReport;
    if (task.notice && task.noticeParams && typeof task.noticeParams === 'object') result.noticeParams = task.noticeParams as NoticeParams;
    const output = getTool(task.tool)?.output ?? 'file';
    if (urls.length === 1) {
      result.fileurl = urls[0];
      if (task.outputs[0].kind === 'pdf') result.pdfurl = urls[0];
    } else {
      result[output === 'images' ? 'imageurls' : 'pdfurls'] = urls;
    }
    if (urls.length > 1) {
      result.zipurl = `${origin}${API_PATHS.zip}/${task.id}`;
      result.names = task.outputs.map((o) => o.name);
    }
  } else if (task.status === 'FAILED') {
    const code = (task.errorCode ?? 'TASK_FAILED') as ErrorCode;
    result = { status: 'Failed', progress: task.progress, message: task.errorMessage ?? ERRORS[code]?.message ?? ERRORS.TASK_FAILED.message, errorCode: code };
  } else {
    result = { status: 'Doing', progress: task.progress };
  }
  const answer: TaskAnswer = {
    code: task.status === 'DONE' ? TOOL_CODE.done : TOOL_CODE.running,
    id: task.id,
    result,
    resultString: encodeResultString(result),
  };
  if (task.status === 'FAILED') answer.message = ERRORS.TASK_FAILED.message;
  return answer;
}
