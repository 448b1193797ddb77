import { z } from 'zod';
import { SHEET_PAPERS } from '../imposition';
import { defineTool } from './define';

export default defineTool({
  id: 'booklet-pdf',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    /** Paper the booklet is printed on, turned landscape; `same`: two of the first page side by side. */
    sheet: z.enum(SHEET_PAPERS).default('a4'),
  }),
  engines: ['qpdf'],
  output: 'file',
  built: true,
  // pdf-lib embeds every page on its sheet: a few seconds per thousand, within the time limit.
  maxPages: 5_000,
});
