import { defineTool, noOptions } from './define';

/** Pages, Numbers and Keynote through LibreOffice's iWork import, or the preview stored in the package where that fails. */
export default defineTool({
  id: 'iwork-to-pdf',
  category: 'convertTo',
  accepts: ['pages', 'numbers', 'key'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['soffice', 'qpdf', 'pdftoppm'],
  output: 'file',
  built: true,
  /** LibreOffice's own limit per conversion is 150 s (worker/src/inputs/office-input.ts); this leaves room around it. */
  timeoutSeconds: 180,
});
