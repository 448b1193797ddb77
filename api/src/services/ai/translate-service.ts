import fs from 'node:fs/promises';
import path from 'node:path';
import type { TranslateLanguage } from '#shared/ai/api';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import translateTool from '#shared/tools/translate-pdf';
import type { Requester } from '../../middleware/requester';
import { storeUpload } from '../file-service';
import { createTask } from '../task-service';
import { findOwnedDocument } from './document-service';

/**
 * Starts translating an AI document: its own copy (kept as long as the document, unlike the upload it
 * came from) becomes the requester's input file, as if they had uploaded it for translate-pdf, and
 * the task is created like any transfer: same checks, progress, history and download.
 */
export async function startTranslation(
  deps: Deps,
  who: Requester,
  request: { documentId: string; language: TranslateLanguage; webhookUrl?: string },
) {
  // Before anything is copied: without a model there is nothing to translate with.
  if (!deps.ai) throw new AppError('AI_NOT_CONFIGURED', translateTool.id);
  const doc = await findOwnedDocument(deps, who, request.documentId);
  if (doc.kind !== 'pdf') throw new AppError('UNSUPPORTED_TYPE', `AI document ${doc.documentId} is an image`);
  if (!doc.storageKey) throw new AppError('AI_NOT_READY', `AI document ${doc.documentId} has no copy yet`);
  await fs.mkdir(deps.env.tmpDir, { recursive: true });
  const tmpPath = path.join(deps.env.tmpDir, `translate-${randomId(16)}`);
  await deps.store.copyToPath(doc.storageKey, tmpPath);
  const file = await storeUpload(deps, who, { tmpPath, originalName: `${doc.title.replace(/\.pdf$/i, '')}.pdf` }, translateTool.id);
  return createTask(deps, who, {
    toolType: translateTool.id,
    token: file.token,
    language: request.language,
    webhookUrl: request.webhookUrl,
  });
}
