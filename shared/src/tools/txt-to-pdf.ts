import { defineTool, noOptions } from './define';

/** Plain text (UTF-8 or Latin-1) to A4 pages: lines wrap, form feeds break pages, CJK and right-to-left scripts get real glyphs. */
export default defineTool({
  id: 'txt-to-pdf',
  category: 'convertTo',
  accepts: ['txt'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['soffice', 'qpdf'],
  output: 'file',
  built: true,
  menus: { convert: 5 },
  /** LibreOffice's own limit per conversion is 150 s (worker/src/inputs/office-input.ts); this leaves room around it. */
  timeoutSeconds: 180,
});
