import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'merge-pdf',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 2,
  maxFiles: 30,
  options: noOptions,
  engines: ['qpdf'],
  output: 'file',
  built: true,
  lane: 'quick',
});
