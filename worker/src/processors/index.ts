import { AppError } from '../../../shared/src/errors';
import type { ToolId } from '../../../shared/src/tools';
import compressPdf from './compress-pdf';
import deletePages from './delete-pages';
import mergePdf from './merge-pdf';
import organizePdf from './organize-pdf';
import protectPdf from './protect-pdf';
import rotatePdf from './rotate-pdf';
import splitPdf from './split-pdf';
import unlockPdf from './unlock-pdf';
import type { Processor } from './types';

/** For tools whose processor is not built yet; the API refuses them before they get here. */
const unavailable: Processor = async () => {
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
  'pdf-to-word': unavailable,
  'pdf-to-excel': unavailable,
  'pdf-to-ppt': unavailable,
  'pdf-to-jpg': unavailable,
  'pdf-to-txt': unavailable,
  'pdf-ocr': unavailable,
  'word-to-pdf': unavailable,
  'excel-to-pdf': unavailable,
  'ppt-to-pdf': unavailable,
  'jpg-to-pdf': unavailable,
  'txt-to-pdf': unavailable,
  'gif-to-pdf': unavailable,
  'html-to-pdf': unavailable,
  'ebooks-to-pdf': unavailable,
  'iwork-to-pdf': unavailable,
  'dwg-to-pdf': unavailable,
  'dwg-to-jpg': unavailable,
};
