import { z } from 'zod';
import { defineTool } from './define';
import { pageRangesField } from './fields';

export default defineTool({
  id: 'delete-pages',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    /** The pages to remove, 1-based ranges ("2,4-6"). Removing every page is refused. */
    pages: pageRangesField,
  }),
  engines: ['qpdf'],
  output: 'file',
  built: true,
  // qpdf rewrites 10,000 pages in a few seconds; the worker counts them before it starts.
  maxPages: 10_000,
  lane: 'quick',
});
