import { z } from 'zod';

const ZDocumentId = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);
const ZToken = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const ZAddFile = z.object({ token: ZToken });

export const ZTokenQuery = z.object({ token: ZToken });

export const ZDocumentQuery = z.object({ documentId: ZDocumentId });
