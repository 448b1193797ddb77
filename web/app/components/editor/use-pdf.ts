import { useEffect, useRef, useState } from 'react';
import type { PDFPageProxy } from 'pdfjs-dist';
import { openPdfDocument } from '~/lib/pdf-preview';
import type { Rect } from './operations';
import { pageFields, type PdfField, type Widget } from './page-fields';
import { textLines, type TextLine, type TextPiece } from './text-lines';

/** One page as the workspace uses it: its displayed size in points, its picture, its lines of text. */
export interface PdfPage {
  width: number;
  height: number;
  /** Draws the page at `scale` (CSS pixels per point); the returned function cancels the drawing. */
  render: (canvas: HTMLCanvasElement, scale: number) => () => void;
  textLines: () => Promise<TextLine[]>;
  /** The page's form fields (scripts in the PDF never run: only the widgets' data is read). */
  fields: () => Promise<PdfField[]>;
}

export type PdfState = { status: 'loading' } | { status: 'ready'; pages: PdfPage[] } | { status: 'locked' } | { status: 'failed' };

/** Each canvas's latest drawing, settled once it no longer holds the canvas. */
const drawing = new WeakMap<HTMLCanvasElement, Promise<void>>();

/** How many pages' sizes are asked of pdf.js's worker at once after the first page is shown. */
const SIZE_BATCH = 50;

/** One page, `width` × `height` points, read from the document only when it is drawn or asked for its text or fields. */
function pdfPage(load: () => Promise<PDFPageProxy>, width: number, height: number): PdfPage {
  return {
    width,
    height,
    render(canvas, scale) {
      let cancelled = false;
      let job: ReturnType<PDFPageProxy['render']> | undefined;
      const draw = async () => {
        const page = await load();
        if (cancelled) return;
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: scale * ratio });
        canvas.width = Math.round(viewport.width);
        canvas.height = Math.round(viewport.height);
        job = page.render({ canvas, viewport });
        await job.promise;
      };
      // pdf.js refuses a canvas still held by an earlier drawing, and a page whose first drawing was
      // cancelled by a re-layout stayed white: the next drawing waits for the one before to let go,
      // and a drawing that failed for another reason than being cancelled is tried once more.
      const drawn = (drawing.get(canvas) ?? Promise.resolve())
        .then(draw)
        .catch((e: unknown) => (cancelled || (e instanceof Error && e.name === 'RenderingCancelledException') ? undefined : draw()))
        .catch(() => undefined);
      drawing.set(canvas, drawn);
      return () => {
        cancelled = true;
        job?.cancel();
      };
    },
    textLines: () => linesOf(load),
    async fields() {
      const page = await load();
      const base = page.getViewport({ scale: 1 });
      const [widgets, lines] = await Promise.all([page.getAnnotations({ intent: 'display' }) as Promise<Widget[]>, linesOf(load)]);
      const toFraction = (rect: number[]): Rect => {
        const [x1, y1, x2, y2] = base.convertToViewportRectangle(rect);
        const left = Math.min(x1!, x2!);
        const top = Math.min(y1!, y2!);
        return [left / base.width, top / base.height, Math.abs(x2! - x1!) / base.width, Math.abs(y2! - y1!) / base.height];
      };
      return pageFields(widgets, lines, toFraction, base.height / base.width);
    },
  };
}

/** The page's lines of text, in fractions of the displayed page. */
async function linesOf(load: () => Promise<PDFPageProxy>): Promise<TextLine[]> {
  const page = await load();
  const base = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items = content.items.filter((item): item is TextPiece & (typeof content.items)[number] => 'str' in item);
  return textLines(items, base.width, base.height, (x, y) => base.convertToViewportPoint(x, y));
}

/** Opens one PDF with pdf.js and reports its state; the returned function closes it. */
function openPdf(url: string, report: (state: PdfState) => void): () => void {
  let live = true;
  let destroy: (() => void) | undefined;
  report({ status: 'loading' });
  (async () => {
    const task = await openPdfDocument(url);
    destroy = () => void task.destroy();
    if (!live) destroy();
    const doc = await task.promise;
    const first = await doc.getPage(1);
    const size = first.getViewport({ scale: 1 });
    // The first page is drawn before the others are read: until a page's size is known it takes the
    // first page's, and the sizes come in batches so the first drawing is not queued behind them all.
    let pages = Array.from({ length: doc.numPages }, (_, i) => pdfPage(() => doc.getPage(i + 1), size.width, size.height));
    if (live) report({ status: 'ready', pages });
    for (let from = 2; from <= doc.numPages && live; from += SIZE_BATCH) {
      const batch = await Promise.all(Array.from({ length: Math.min(SIZE_BATCH, doc.numPages - from + 1) }, (_, i) => doc.getPage(from + i)));
      const known = batch.map((page) => page.getViewport({ scale: 1 }));
      if (known.every((v) => v.width === size.width && v.height === size.height)) continue;
      pages = pages.map((page, i) => {
        const v = known[i + 1 - from];
        return v && (v.width !== page.width || v.height !== page.height) ? pdfPage(() => doc.getPage(i + 1), v.width, v.height) : page;
      });
      if (live) report({ status: 'ready', pages });
    }
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
