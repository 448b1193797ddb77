import type { AiDocument } from '@prisma/client';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import type { Requester } from '../../middleware/requester';
import { ownsRow } from '../file-service';

/** The requester's AI document; anyone else's, like a missing one, is simply not found (404). */
export async function findOwnedDocument(deps: Deps, who: Requester, documentId: string): Promise<AiDocument> {
  const doc = await deps.db.aiDocument.findUnique({ where: { documentId } });
  if (!doc || !ownsRow(who, doc)) throw new AppError('NOT_FOUND', `AI document ${documentId}`);
  return doc;
}
