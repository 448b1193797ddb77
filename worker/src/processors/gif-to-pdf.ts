import gifTool from '#shared/tools/gif-to-pdf';
import { imagesToPdf, type ImageFormat } from '../images/images-to-pdf';
import { defineProcessor } from '../contract/processor';

const FORMATS: ReadonlySet<ImageFormat> = new Set(['gif']);

/** GIFs to PDF: one page per frame of an animated GIF (or only its first frame). */
const gifToPdf = defineProcessor(gifTool, (ctx) => imagesToPdf(ctx, FORMATS));

export default gifToPdf;
