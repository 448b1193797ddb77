import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'txt-to-pdf',
  category: 'convertTo',
  accepts: ['txt'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['soffice'],
  output: 'file',
  built: false,
});
