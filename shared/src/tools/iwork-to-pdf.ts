import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'iwork-to-pdf',
  category: 'convertTo',
  accepts: ['pages', 'numbers', 'key'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['soffice'],
  output: 'file',
  built: false,
});
