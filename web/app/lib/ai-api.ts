import type { AskEvent, AskRequest } from '#shared/ai/api';
import { ApiError, messageForAnswer } from './api-client';
import { EnvelopeError, callEndpoint, messageOf, type CallContext } from './endpoint-client';
import { endpointUrl } from './endpoints';

/** The spec's envelope code that opens the 'Upgrade AI Plan' popup, and the question limit's, which leads to pricing. */
export const AI_CODE = { fileLimit: 1506, questionLimit: 1507 } as const;

/** The assistant's JSON calls (the spec's `dhjai/*`). */
export const aiApi = {
  config: (ctx: CallContext) => callEndpoint('aiConfig', ctx),
  addFile: (ctx: CallContext, token: string) => callEndpoint('addFile', ctx, { body: { token } }),
  documents: (ctx: CallContext) => callEndpoint('getDocumentList', ctx),
  document: (ctx: CallContext, documentId: string) => callEndpoint('getDocument', ctx, { query: { documentId } }),
  messages: (ctx: CallContext, documentId: string, pageSize: number) => callEndpoint('getDocumentListAsk', ctx, { query: { documentId, pageSize } }),
  remove: (ctx: CallContext, documentId: string) => callEndpoint('deleteDocument', ctx, { query: { documentId } }),
  mindMap: (ctx: CallContext, documentId: string) => callEndpoint('mindMap', ctx, { query: { documentId } }),
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface AiUpload {
  promise: Promise<string>;
  abort: () => void;
}

/** Uploads a PDF or an image for the assistant with XMLHttpRequest (which reports upload progress); resolves to the upload's token. */
export function uploadAiFile(file: File, ctx: CallContext, onProgress: (fraction: number) => void): AiUpload {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<string>((resolve, reject) => {
    xhr.open('POST', endpointUrl('uploadAiPdf'));
    xhr.setRequestHeader('lang', ctx.lang);
    if (ctx.clientId) xhr.setRequestHeader('clientId', ctx.clientId);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText) as { code?: number; token?: string; data?: { token?: string } } | undefined;
      const token = body?.token ?? body?.data?.token;
      if (xhr.status >= 200 && xhr.status < 300 && token) resolve(token);
      else reject(new EnvelopeError(typeof body?.code === 'number' ? body.code : xhr.status, xhr.status, messageOf(xhr.status, body)));
    };
    xhr.onerror = () => reject(new ApiError({ code: 'UPLOAD_FAILED' }));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/**
 * Reads Server-Sent Events from a byte stream: each event is `data:` lines ended by a blank line.
 * Pure over its input, so the parser is the same for any stream.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<AskEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value, { stream: !done }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      const event = data ? (parseJson(data) as AskEvent | undefined) : undefined;
      if (event && typeof event.type === 'string') yield event;
    }
    if (done) return;
  }
}

/**
 * Asks a question: a POST whose answer streams back as Server-Sent Events (EventSource can only GET,
 * hence fetch and a stream reader). A refusal before the stream starts (a limit, a missing provider)
 * rejects with its envelope code.
 */
export async function* streamAsk(ctx: CallContext, request: AskRequest, signal?: AbortSignal): AsyncGenerator<AskEvent> {
  let res: Response;
  try {
    res = await fetch(endpointUrl('ask'), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json', lang: ctx.lang, ...(ctx.clientId ? { clientId: ctx.clientId } : {}) },
      body: JSON.stringify(request),
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new EnvelopeError(-1, 0, { code: 'INTERNAL' });
  }
  if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const body = parseJson(await res.text()) as { code?: unknown } | undefined;
    throw new EnvelopeError(typeof body?.code === 'number' ? body.code : res.status, res.status, res.ok ? messageForAnswer(500, body) : messageOf(res.status, body));
  }
  yield* readEvents(res.body);
}
