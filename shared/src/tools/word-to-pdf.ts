import { defineTool } from './define';
import { LIBREOFFICE_TO_PDF } from './libreoffice';

/** Word documents (and OpenDocument text, RTF) to PDF through LibreOffice Writer, fonts substituted metric-compatibly. */
export default defineTool({
  id: 'word-to-pdf',
  ...LIBREOFFICE_TO_PDF,
  accepts: ['doc', 'docx', 'odt', 'rtf'],
  menus: { convert: 1 },
});
