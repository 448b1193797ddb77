import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'pdf-to-ppt',
  category: 'convertFrom',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['qpdf', 'gs', 'pdftoppm'],
  output: 'file',
  built: true,
  // Layout is rebuilt page by page with pdf.js: a few pages a second.
  maxPages: 2_000,
  menus: { convert: 3, workspace: 5 },
  stallSeconds: 75,
});
