import { imagesToPdf, type ImageFormat, type ImageToPdfOptions } from '../images/images-to-pdf';
import type { Processor } from './types';

const FORMATS: ReadonlySet<ImageFormat> = new Set(['gif']);

/** GIFs to PDF: one page per frame of an animated GIF (or only its first frame). */
const gifToPdf: Processor<ImageToPdfOptions> = (ctx) => imagesToPdf(ctx, FORMATS);

export default gifToPdf;
