import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'word-to-pdf',
  category: 'convertTo',
  accepts: ['doc', 'docx', 'odt', 'rtf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['soffice'],
  output: 'file',
  built: false,
});
