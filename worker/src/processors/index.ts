import { AppError } from '../../../shared/src/errors';
import type { ToolId } from '../../../shared/src/tools';
import compressPdf from './compress-pdf';
import deletePages from './delete-pages';
import dwgToJpg from './dwg-to-jpg';
import dwgToPdf from './dwg-to-pdf';
import ebooksToPdf from './ebooks-to-pdf';
import excelToPdf from './excel-to-pdf';
import iworkToPdf from './iwork-to-pdf';
import mergePdf from './merge-pdf';
import organizePdf from './organize-pdf';
import pdfOcr from './pdf-ocr';
import pdfToExcel from './pdf-to-excel';
import pdfToJpg from './pdf-to-jpg';
import pdfToPpt from './pdf-to-ppt';
import pdfToTxt from './pdf-to-txt';
import pdfToWord from './pdf-to-word';
import pptToPdf from './ppt-to-pdf';
import protectPdf from './protect-pdf';
import rotatePdf from './rotate-pdf';
import splitPdf from './split-pdf';
import txtToPdf from './txt-to-pdf';
import unlockPdf from './unlock-pdf';
import gifToPdf from './gif-to-pdf';
import htmlToPdf from './html-to-pdf';
import jpgToPdf from './jpg-to-pdf';
import wordToPdf from './word-to-pdf';
import type { Processor } from './types';

/** For tools whose processor is not built yet; the API refuses them before they get here. */
export const unavailable: Processor = async () => {
  throw new AppError('TOOL_UNAVAILABLE');
};

/** Every tool has an entry: adding a tool to the registry without one fails to compile. */
export const PROCESSORS: Record<ToolId, Processor> = {
  'merge-pdf': mergePdf,
  'split-pdf': splitPdf,
  'compress-pdf': compressPdf,
  'delete-pages': deletePages,
  'organize-pdf': organizePdf,
  'rotate-pdf': rotatePdf,
  'edit-pdf': unavailable,
  'annotate-pdf': unavailable,
  'sign-pdf': unavailable,
  'unlock-pdf': unlockPdf,
  'protect-pdf': protectPdf,
  'pdf-to-word': pdfToWord,
  'pdf-to-excel': pdfToExcel,
  'pdf-to-ppt': pdfToPpt,
  'pdf-to-jpg': pdfToJpg,
  'pdf-to-txt': pdfToTxt,
  'pdf-ocr': pdfOcr,
  'word-to-pdf': wordToPdf,
  'excel-to-pdf': excelToPdf,
  'ppt-to-pdf': pptToPdf,
  'jpg-to-pdf': jpgToPdf,
  'txt-to-pdf': txtToPdf,
  'gif-to-pdf': gifToPdf,
  'html-to-pdf': htmlToPdf,
  'ebooks-to-pdf': ebooksToPdf,
  'iwork-to-pdf': iworkToPdf,
  'dwg-to-pdf': dwgToPdf,
  'dwg-to-jpg': dwgToJpg,
};
