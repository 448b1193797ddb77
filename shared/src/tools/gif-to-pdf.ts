import { defineTool } from './define';
import { MAX_IMAGE_PAGES, framesArePages, imageToPdfOptions } from './jpg-to-pdf';

/** GIFs to PDF: as JPG to PDF, but an animated GIF gives one page per frame unless `frames` is `first`. */
export default defineTool({
  id: 'gif-to-pdf',
  category: 'convertTo',
  accepts: ['gif'],
  minFiles: 1,
  maxFiles: 30,
  options: imageToPdfOptions('all'),
  engines: [],
  output: 'pdfs',
  built: true,
  timeoutSeconds: 300,
  maxPages: MAX_IMAGE_PAGES,
  framesArePages,
});
