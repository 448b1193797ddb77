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
  // qpdf rewrites 10,000 pages in a few seconds; the worker counts them before it starts.
  maxPages: 10_000,
  lane: 'quick',
});
