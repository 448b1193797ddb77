import { z } from 'zod';
import { PAGES_PER_SHEET, SHEET_ORDERS, SHEET_PAPERS } from '../imposition';
import { defineTool } from './define';
import { flagField, intField } from './fields';

export default defineTool({
  id: 'n-up-pdf',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    perSheet: intField.pipe(z.union(PAGES_PER_SHEET.map((n) => z.literal(n)))).default(4),
    order: z.enum(SHEET_ORDERS).default('across'),
    /** A thin frame around each page. */
    borders: flagField.default(false),
    sheet: z.enum(SHEET_PAPERS).default('a4'),
  }),
  engines: ['qpdf'],
  output: 'file',
  built: true,
  // pdf-lib embeds every page on its sheet: a few seconds per thousand, within the time limit.
  maxPages: 5_000,
});
