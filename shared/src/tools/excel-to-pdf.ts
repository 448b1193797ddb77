import { defineTool, noOptions } from './define';

export default defineTool({
  id: 'excel-to-pdf',
  category: 'convertTo',
  accepts: ['xls', 'xlsx', 'ods', 'csv'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['soffice'],
  output: 'file',
  built: false,
});
