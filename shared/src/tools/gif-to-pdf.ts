import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'gif-to-pdf',
  category: 'convertTo',
  accepts: ['gif'],
  minFiles: 1,
  maxFiles: 30,
  options: noOptions,
  engines: [],
  output: 'file',
  built: false,
});
