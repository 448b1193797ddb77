import { Router } from 'express';
import { z } from 'zod';
import { TRANSLATE_LANGUAGES } from '#shared/ai/api';
import { ZConversionRequestBase } from '#shared/conversion-request';
import type { Deps } from '#shared/server/deps';
import { presentTask } from '#shared/task-answer';
import { getRequester } from '../../middleware/requester';
import { validateBody } from '../../middleware/validate';
import { startTranslation } from '../../services/ai/translate-service';

export const ZTranslateRequest = z.object({
  documentId: z.string().min(6).max(64),
  language: z.enum(TRANSLATE_LANGUAGES),
  webhookUrl: ZConversionRequestBase.shape.webhookUrl,
});

/** Translate (generative): a document's PDF into a language, answered like a transfer and followed with transferProgress. */
export function translateRouter(deps: Deps): Router {
  const r = Router();
  r.post('/translate', validateBody(ZTranslateRequest), async (_req, res) => {
    const task = await startTranslation(deps, getRequester(res), res.locals.body);
    res.json(presentTask({ ...task, outputs: [] }));
  });
  return r;
}
