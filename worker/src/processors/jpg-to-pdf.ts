import jpgTool from '#shared/tools/jpg-to-pdf';
import { imagesToPdf, type ImageFormat } from '../images/images-to-pdf';
import { defineProcessor } from '../contract/processor';

const FORMATS: ReadonlySet<ImageFormat> = new Set(['jpeg', 'png', 'bmp', 'tiff', 'webp', 'gif']);

/** JPG, PNG, BMP, TIFF, WebP and GIF images to PDF: one page per image (per page of a TIFF). */
const jpgToPdf = defineProcessor(jpgTool, (ctx) => imagesToPdf(ctx, FORMATS));

export default jpgToPdf;
