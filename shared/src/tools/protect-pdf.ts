import { z } from 'zod';
import { defineTool } from './define';

export const ENCRYPTIONS = ['aes128', 'aes256'] as const;
/** The spec's password rule: 2 to 20 characters. */
export const PROTECT_PASSWORD = { min: 2, max: 20 } as const;

export default defineTool({
  id: 'protect-pdf',
  category: 'security',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    /** Needed to open the result; 2 to 20 characters; empty is refused with PASSWORD_EMPTY. */
    userpassword: z
      .string()
      .max(PROTECT_PASSWORD.max, 'PASSWORD_LENGTH')
      .refine((s) => s.length > 0, 'PASSWORD_EMPTY')
      .refine((s) => s.length >= PROTECT_PASSWORD.min, 'PASSWORD_LENGTH'),
    /** 128-bit AES as the spec says; AES-256 as the stronger choice. */
    encryption: z.enum(ENCRYPTIONS).default('aes128'),
  }),
  engines: ['qpdf'],
  output: 'file',
  built: true,
  // qpdf rewrites 10,000 pages in a few seconds; the worker counts them before it starts.
  maxPages: 10_000,
  lane: 'quick',
});
