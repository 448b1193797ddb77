import { z } from 'zod';
import { pageRangesField } from './fields';
import { defineTool } from './define';

const positiveInt = z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().min(1));

export default defineTool({
  id: 'split-pdf',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    /** Pages per part. */
    splitcount: positiveInt.optional(),
    /** 1-based ranges, each range one part: "1-3,5,8-". Takes precedence over splitcount. */
    pages: pageRangesField.optional(),
  }),
  engines: ['qpdf'],
  output: 'pdfs',
  built: true,
  // qpdf rewrites 10,000 pages in a few seconds; the worker counts them before it starts.
  maxPages: 10_000,
  lane: 'quick',
});
