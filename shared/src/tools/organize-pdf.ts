import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'organize-pdf',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 10,
  options: noOptions,
  engines: ['qpdf'],
  output: 'file',
  built: false,
});
