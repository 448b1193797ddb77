import { ERRORS, type ErrorCode } from '#shared/errors';
import type { EndpointId } from '#shared/endpoints';
import { ApiError, messageForAnswer, type FlowMessage } from './api-client';
import { endpointUrl, routeOf, type DataAnswer, type EnvelopeEndpoint, type RequestArg } from './endpoints';

/** The headers the spec sends with every call; the session itself travels in the HttpOnly cookie. */
export interface CallContext {
  lang: string;
  clientId?: string;
}

/** A refused call: the envelope code (519, 1001, 410…), the HTTP status, what to tell the user and, for a rate limit, when to ask again. */
export class EnvelopeError extends ApiError {
  constructor(
    readonly code: number,
    readonly status: number,
    userMessage: FlowMessage,
    retryAfterSeconds?: number,
  ) {
    super(userMessage, retryAfterSeconds);
    this.name = 'EnvelopeError';
  }
}

/** The spec's envelope codes the login flows react to. */
export const USER_CODE = { ok: 0, loginInvalid: 519, tooFrequent: 410 } as const;

const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && value in ERRORS;

/** The user-facing message of an error answer: its catalogue code when it names one, else as `messageForAnswer` reads it. */
export function messageOf(status: number, body: unknown): FlowMessage {
  const named = typeof body === 'object' && body !== null && 'error' in body ? (body as { error: unknown }).error : undefined;
  return isErrorCode(named) ? { code: named } : messageForAnswer(status, body);
}

/**
 * Calls an endpoint answered with `{ code: 0, data }`, named by its operationId: its declared method and
 * path, its body as JSON (a POST without one sends `{}`). Success needs HTTP 200 and `code` 0 (the
 * spec) and resolves to `data`; anything else rejects with an EnvelopeError, and a network failure with code -1.
 */
export async function callEndpoint<Id extends EnvelopeEndpoint>(id: Id, ctx: CallContext, ...[request]: RequestArg<Id>): Promise<DataAnswer<Id>> {
  const { method } = routeOf(id);
  const given = request as Partial<{ body: unknown; params: Record<string, string>; query: Record<string, unknown> }> | undefined;
  const body = method === 'post' ? (given?.body ?? {}) : undefined;
  let res: Response;
  try {
    res = await fetch(endpointUrl<EndpointId>(id, given), {
      method: method.toUpperCase(),
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        lang: ctx.lang,
        time: String(Math.floor(Date.now() / 1000)),
        ...(ctx.clientId ? { clientId: ctx.clientId } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new EnvelopeError(-1, 0, { code: 'INTERNAL' });
  }
  let answer: { code?: unknown; data?: unknown; retryAfter?: unknown } | undefined;
  try {
    answer = (await res.json()) as typeof answer;
  } catch {
    answer = undefined;
  }
  if (res.status !== 200 || !answer || answer.code !== USER_CODE.ok) {
    const code = typeof answer?.code === 'number' ? answer.code : res.status;
    const retryAfter = typeof answer?.retryAfter === 'number' ? answer.retryAfter : undefined;
    throw new EnvelopeError(code, res.status, messageOf(res.status, answer), retryAfter);
  }
  return answer.data as DataAnswer<Id>;
}
