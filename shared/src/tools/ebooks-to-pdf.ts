import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'ebooks-to-pdf',
  category: 'convertTo',
  accepts: ['epub', 'azw', 'azw3', 'cbr', 'cbz', 'chm', 'fb2', 'mobi', 'rb'],
  minFiles: 1,
  maxFiles: 9,
  options: noOptions,
  engines: ['ebook-convert'],
  output: 'pdfs',
  built: false,
});
