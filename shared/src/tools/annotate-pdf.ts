import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'annotate-pdf',
  category: 'editor',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: [],
  output: 'file',
  built: false,
});
