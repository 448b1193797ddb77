import { defineTool, noOptions } from './define';

/**
 * The text of a PDF as UTF-8, in reading order (columns top to bottom, left column first), one
 * form feed between pages. Scanned pages have no text: that is PDF OCR's job.
 */
export default defineTool({
  id: 'pdf-to-txt',
  category: 'convertFrom',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['pdftotext', 'qpdf'],
  output: 'file',
  built: true,
  // pdftotext reads thousands of pages a minute.
  maxPages: 10_000,
  menus: { convert: 5, workspace: 6 },
  timeoutSeconds: 600,
});
