import { defineTool } from './define';
import { LIBREOFFICE_TO_PDF } from './libreoffice';

/** Presentations to PDF through LibreOffice Impress, one page per slide. */
export default defineTool({
  id: 'ppt-to-pdf',
  ...LIBREOFFICE_TO_PDF,
  accepts: ['ppt', 'pptx', 'odp'],
  menus: { convert: 3 },
});
