import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'flatten-pdf',
  category: 'editor',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['qpdf'],
  output: 'file',
  built: true,
  lane: 'quick',
});
