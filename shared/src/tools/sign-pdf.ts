import { editorAttachments, signOptions } from '../editor/operations';
import { defineTool } from './define';

export default defineTool({
  id: 'sign-pdf',
  category: 'editor',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: signOptions,
  attachments: editorAttachments,
  engines: ['qpdf'],
  output: 'file',
  built: true,
  audited: true,
});
