import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'jpg-to-pdf',
  category: 'convertTo',
  accepts: ['jpg', 'png', 'bmp', 'tiff', 'webp', 'gif'],
  minFiles: 1,
  maxFiles: 30,
  options: noOptions,
  engines: [],
  output: 'file',
  built: false,
});
