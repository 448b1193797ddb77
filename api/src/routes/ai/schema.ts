import { z } from 'zod';
import { ASK_MODES, type AskRequest } from '#shared/ai/api';

const ZDocumentId = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);
const ZToken = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const ZAddFile = z.object({ token: ZToken });

export const ZTokenQuery = z.object({ token: ZToken });

export const ZDocumentQuery = z.object({ documentId: ZDocumentId });

export const ZAskRequest = z.object({
  /** Absent for general chat. */
  documentId: z.string().min(6).max(64).optional(),
  question: z.string().trim().min(1).max(4000),
  mode: z.enum(ASK_MODES).default('chat'),
}) satisfies z.ZodType<AskRequest>;
