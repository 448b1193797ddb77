import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'ppt-to-pdf',
  category: 'convertTo',
  accepts: ['ppt', 'pptx', 'odp'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['soffice'],
  output: 'file',
  built: false,
});
