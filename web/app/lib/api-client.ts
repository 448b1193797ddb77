import type { TranslateLanguage } from '#shared/ai/api';
import { TOOL_CODE, decodeResultString, type TaskAnswer, type TaskResult, type UploadAnswer } from '#shared/api';
import { ERRORS, type ErrorCode } from '#shared/errors';
import { endpointUrl } from './endpoints';

/** Something to tell the user: a known error (translated as `errors.<code>`) or the server's own words. */
export type FlowMessage = { code: ErrorCode } | { text: string };

/** A failed call, carrying what to tell the user and, when the server said (a busy server does), when to ask again. */
export class ApiError extends Error {
  constructor(
    readonly userMessage: FlowMessage,
    readonly retryAfterSeconds?: number,
  ) {
    super('code' in userMessage ? userMessage.code : userMessage.text);
    this.name = 'ApiError';
  }
}

const CODE_BY_MESSAGE = new Map<string, ErrorCode>(
  (Object.keys(ERRORS) as ErrorCode[]).map((code) => [ERRORS[code].message, code]),
);

/** Turns an error answer into a message: a known English message or status maps to `errors.*`, anything else is shown as sent. */
export function messageForAnswer(status: number, body: unknown): FlowMessage {
  const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message ?? '') : '';
  // A refused field is named in English for API clients; the page says it in its own language.
  if (typeof body === 'object' && body !== null && 'error' in body && body.error === 'ILLEGAL_INPUT') return { code: 'ILLEGAL_INPUT' };
  const known = CODE_BY_MESSAGE.get(message);
  if (known) return { code: known };
  if (status === 413) return { code: 'FILE_TOO_LARGE' };
  if (status === 415) return { code: 'UNSUPPORTED_TYPE' };
  if (message) return { text: message };
  if (status === 429) return { code: 'TOO_FREQUENT' };
  return { code: 'INTERNAL' };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface UploadHandle {
  promise: Promise<UploadAnswer>;
  abort: () => void;
}

/** Uploads one file with XMLHttpRequest, which, unlike fetch, reports upload progress. */
export function uploadFile(file: File, toolType: string, onProgress: (fraction: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadAnswer>((resolve, reject) => {
    xhr.open('POST', endpointUrl('unLoginUpload'));
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText) as Partial<UploadAnswer> | undefined;
      const token = body?.token ?? body?.data?.token;
      if (xhr.status >= 200 && xhr.status < 300 && body?.code === TOOL_CODE.done && token) {
        resolve({ ...(body as UploadAnswer), token });
      } else {
        reject(new ApiError(messageForAnswer(xhr.status, body)));
      }
    };
    xhr.onerror = () => reject(new ApiError({ code: 'UPLOAD_FAILED' }));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    const form = new FormData();
    form.append('toolType', toolType);
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

async function postJson(path: string, body: unknown, signal?: AbortSignal): Promise<TaskAnswer> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new ApiError({ code: 'INTERNAL' });
  }
  const answer = parseJson(await res.text()) as TaskAnswer | undefined;
  if (!res.ok || !answer || (answer.code !== TOOL_CODE.done && answer.code !== TOOL_CODE.running)) {
    const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
    throw new ApiError(messageForAnswer(res.status, answer), Number.isFinite(retryAfter) ? retryAfter : undefined);
  }
  return answer;
}

/** The spec's conversion request as sent: the common fields and the tool's own options (a flag may be a boolean). */
export type TransferRequest = Record<string, string | number | boolean>;

/** Starts a conversion: the spec's conversion request. */
export function startTransfer(request: TransferRequest, signal?: AbortSignal): Promise<TaskAnswer> {
  return postJson(endpointUrl('unLoginTransfer'), request, signal);
}

/** Starts translating an AI document (generative mode): answered like a transfer, followed with transferProgress. */
export function startTranslation(request: { documentId: string; language: TranslateLanguage }, signal?: AbortSignal): Promise<TaskAnswer> {
  return postJson(endpointUrl('translate'), request, signal);
}

export function fetchProgress(id: string, signal?: AbortSignal): Promise<TaskAnswer> {
  return postJson(endpointUrl('transferProgress'), { id }, signal);
}

/** A page thumbnail the worker renders on first request: `page` is 1-based. */
export const thumbUrl = (fileToken: string, page: number) => endpointUrl('thumb', { params: { token: fileToken, page: String(page) } });

/** The answer's result, from `result` or else from the base64 `resultString`. */
export function resultOf(answer: TaskAnswer): TaskResult | undefined {
  if (answer.result) return answer.result;
  if (!answer.resultString) return undefined;
  try {
    return decodeResultString(answer.resultString);
  } catch {
    return undefined;
  }
}
