import { API_PATHS, type ApiKeyView, type CreatedApiKey } from '#shared/api';
import { callApi, type CallContext } from './user-api';

/** The signed-in user's API keys, as the account page manages them (from the browser session: a key cannot). */
export const apiKeysApi = {
  list: (ctx: CallContext) => callApi<ApiKeyView[]>(API_PATHS.apiKeys, ctx),
  /** The answer is the only time the key and its webhook secret are seen. */
  create: (ctx: CallContext, name: string) => callApi<CreatedApiKey>(API_PATHS.apiKeys, ctx, { name }),
  revoke: (ctx: CallContext, id: string) => callApi<undefined>(`${API_PATHS.apiKeys}/${encodeURIComponent(id)}`, ctx, undefined, 'DELETE'),
};
