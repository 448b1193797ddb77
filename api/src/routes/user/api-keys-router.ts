import { Router, type NextFunction, type Request, type Response } from 'express';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { getRequester, requireUser } from '../../middleware/requester';
import { validateBody } from '../../middleware/validate';
import { presentApiKey, presentCreatedApiKey } from '../../presenters/api-key-presenter';
import { createApiKey, listApiKeys, revokeApiKey } from '../../services/api-key-service';
import { ZApiKeyId, ZCreateApiKey } from './api-keys-schema';

/**
 * Keys are managed from a browser session only: a leaked key must not be able to mint more keys, or
 * list them (nor change or delete the account).
 */
export const refuseApiKeys = (_req: Request, res: Response, next: NextFunction) =>
  getRequester(res).apiKeyId ? next(new AppError('FORBIDDEN', 'API keys are managed from a browser session')) : next();

/** The signed-in user's personal API keys (API_PATHS.apiKeys): list, create (the key answered once), revoke. */
export function apiKeysRouter(deps: Deps): Router {
  const r = Router();
  r.use(requireUser, refuseApiKeys);

  r.get('/', async (_req, res) => {
    const rows = await listApiKeys(deps, getRequester(res).userId!);
    res.json({ code: 0, data: rows.map(presentApiKey) });
  });

  r.post('/', validateBody(ZCreateApiKey), async (_req, res) => {
    const created = await createApiKey(deps, getRequester(res).userId!, res.locals.body.name);
    res.json({ code: 0, data: presentCreatedApiKey(created) });
  });

  r.delete('/:id', async (req, res) => {
    const id = ZApiKeyId.safeParse(req.params.id);
    if (!id.success) throw new AppError('NOT_FOUND', 'bad id');
    await revokeApiKey(deps, getRequester(res).userId!, id.data);
    res.json({ code: 0 });
  });
  return r;
}
