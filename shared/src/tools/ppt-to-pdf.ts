import { defineTool, noOptions } from './define';

/** Presentations to PDF through LibreOffice Impress, one page per slide. */
export default defineTool({
  id: 'ppt-to-pdf',
  category: 'convertTo',
  accepts: ['ppt', 'pptx', 'odp'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['soffice', 'qpdf'],
  output: 'file',
  built: true,
  menus: { convert: 3 },
  /** LibreOffice's own limit per conversion is 150 s (worker/src/inputs/office-input.ts); this leaves room around it. */
  timeoutSeconds: 180,
});
