import { z } from 'zod';
import { defineTool } from './define';
import { flagField } from './fields';

/**
 * The tables of a PDF as a workbook: tables found from their rules or from text lined up in
 * columns, cells in their rows and columns, figures and dates as values, merged header cells
 * merged; a sheet per page, or every table on one sheet. The text outside the tables is kept on
 * a sheet of its own. Scanned pages have no text: that is PDF OCR's job (its Excel output).
 */
export default defineTool({
  id: 'pdf-to-excel',
  category: 'convertFrom',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    /** Every table on one sheet instead of a sheet per page. */
    excelonesheet: flagField.default(false),
  }),
  engines: ['qpdf', 'pdftoppm'],
  output: 'file',
  built: true,
  // Layout is rebuilt page by page with pdf.js: a few pages a second.
  maxPages: 2_000,
  menus: { convert: 2, workspace: 3 },
  timeoutSeconds: 600,
  stallSeconds: 75,
});
