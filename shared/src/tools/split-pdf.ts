import { z } from 'zod';
import { parsePageRanges } from '../page-ranges';
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
    pages: z.string().max(2000).refine((s) => parsePageRanges(s) !== null, 'INVALID_PAGES').optional(),
  }),
  engines: ['qpdf'],
  output: 'pdfs',
  built: true,
});
