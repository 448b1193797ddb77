import { editorAttachments, editorOptions } from '../editor/operations';
import { defineTool } from './define';

export default defineTool({
  id: 'edit-pdf',
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
  menus: { top: 1, workspace: 2 },
  aliases: ['edit'],
});
