import { defineTool, noOptions } from './define';

/**
 * A PDF as an editable Word document: paragraphs (not lines), headings, lists, tables as Word
 * tables, pictures in place, columns in reading order, one Word page per PDF page. Scanned pages
 * have no text: that is PDF OCR's job.
 */
export default defineTool({
  id: 'pdf-to-word',
  category: 'convertFrom',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  // pdftoppm renders the vector drawings that are pictured whole.
  engines: ['qpdf', 'pdftoppm'],
  output: 'file',
  built: true,
  // Layout is rebuilt page by page with pdf.js: a few pages a second.
  maxPages: 2_000,
  menus: { convert: 1, workspace: 7 },
  timeoutSeconds: 900,
  stallSeconds: 75,
});
