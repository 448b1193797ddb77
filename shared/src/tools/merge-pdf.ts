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
  // qpdf rewrites 10,000 pages in a few seconds; the worker counts them before it starts.
  maxPages: 10_000,
  lane: 'quick',
});
