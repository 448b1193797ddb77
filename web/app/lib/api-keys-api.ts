import { callEndpoint, type CallContext } from './endpoint-client';

/** The signed-in user's API keys, as the account page manages them (from the browser session: a key cannot). */
export const apiKeysApi = {
  list: (ctx: CallContext) => callEndpoint('listApiKeys', ctx),
  /** The answer is the only time the key and its webhook secret are seen. */
  create: (ctx: CallContext, name: string) => callEndpoint('createApiKey', ctx, { body: { name } }),
  revoke: (ctx: CallContext, id: string) => callEndpoint('revokeApiKey', ctx, { params: { id } }),
};
