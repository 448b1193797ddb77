import { PREVIEW_QUALITY, PREVIEW_WIDTH } from '#shared/limits';

/** First page as a JPEG data URL, PREVIEW_WIDTH pixels wide, and the page count; or a file that needs a password to open. */
export type Preview = { cover: string; pages: number } | { locked: true };

type PdfJs = typeof import('pdfjs-dist');
let pdfjs: Promise<PdfJs> | undefined;

/** pdf.js is large: it is fetched the first time a preview is needed, in the browser only. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return pdfjs;
}

/**
 * Starts reading a user's PDF the way this site always does: pdf.js never evaluates the file's code
 * and never renders XFA forms. The task's `promise` is the document; `destroy()` stops the reading.
 */
export async function openPdfDocument(url: string) {
  const lib = await loadPdfJs();
  return lib.getDocument({ url, isEvalSupported: false, enableXfa: false });
}

async function render(url: string): Promise<Preview> {
  let doc: Awaited<Awaited<ReturnType<typeof openPdfDocument>>['promise']>;
  try {
    doc = await (await openPdfDocument(url)).promise;
  } catch (e) {
    // pdf.js rebuilds the worker's PasswordException on this side; its name is what survives.
    if (e instanceof Error && e.name === 'PasswordException') return { locked: true };
    throw e;
  }
  try {
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: PREVIEW_WIDTH / page.getViewport({ scale: 1 }).width });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await page.render({ canvas, viewport }).promise;
    return { cover: canvas.toDataURL('image/jpeg', PREVIEW_QUALITY), pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}

let queue: Promise<unknown> = Promise.resolve();

/** Renders previews one at a time, so adding 30 files does not start 30 renders at once. */
export function renderPreview(url: string): Promise<Preview> {
  const job = queue.then(() => render(url));
  queue = job.catch(() => undefined);
  return job;
}
