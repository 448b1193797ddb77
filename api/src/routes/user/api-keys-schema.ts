import { z } from 'zod';
import { stripInvisibleCharacters } from '#shared/validation';

/** A key's name loses its invisible characters as a file's name does: the list must show what it holds. */
export const ZCreateApiKey = z.strictObject({ name: z.string().overwrite(stripInvisibleCharacters).trim().min(1).max(60) });

export const ZApiKeyId = z.string().min(1).max(40);
