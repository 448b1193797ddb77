import { useEffect, useState } from 'react';
import { loadPdfJs } from '~/lib/pdf-preview';
import { textLines, type TextLine, type TextPiece } from './text-lines';

/** One page as the workspace uses it: its displayed size in points, its picture, its lines of text. */
export interface PdfPage {
  width: number;
  height: number;
  /** Draws the page at `scale` (CSS pixels per point); the returned function cancels the drawing. */
  render: (canvas: HTMLCanvasElement, scale: number) => () => void;
  textLines: () => Promise<TextLine[]>;
}

export type PdfState = { status: 'loading' } | { status: 'ready'; pages: PdfPage[] } | { status: 'locked' } | { status: 'failed' };

/**
 * Opens the chosen PDF in the browser with pdf.js (in its worker; the PDF's scripts never run) and
 * reads every page's size, which is cheap; pictures and text are made only when a page asks.
 */
export function usePdf(url: string | undefined): PdfState {
  const [state, setState] = useState<PdfState>({ status: 'loading' });
  useEffect(() => {
    if (!url) return;
    let live = true;
    let destroy: (() => void) | undefined;
    setState({ status: 'loading' });
    (async () => {
      const lib = await loadPdfJs();
      const task = lib.getDocument({ url, isEvalSupported: false, enableXfa: false });
      destroy = () => void task.destroy();
      const doc = await task.promise;
      // Asked all at once: the worker answers them in one go rather than one round trip after another.
      const loaded = await Promise.all(Array.from({ length: doc.numPages }, (_, i) => doc.getPage(i + 1)));
      const pages = loaded.map((page): PdfPage => {
        const base = page.getViewport({ scale: 1 });
        return {
          width: base.width,
          height: base.height,
          render(canvas, scale) {
            const ratio = window.devicePixelRatio || 1;
            const viewport = page.getViewport({ scale: scale * ratio });
            canvas.width = Math.round(viewport.width);
            canvas.height = Math.round(viewport.height);
            const job = page.render({ canvas, viewport });
            job.promise.catch(() => undefined);
            return () => job.cancel();
          },
          async textLines() {
            const content = await page.getTextContent();
            const items = content.items.filter((item): item is TextPiece & (typeof content.items)[number] => 'str' in item);
            return textLines(items, base.width, base.height, (x, y) => base.convertToViewportPoint(x, y));
          },
        };
      });
      if (live) setState({ status: 'ready', pages });
    })().catch((e: unknown) => {
      if (live) setState({ status: e instanceof Error && e.name === 'PasswordException' ? 'locked' : 'failed' });
    });
    return () => {
      live = false;
      destroy?.();
    };
  }, [url]);
  return state;
}
