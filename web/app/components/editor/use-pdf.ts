import { useEffect, useRef, useState } from 'react';
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

/** Opens one PDF with pdf.js and reports its state; the returned function closes it. */
function openPdf(url: string, report: (state: PdfState) => void): () => void {
  let live = true;
  let destroy: (() => void) | undefined;
  report({ status: 'loading' });
  (async () => {
    const lib = await loadPdfJs();
    const task = lib.getDocument({ url, isEvalSupported: false, enableXfa: false });
    destroy = () => void task.destroy();
    if (!live) destroy();
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
    if (live) report({ status: 'ready', pages });
  })().catch((e: unknown) => {
    if (live) report({ status: e instanceof Error && e.name === 'PasswordException' ? 'locked' : 'failed' });
  });
  return () => {
    live = false;
    destroy?.();
  };
}

/**
 * Opens the chosen PDFs in the browser with pdf.js (in its worker; the PDFs' scripts never run) and
 * reads every page's size, which is cheap; pictures and text are made only when a page asks. Each
 * stays open while its URL is asked for, so going back to a tab does not read its file again.
 */
export function usePdfs(urls: readonly string[]): ReadonlyMap<string, PdfState> {
  const [states, setStates] = useState<ReadonlyMap<string, PdfState>>(new Map());
  const open = useRef(new Map<string, () => void>());
  const key = urls.join('\n');
  useEffect(() => {
    const wanted = new Set(key ? key.split('\n') : []);
    for (const [url, close] of open.current) {
      if (wanted.has(url)) continue;
      close();
      open.current.delete(url);
      setStates((m) => {
        const next = new Map(m);
        next.delete(url);
        return next;
      });
    }
    for (const url of wanted) {
      if (!open.current.has(url)) open.current.set(url, openPdf(url, (state) => setStates((m) => new Map(m).set(url, state))));
    }
  }, [key]);
  useEffect(() => {
    const opened = open.current;
    return () => {
      for (const close of opened.values()) close();
      opened.clear();
    };
  }, []);
  return states;
}
