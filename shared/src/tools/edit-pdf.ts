import { editorOptions } from '../editor/operations';
import { defineTool } from './define';

export default defineTool({
  id: 'edit-pdf',
  category: 'editor',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 10,
  options: editorOptions,
  engines: [],
  output: 'file',
  built: false,
  menus: { top: 1, workspace: 2 },
  aliases: ['edit'],
});
