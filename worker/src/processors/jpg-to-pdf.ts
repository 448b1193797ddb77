import { imagesToPdf, type ImageFormat, type ImageToPdfOptions } from '../images/images-to-pdf';
import type { Processor } from './types';

const FORMATS: ReadonlySet<ImageFormat> = new Set(['jpeg', 'png', 'bmp', 'tiff', 'webp', 'gif']);

/** JPG, PNG, BMP, TIFF, WebP and GIF images to PDF: one page per image (per page of a TIFF). */
const jpgToPdf: Processor<ImageToPdfOptions> = (ctx) => imagesToPdf(ctx, FORMATS);

export default jpgToPdf;
