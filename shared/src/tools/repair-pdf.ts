import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'repair-pdf',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  // Ghostscript rewrites what qpdf's reconstruction leaves unreadable; poppler reads the text that guards it.
  engines: ['qpdf', 'gs', 'pdftotext'],
  output: 'file',
  built: true,
  // qpdf rebuilds 10,000 pages in a few seconds; a page tree too damaged to count is repaired as found.
  maxPages: 10_000,
});
