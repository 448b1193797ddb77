import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'pdf-to-txt',
  category: 'convertFrom',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['pdftotext'],
  output: 'file',
  built: false,
});
