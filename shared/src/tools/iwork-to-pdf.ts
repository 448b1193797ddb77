import { defineTool } from './define';
import { LIBREOFFICE_TO_PDF } from './libreoffice';

/** Pages, Numbers and Keynote through LibreOffice's iWork import, or the preview stored in the package where that fails. */
export default defineTool({
  id: 'iwork-to-pdf',
  ...LIBREOFFICE_TO_PDF,
  accepts: ['pages', 'numbers', 'key'],
  engines: [...LIBREOFFICE_TO_PDF.engines, 'pdftoppm'],
});
