import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'dwg-to-jpg',
  category: 'cad',
  accepts: ['dwg', 'dxf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: [],
  output: 'file',
  built: false,
});
