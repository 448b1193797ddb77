import { EnvelopeError, callEndpoint, type CallContext } from './endpoint-client';
import type { DataAnswer, RequestOf } from './endpoints';

/** The spec's user state as the user calls return it; the session itself is the HttpOnly cookie the login call sets: no script ever holds its token. */
export type LoginData = DataAnswer<'getUserInfo'>;
export type UserInfo = LoginData['userInfo'];
export type { VipInfo } from '#shared/billing/api';

/** A page of the signed-in history; a failed task carries the catalogue's code and its user-safe message. */
export type HistoryPage = DataAnswer<'historyTasks'>;
export type HistoryTask = HistoryPage['list'][number];

export const userApi = {
  /** The one box: mails a log-in link, or a sign-up link to an address without an account. Answers 1 either way. */
  sendLoginLink: (ctx: CallContext, body: RequestOf<'loginLink'>['body']) => callEndpoint('loginLink', ctx, { body }),
  /**
   * Signs in with the emailed link's token; a link asked for in another browser answers the address
   * to confirm instead, and signs in when sent again with `confirm`.
   */
  loginWithLink: async (ctx: CallContext, body: RequestOf<'emailLogin'>['body'] & { token: string }) => {
    const data = await callEndpoint('emailLogin', ctx, { body });
    // The 1 of a mailed link never answers a call with a token.
    if (typeof data !== 'object') throw new EnvelopeError(-1, 200, { code: 'INTERNAL' });
    return data;
  },
  getUserInfo: (ctx: CallContext) => callEndpoint('getUserInfo', ctx),
  logout: (ctx: CallContext) => callEndpoint('logout', ctx),
  updateName: (ctx: CallContext, name: string) => callEndpoint('updateName', ctx, { body: { name } }),
  /** Deletes the account and everything kept for it; `email` is the address the person typed to confirm. */
  deleteAccount: (ctx: CallContext, email: string) => callEndpoint('deleteAccount', ctx, { body: { email } }),
  historyTasks: (ctx: CallContext, body: RequestOf<'historyTasks'>['body']) => callEndpoint('historyTasks', ctx, { body }),
  deleteTasks: (ctx: CallContext, ids: string[]) => callEndpoint('deleteTasks', ctx, { body: { ids } }),
  contact: (ctx: CallContext, body: RequestOf<'contact'>['body']) => callEndpoint('contact', ctx, { body }),
};
