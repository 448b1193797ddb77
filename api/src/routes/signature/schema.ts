import { z } from 'zod';
import { ZSavedSignatureData } from '#shared/signatures';

export const ZSaveSignature = z.strictObject({ signature: ZSavedSignatureData });

export const ZSignatureId = z.string().min(1).max(40);
