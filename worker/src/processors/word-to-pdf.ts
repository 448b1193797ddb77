import wordTool from '#shared/tools/word-to-pdf';
import { convertOfficeTool } from '../inputs/office-input';
import type { Processor } from './types';

/** doc, docx, odt and rtf through LibreOffice Writer. */
const wordToPdf: Processor = (ctx) => convertOfficeTool(ctx, wordTool.accepts);

export default wordToPdf;
