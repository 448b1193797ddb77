import { defineTool } from './define';
import { LIBREOFFICE_TO_PDF } from './libreoffice';

/** Plain text (UTF-8 or Latin-1) to A4 pages: lines wrap, form feeds break pages, CJK and right-to-left scripts get real glyphs. */
export default defineTool({
  id: 'txt-to-pdf',
  ...LIBREOFFICE_TO_PDF,
  accepts: ['txt'],
  menus: { convert: 5 },
});
