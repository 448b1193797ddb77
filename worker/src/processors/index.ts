import { AppError } from '#shared/errors';
import type { ToolId } from '#shared/tools';
import type { Processor } from './types';

/** For tools whose processor is not built yet; the API refuses them before they get here. */
export const unavailable: Processor = async () => {
  throw new AppError('TOOL_UNAVAILABLE');
};

/**
 * A processor whose module loads on its first call: a task host starts in a fraction of a second
 * and holds only the libraries of the tools it has run (pdf.js, LibreOffice glue, OCR are heavy).
 */
function lazy(load: () => Promise<{ default: Processor }>): Processor {
  let loaded: Promise<Processor> | undefined;
  return async (ctx) => {
    loaded ??= load().then((m) => m.default);
    return (await loaded)(ctx);
  };
}

/** Every tool has an entry: adding a tool to the registry without one fails to compile. */
export const PROCESSORS: Record<ToolId, Processor> = {
  'merge-pdf': lazy(() => import('./merge-pdf')),
  'split-pdf': lazy(() => import('./split-pdf')),
  'compress-pdf': lazy(() => import('./compress-pdf')),
  'delete-pages': lazy(() => import('./delete-pages')),
  'organize-pdf': lazy(() => import('./organize-pdf')),
  'rotate-pdf': lazy(() => import('./rotate-pdf')),
  'edit-pdf': unavailable,
  'annotate-pdf': unavailable,
  'sign-pdf': unavailable,
  'unlock-pdf': lazy(() => import('./unlock-pdf')),
  'protect-pdf': lazy(() => import('./protect-pdf')),
  'pdf-to-word': lazy(() => import('./pdf-to-word')),
  'pdf-to-excel': lazy(() => import('./pdf-to-excel')),
  'pdf-to-ppt': lazy(() => import('./pdf-to-ppt')),
  'pdf-to-jpg': lazy(() => import('./pdf-to-jpg')),
  'pdf-to-txt': lazy(() => import('./pdf-to-txt')),
  'pdf-ocr': lazy(() => import('./pdf-ocr')),
  'word-to-pdf': lazy(() => import('./word-to-pdf')),
  'excel-to-pdf': lazy(() => import('./excel-to-pdf')),
  'ppt-to-pdf': lazy(() => import('./ppt-to-pdf')),
  'jpg-to-pdf': lazy(() => import('./jpg-to-pdf')),
  'txt-to-pdf': lazy(() => import('./txt-to-pdf')),
  'gif-to-pdf': lazy(() => import('./gif-to-pdf')),
  'html-to-pdf': lazy(() => import('./html-to-pdf')),
  'ebooks-to-pdf': lazy(() => import('./ebooks-to-pdf')),
  'iwork-to-pdf': lazy(() => import('./iwork-to-pdf')),
  'dwg-to-pdf': lazy(() => import('./dwg-to-pdf')),
  'dwg-to-jpg': lazy(() => import('./dwg-to-jpg')),
};
