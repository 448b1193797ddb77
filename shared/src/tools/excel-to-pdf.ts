import { defineTool, noOptions } from './define';

/** Spreadsheets to PDF through LibreOffice Calc, every sheet as Calc paginates it; CSV in UTF-8 or Latin-1 with its separator detected. */
export default defineTool({
  id: 'excel-to-pdf',
  category: 'convertTo',
  accepts: ['xls', 'xlsx', 'ods', 'csv'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['soffice', 'qpdf'],
  output: 'file',
  built: true,
  menus: { convert: 2 },
  /** LibreOffice's own limit per conversion is 150 s (worker/src/inputs/office-input.ts); this leaves room around it. */
  timeoutSeconds: 180,
});
