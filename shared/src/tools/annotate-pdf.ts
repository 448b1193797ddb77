import { editorAttachments, editorOptions } from '../editor/operations';
import { defineTool } from './define';

export default defineTool({
  id: 'annotate-pdf',
  category: 'editor',
  page: 'editor',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: editorOptions,
  attachments: editorAttachments,
  engines: ['qpdf'],
  output: 'file',
  built: true,
  // The whole document is loaded and written again.
  maxPages: 5_000,
});
