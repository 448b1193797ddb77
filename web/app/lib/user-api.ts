import { ERRORS, type ErrorCode } from '#shared/errors';
import type { VipInfo } from '#shared/billing/api';
import { ApiError, messageForAnswer, type FlowMessage } from './api-client';

/** The spec's user state as the user calls return it. */
export interface UserInfo {
  userName: string;
  email: string;
  id: string;
}

export type { VipInfo } from '#shared/billing/api';

/** The session itself is the HttpOnly cookie the login call sets: no script ever holds its token. */
export interface LoginData {
  userInfo: UserInfo;
  vipInfo: VipInfo;
}

export type HistoryStatus = 'successful' | 'failed' | 'processing' | 'deleted';

export interface HistoryTask {
  id: string;
  date: string;
  name: string;
  tool: string;
  status: HistoryStatus;
  fileurl?: string;
  pdfurls?: string[];
  imageurls?: string[];
  zipurl?: string;
  filesize?: number;
  /** Failed tasks: the catalogue's code and its user-safe message. */
  errorCode?: string;
  message?: string;
}

export interface HistoryPage {
  total: number;
  list: HistoryTask[];
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

/** The headers the spec sends with every call; the session itself travels in the HttpOnly cookie. */
export interface CallContext {
  lang: string;
  clientId?: string;
}

const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && value in ERRORS;

/** The user-facing message of an error answer: its catalogue code when it names one, else as `messageForAnswer` reads it. */
export function messageOf(status: number, body: unknown): FlowMessage {
  const named = typeof body === 'object' && body !== null && 'error' in body ? (body as { error: unknown }).error : undefined;
  return isErrorCode(named) ? { code: named } : messageForAnswer(status, body);
}

/**
 * One JSON call: a GET, or a POST when there is a body, unless `method` says otherwise. Success needs
 * HTTP 200 and `code` 0 (the spec); anything else rejects with an EnvelopeError, and a network failure with code -1.
 */
export async function callApi<T>(
  path: string,
  ctx: CallContext,
  body?: unknown,
  method: 'GET' | 'POST' | 'DELETE' = body === undefined ? 'GET' : 'POST',
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
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
  return answer.data as T;
}

interface Identity {
  email: string;
  clientId: string;
  channel: string;
}

export const userApi = {
  /** The one box: mails a log-in link, or a sign-up link to an address without an account. Answers 1 either way. */
  sendLoginLink: (ctx: CallContext, body: Identity & { download?: string }) => callApi<number>('/api/user/loginLink', ctx, body),
  /**
   * Signs in with the emailed link's token; a link asked for in another browser answers the address
   * to confirm instead, and signs in when sent again with `confirm`.
   */
  loginWithLink: (ctx: CallContext, body: { email: string; token: string; clientId?: string; confirm?: true }) =>
    callApi<LoginData | { confirmAs: string }>('/api/user/emailLogin', ctx, body),
  getUserInfo: (ctx: CallContext) => callApi<{ userInfo: UserInfo; vipInfo: VipInfo }>('/api/user/getUserInfo', ctx),
  logout: (ctx: CallContext) => callApi<boolean>('/api/user/logout', ctx, {}),
  updateName: (ctx: CallContext, name: string) => callApi<LoginData>('/api/user/updateName', ctx, { name }),
  /** Deletes the account and everything kept for it; `email` is the address the person typed to confirm. */
  deleteAccount: (ctx: CallContext, email: string) => callApi<boolean>('/api/user/deleteAccount', ctx, { email }),
  historyTasks: (ctx: CallContext, body: { pageNum: number; pageSize: number; fileIds?: string }) =>
    callApi<HistoryPage>('/api/miaohui/file/historyTasks', ctx, body),
  deleteTasks: (ctx: CallContext, ids: string[]) => callApi<number>('/api/miaohui/file/deleteTasks', ctx, { ids }),
  contact: (ctx: CallContext, body: { email: string; name?: string; subject?: string; body: string }) => callApi<unknown>('/api/contact', ctx, body),
};
