import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'edit-pdf',
  category: 'editor',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 10,
  options: noOptions,
  engines: [],
  output: 'file',
  built: false,
  menus: { top: 1, workspace: 2 },
  aliases: ['edit'],
});
