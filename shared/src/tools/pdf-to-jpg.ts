import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'pdf-to-jpg',
  category: 'convertFrom',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['pdftoppm'],
  output: 'images',
  built: false,
});
