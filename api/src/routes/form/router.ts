import { Router } from 'express';
import { TOOL_CODE, type UploadAnswer } from '#shared/api';
import type { Deps } from '#shared/server/deps';
import { getRequester } from '../../middleware/requester';
import { validateBody } from '../../middleware/validate';
import { openFormBlank } from '../../services/form-blank-service';
import { ZOpenForm } from './schema';

/** The form pages' Get form: the shipped blank becomes the visitor's upload, answered like an upload. */
export function formRouter(deps: Deps): Router {
  const r = Router();
  r.post('/open', validateBody(ZOpenForm), async (_req, res) => {
    const file = await openFormBlank(deps, getRequester(res), res.locals.body.form);
    const answer: UploadAnswer = {
      code: TOOL_CODE.done,
      token: file.token,
      data: { token: file.token, name: file.name, size: Number(file.size), kind: file.kind },
    };
    res.json(answer);
  });
  return r;
}
