import { z } from 'zod';
import { parsePageOrder } from '../page-order';
import { defineTool } from './define';

export default defineTool({
  id: 'organize-pdf',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 10,
  options: z.object({
    /**
     * The pages of the result, in order: 1-based numbers counted across the inputs in upload
     * order, each optionally rotated clockwise ("3,1r90,2"). Pages left out are deleted.
     */
    order: z.string().min(1).max(20000).refine((s) => parsePageOrder(s) !== null, 'INVALID_PAGES'),
  }),
  engines: ['qpdf'],
  output: 'file',
  built: true,
  // qpdf rewrites 10,000 pages in a few seconds; the worker counts them before it starts.
  maxPages: 10_000,
  lane: 'quick',
});
