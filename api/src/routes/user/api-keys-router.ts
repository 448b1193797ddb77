import type { Deps } from '#shared/server/deps';
import { presentApiKey, presentCreatedApiKey } from '../../presenters/api-key-presenter';
import { createApiKey, listApiKeys, revokeApiKey } from '../../services/api-key-service';
import type { Handlers } from '../endpoint-router';

/** The signed-in user's personal API keys (API_PATHS.apiKeys): list, create (the key answered once), revoke; from a browser session only. */
export function apiKeyHandlers(deps: Deps): Handlers<'listApiKeys' | 'createApiKey' | 'revokeApiKey'> {
  return {
    listApiKeys: async ({ who }) => ({ code: 0, data: (await listApiKeys(deps, who.userId!)).map(presentApiKey) }),
    createApiKey: async ({ who, body }) => ({ code: 0, data: presentCreatedApiKey(await createApiKey(deps, who.userId!, body.name)) }),
    revokeApiKey: async ({ who, params }) => {
      await revokeApiKey(deps, who.userId!, params.id);
      return { code: 0 };
    },
  };
}
