import { z } from 'zod';
import { defineTool } from './define';

export const COMPRESS_LEVELS = ['low', 'medium', 'high', 'custom'] as const;
export const COMPRESS_PERCENTAGES = ['90', '80', '70', '60', '50', '40', '30', '20', '10'] as const;
export const DEFAULT_COMPRESS = '70';
/** The custom mode's image resolution, in dpi. */
export const COMPRESS_RATE = { min: 100, max: 300 } as const;

export default defineTool({
  id: 'compress-pdf',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z
    .object({
      compress: z
        .union([z.enum(COMPRESS_LEVELS), z.enum(COMPRESS_PERCENTAGES), z.number().int().min(10).max(90).multipleOf(10).transform(String)])
        .default(DEFAULT_COMPRESS),
      /** Image resolution in dpi for `custom`: smaller means a smaller file and lower image definition. */
      rate: z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().min(COMPRESS_RATE.min).max(COMPRESS_RATE.max)).optional(),
    })
    .refine((o) => o.compress !== 'custom' || o.rate !== undefined, { message: 'rate is required for custom', path: ['rate'] }),
  // pdftotext checks that Ghostscript's rewrite reads as the input before it is used.
  engines: ['gs', 'pdftotext', 'qpdf'],
  output: 'file',
  reportsSaving: true,
  built: true,
  // Ghostscript rewrites about 200 plain pages a second here, far fewer with pictures: within the time limit.
  maxPages: 5_000,
  menus: { top: 2, workspace: 1 },
  aliases: ['shrink-pdf'],
  cliAliases: { level: 'compress' },
});
