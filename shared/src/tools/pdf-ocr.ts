import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'pdf-ocr',
  category: 'convertFrom',
  accepts: ['pdf', 'png', 'jpg', 'tiff', 'bmp', 'webp'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['pdftoppm'],
  output: 'file',
  built: false,
});
