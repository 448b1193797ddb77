import pptTool from '#shared/tools/ppt-to-pdf';
import { convertOfficeTool } from '../inputs/office-input';
import { defineProcessor } from '../contract/processor';

/** ppt, pptx and odp through LibreOffice Impress: one page per slide (hidden slides and notes left out). */
const pptToPdf = defineProcessor(pptTool, (ctx) => convertOfficeTool(ctx, pptTool.accepts));

export default pptToPdf;
