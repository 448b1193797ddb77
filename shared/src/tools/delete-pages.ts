import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'delete-pages',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['qpdf'],
  output: 'file',
  built: false,
});
