import { z } from 'zod';

export const ZCreateApiKey = z.strictObject({ name: z.string().trim().min(1).max(60) });

export const ZApiKeyId = z.string().min(1).max(40);
