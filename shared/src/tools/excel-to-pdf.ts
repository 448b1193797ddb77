import { defineTool } from './define';
import { LIBREOFFICE_TO_PDF } from './libreoffice';

/** Spreadsheets to PDF through LibreOffice Calc, every sheet as Calc paginates it; CSV in UTF-8 or Latin-1 with its separator detected. */
export default defineTool({
  id: 'excel-to-pdf',
  ...LIBREOFFICE_TO_PDF,
  accepts: ['xls', 'xlsx', 'ods', 'csv'],
  menus: { convert: 2 },
});
