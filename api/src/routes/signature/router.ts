import { Router } from 'express';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { getRequester, requireUser } from '../../middleware/requester';
import { validateBody } from '../../middleware/validate';
import { presentSignature } from '../../presenters/signature-presenter';
import { deleteSignature, listSignatures, saveSignature } from '../../services/signature-service';
import { ZSaveSignature, ZSignatureId } from './schema';

/** The signatures a signed-in user keeps on the account (SIGNATURES_PATH): list, save, delete. */
export function signatureRouter(deps: Deps): Router {
  const r = Router();
  r.use(requireUser);

  r.get('/', async (_req, res) => {
    const rows = await listSignatures(deps, getRequester(res).userId!);
    res.json({ code: 0, data: rows.map(presentSignature) });
  });

  r.post('/', validateBody(ZSaveSignature), async (_req, res) => {
    const row = await saveSignature(deps, getRequester(res).userId!, res.locals.body.signature);
    res.json({ code: 0, data: presentSignature(row) });
  });

  r.delete('/:id', async (req, res) => {
    const id = ZSignatureId.safeParse(req.params.id);
    if (!id.success) throw new AppError('NOT_FOUND', 'bad id');
    await deleteSignature(deps, getRequester(res).userId!, id.data);
    res.json({ code: 0 });
  });
  return r;
}
