import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'html-to-pdf',
  category: 'convertTo',
  accepts: [],
  minFiles: 0,
  maxFiles: 0,
  options: noOptions,
  engines: ['chromium'],
  output: 'file',
  built: false,
});
