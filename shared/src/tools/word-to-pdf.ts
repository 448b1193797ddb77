import { defineTool, noOptions } from './define';

/** Word documents (and OpenDocument text, RTF) to PDF through LibreOffice Writer, fonts substituted metric-compatibly. */
export default defineTool({
  id: 'word-to-pdf',
  category: 'convertTo',
  accepts: ['doc', 'docx', 'odt', 'rtf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['soffice', 'qpdf'],
  output: 'file',
  built: true,
  menus: { convert: 1 },
  /** LibreOffice's own limit per conversion is 150 s (worker/src/inputs/office-input.ts); this leaves room around it. */
  timeoutSeconds: 180,
});
