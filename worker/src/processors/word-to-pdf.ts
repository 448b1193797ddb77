import wordTool from '#shared/tools/word-to-pdf';
import { convertOfficeTool } from '../inputs/office-input';
import { defineProcessor } from '../contract/processor';

/** doc, docx, odt and rtf through LibreOffice Writer. */
const wordToPdf = defineProcessor(wordTool, (ctx) => convertOfficeTool(ctx, wordTool.accepts));

export default wordToPdf;
