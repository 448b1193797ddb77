import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'unlock-pdf',
  category: 'security',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['qpdf'],
  output: 'file',
  built: false,
});
