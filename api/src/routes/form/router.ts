import { Router } from 'express';
import type { Deps } from '#shared/server/deps';
import { getRequester } from '../../middleware/requester';
import { validateBody } from '../../middleware/validate';
import { presentUpload } from '../../presenters/upload-presenter';
import { openFormBlank } from '../../services/form-blank-service';
import { ZOpenForm } from './schema';

/** The form pages' Get form: the shipped blank becomes the visitor's upload, answered like an upload. */
export function formRouter(deps: Deps): Router {
  const r = Router();
  r.post('/open', validateBody(ZOpenForm), async (_req, res) => {
    const file = await openFormBlank(deps, getRequester(res), res.locals.body.form);
    res.json(presentUpload(file));
  });
  return r;
}
