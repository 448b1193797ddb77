import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { quotePieces } from '~/lib/ai-quote';
import { loadPdfJs, openPdfDocument } from '~/lib/pdf-preview';

/** Where a citation sends the viewer: a page, the passage to highlight on it; `nonce` makes the same citation clickable twice. */
export interface ViewerFocus {
  page: number;
  quote?: string;
  nonce: number;
}

type DocState = { status: 'loading' } | { status: 'ready'; doc: PDFDocumentProxy; width: number; height: number } | { status: 'failed' };

/** Space around the pages inside the viewer, in CSS pixels. */
const GUTTER = 32;

/** The width of an element, kept while it is hidden (a tab on a phone), so the pages keep their size. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const found = entry?.contentRect.width ?? 0;
      if (found > 0) setWidth(found);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** True while an element is within a screen's height of its scrolling box: only those pages are drawn. */
function useNear(ref: RefObject<Element | null>, root: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setNear(!!entry?.isIntersecting), { root: root.current, rootMargin: '100% 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, root]);
  return near;
}

interface PageProps {
  doc: PDFDocumentProxy;
  number: number;
  width: number;
  height: number;
  scale: number;
  scroller: RefObject<HTMLDivElement | null>;
  /** The passage to highlight and the click that asked for it, when this page is the one cited. */
  focus?: ViewerFocus;
}

/** One page: its picture and its text layer (selectable text, and where a quote is found), drawn only near the view. */
function PdfPageView({ doc, number, width, height, scale, scroller, focus }: PageProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const near = useNear(frame, scroller);
  const [textReady, setTextReady] = useState(0);

  useEffect(() => {
    const el = canvas.current;
    const textLayer = layer.current;
    if (!el || !textLayer) return;
    delete el.dataset.drawn;
    if (!near) {
      // A page far from the view gives its pixels and its text spans back.
      el.width = 0;
      el.height = 0;
      textLayer.replaceChildren();
      return;
    }
    let live = true;
    let cancel: (() => void) | undefined;
    (async () => {
      const lib = await loadPdfJs();
      const page = await doc.getPage(number);
      if (!live) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * ratio });
      el.width = Math.round(viewport.width);
      el.height = Math.round(viewport.height);
      const drawing = page.render({ canvas: el, viewport });
      cancel = () => drawing.cancel();
      const text = new lib.TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport: page.getViewport({ scale }) });
      textLayer.replaceChildren();
      cancel = () => {
        drawing.cancel();
        text.cancel();
      };
      await text.render();
      if (live) setTextReady((n) => n + 1);
      await drawing.promise;
      // Marks a finished picture (a test or a screenshot waits for it).
      if (live) el.dataset.drawn = 'true';
    })().catch(() => undefined);
    return () => {
      live = false;
      cancel?.();
    };
  }, [near, doc, number, scale]);

  // The cited passage is marked on the text layer's spans once they exist.
  useEffect(() => {
    const textLayer = layer.current;
    if (!textLayer) return;
    const spans = Array.from(textLayer.querySelectorAll<HTMLElement>('span:not(.markedContent)')).filter((span) => !span.querySelector('span'));
    for (const span of spans) span.classList.remove('ai-hit');
    if (!focus?.quote || !textReady) return;
    for (const index of quotePieces(
      spans.map((span) => span.textContent ?? ''),
      focus.quote,
    ))
      spans[index]?.classList.add('ai-hit');
  }, [focus, textReady]);

  return (
    <section
      ref={frame}
      className="ai-page"
      data-page={number}
      aria-label={t('aiPdf.viewer.page', { page: number })}
      style={{ width: width * scale, height: height * scale, ['--total-scale-factor' as string]: scale }}
    >
      <canvas ref={canvas} className="ai-page__canvas" aria-hidden="true" />
      <div ref={layer} className="textLayer" />
      {focus && <div key={focus.nonce} className="ai-page__flash" aria-hidden="true" />}
    </section>
  );
}

interface PdfViewerProps {
  url: string;
  focus?: ViewerFocus;
  /** The text selected in the viewer, or '' when none is. */
  onSelect: (text: string) => void;
}

/**
 * The document beside its conversation: pdf.js in its worker (the PDF's scripts never run), pages
 * as wide as the viewer, each drawn only near the view; a citation scrolls to its page and marks the
 * quoted passage.
 */
export function PdfViewer({ url, focus, onSelect }: PdfViewerProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const width = useWidth(scroller);
  const [state, setState] = useState<DocState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    let destroy: (() => void) | undefined;
    setState({ status: 'loading' });
    (async () => {
      const task = await openPdfDocument(url);
      destroy = () => void task.destroy();
      if (!live) destroy();
      const doc = await task.promise;
      const size = (await doc.getPage(1)).getViewport({ scale: 1 });
      if (live) setState({ status: 'ready', doc, width: size.width, height: size.height });
    })().catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
      destroy?.();
    };
  }, [url]);

  const scale = state.status === 'ready' && width > GUTTER ? (width - GUTTER) / state.width : 0;

  useEffect(() => {
    if (!focus || !scale) return;
    scroller.current?.querySelector(`[data-page="${focus.page}"]`)?.scrollIntoView({ block: 'start' });
  }, [focus, scale]);

  useSelection(scroller, onSelect);

  return (
    <div ref={scroller} className="ai-viewer" role="region" aria-label={t('aiPdf.viewer.label')} tabIndex={0}>
      {state.status === 'loading' && <p className="ai-viewer__note">{t('aiPdf.viewer.loading')}</p>}
      {state.status === 'failed' && (
        <p className="ai-viewer__note" role="alert">
          {t('aiPdf.viewer.failed')}
        </p>
      )}
      {state.status === 'ready' &&
        scale > 0 &&
        Array.from({ length: state.doc.numPages }, (_, i) => (
          <PdfPageView
            key={i}
            doc={state.doc}
            number={i + 1}
            width={state.width}
            height={state.height}
            scale={scale}
            scroller={scroller}
            focus={focus?.page === i + 1 ? focus : undefined}
          />
        ))}
    </div>
  );
}

/** Reports the text selected inside `ref` (for Explain), and '' when the selection leaves it. */
function useSelection(ref: RefObject<HTMLElement | null>, onSelect: (text: string) => void) {
  const report = useRef(onSelect);
  report.current = onSelect;
  useEffect(() => {
    const changed = () => {
      const selection = document.getSelection();
      const inside = !!selection && selection.rangeCount > 0 && !!ref.current?.contains(selection.anchorNode);
      report.current(inside ? selection.toString().replace(/\s+/g, ' ').trim() : '');
    };
    document.addEventListener('selectionchange', changed);
    return () => document.removeEventListener('selectionchange', changed);
  }, [ref]);
}

/** A picture document (chat with an image): the picture itself, which a citation can only point at. */
export function ImageViewer({ url, focus }: { url: string; focus?: ViewerFocus }) {
  const { t } = useTranslation();
  // A TIFF, say, is read by OCR on the server but not every browser can show it.
  const [failed, setFailed] = useState(false);
  return (
    <div className="ai-viewer" role="region" aria-label={t('aiPdf.viewer.label')} tabIndex={0}>
      {failed && <p className="ai-viewer__note">{t('aiPdf.viewer.failed')}</p>}
      <section className="ai-page ai-page--image" data-page={1} aria-label={t('aiPdf.viewer.page', { page: 1 })} hidden={failed}>
        <img src={url} alt={t('aiPdf.viewer.image')} onError={() => setFailed(true)} />
        {focus && <div key={focus.nonce} className="ai-page__flash" aria-hidden="true" />}
      </section>
    </div>
  );
}
