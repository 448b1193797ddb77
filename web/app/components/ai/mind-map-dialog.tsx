import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { aiApi } from '~/lib/ai-api';
import type { FlowMessage } from '~/lib/api-client';
import { saveBlob } from '~/lib/download';
import { useMessageText } from '~/lib/messages';
import { useAuthActions } from '~/stores/auth-provider';
import { CloseIcon } from '../icons';
import { Modal } from '../layout/modal';
import { failureOf } from './ai-upload';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A node's link to a page: `#page=N` in the mind map's Markdown. */
const PAGE_LINK = /^#page=(\d+)$/;

/** A file name from the document's title, without its extension. */
const baseName = (title: string) => title.replace(/\.[A-Za-z0-9]{2,5}$/, '').replace(/[\\/:*?"<>|]+/g, '_') || 'mind-map';

/** The drawn map as a standalone SVG document, as large as it is shown, markmap's styles inside. */
function standalone(svg: SVGSVGElement, css: string): SVGSVGElement {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const style = document.createElementNS(SVG_NS, 'style');
  style.textContent = css;
  clone.prepend(style);
  const width = Math.ceil(svg.clientWidth);
  const height = Math.ceil(svg.clientHeight);
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  return clone;
}

/**
 * The same map as a PNG: a canvas may not read back an SVG whose text is HTML (markmap's nodes are
 * foreignObject), so the nodes are redrawn as SVG text first, then the picture is drawn on a canvas.
 */
async function pngBlob(svg: SVGSVGElement, css: string): Promise<Blob> {
  const clone = standalone(svg, css);
  const live = Array.from(svg.querySelectorAll('foreignObject'));
  Array.from(clone.querySelectorAll('foreignObject')).forEach((object, i) => {
    const source = live[i];
    const text = document.createElementNS(SVG_NS, 'text');
    const height = Number(object.getAttribute('height') ?? 16);
    text.setAttribute('x', object.getAttribute('x') ?? '0');
    text.setAttribute('y', String(Number(object.getAttribute('y') ?? 0) + height * 0.8));
    text.setAttribute('font-size', source ? getComputedStyle(source.firstElementChild ?? source).fontSize : '14px');
    text.setAttribute('font-family', 'system-ui, sans-serif');
    text.setAttribute('fill', '#1f2937');
    text.textContent = object.textContent ?? '';
    object.replaceWith(text);
  });
  const width = Math.ceil(svg.clientWidth);
  const height = Math.ceil(svg.clientHeight);
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`;
  const image = new Image();
  image.src = url;
  await image.decode();
  const ratio = 2;
  const canvas = document.createElement('canvas');
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(ratio, ratio);
  ctx.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG export failed'))), 'image/png'));
}

interface MindMapDialogProps {
  documentId: string;
  title: string;
  /** A node's page link was followed. */
  onPage: (page: number) => void;
  onClose: () => void;
}

type MapState = { status: 'loading' } | { status: 'ready'; markdown: string } | { status: 'failed'; message: FlowMessage };

/**
 * The document as a mind map: the server's Markdown (outline or headings, `[p. N](#page=N)` links)
 * drawn by markmap in the page, nothing fetched from elsewhere; exports as SVG, PNG and Markdown.
 */
export function MindMapDialog({ documentId, title, onPage, onClose }: MindMapDialogProps) {
  const { t } = useTranslation();
  const { callContext } = useAuthActions();
  const messageText = useMessageText();
  const titleId = useId();
  /** Where the map is drawn, and the SVG markmap draws it in (made here, not by React: see below). */
  const holder = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement | null>(null);
  /** markmap's stylesheet, written into the exported files (the page itself has it from ai.css). */
  const css = useRef('');
  const [state, setState] = useState<MapState>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    aiApi.mindMap(callContext(), documentId).then(
      ({ markdown }) => live && setState({ status: 'ready', markdown }),
      (e: unknown) => live && setState({ status: 'failed', message: failureOf(e).message }),
    );
    return () => {
      live = false;
    };
  }, [callContext, documentId]);

  useEffect(() => {
    if (state.status !== 'ready' || !holder.current) return;
    let map: { destroy(): void } | undefined;
    let drawn: SVGSVGElement | undefined;
    let live = true;
    // markmap is only needed here: it is fetched with the dialog, from this site's own bundle.
    Promise.all([import('markmap-lib/no-plugins'), import('markmap-view')]).then(([lib, view]) => {
      if (!live || !holder.current) return;
      const { root } = new lib.Transformer().transform(state.markdown);
      css.current = view.globalCSS;
      // markmap adds a <style> element to its SVG, empty without its global CSS, and the page's content
      // security policy refuses an inline style without the nonce (and logs it). So the map is made on an
      // SVG that is not in the page yet, the element is taken out, and only then is the SVG shown; the
      // rules markmap would have written are in ai.css.
      drawn = document.createElementNS(SVG_NS, 'svg');
      drawn.setAttribute('class', 'ai-mindmap__svg');
      const markmap = new view.Markmap(drawn, { duration: 0, maxWidth: 320, embedGlobalCSS: false });
      markmap.styleNode.remove();
      holder.current.append(drawn);
      svg.current = drawn;
      map = markmap;
      void markmap.setData(root).then(() => {
        if (live) void markmap.fit();
      });
    }, () => live && setState({ status: 'failed', message: { code: 'INTERNAL' } }));
    return () => {
      live = false;
      map?.destroy();
      drawn?.remove();
      svg.current = null;
    };
  }, [state]);

  const onClick = (e: MouseEvent) => {
    const link = (e.target as Element).closest('a');
    const page = PAGE_LINK.exec(link?.getAttribute('href') ?? '')?.[1];
    if (!page) return;
    e.preventDefault();
    onPage(Number(page));
  };

  const name = baseName(title);
  const exportSvg = () => svg.current && saveBlob(new Blob([new XMLSerializer().serializeToString(standalone(svg.current, css.current))], { type: 'image/svg+xml' }), `${name}.svg`);
  const exportPng = () => svg.current && void pngBlob(svg.current, css.current).then((blob) => saveBlob(blob, `${name}.png`), () => undefined);
  const exportMarkdown = () => state.status === 'ready' && saveBlob(new Blob([state.markdown], { type: 'text/markdown' }), `${name}.md`);

  return (
    <Modal className="ai-dialog ai-mindmap" labelledBy={titleId} onClose={onClose}>
      <div className="ai-dialog__body">
        <div className="ai-dialog__head">
          <h2 id={titleId} className="ai-dialog__title">
            {t('aiPdf.mindMap.title', { title })}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('aiPdf.mindMap.close')}>
            <CloseIcon width={18} height={18} />
          </button>
        </div>
        {state.status === 'loading' && <p role="status">{t('aiPdf.mindMap.loading')}</p>}
        {state.status === 'failed' && <p role="alert">{messageText(state.message)}</p>}
        {state.status === 'ready' && (
          <>
            <p className="ai-dialog__hint">{t('aiPdf.mindMap.hint')}</p>
            <div ref={holder} onClick={onClick} />
            <div className="button-row">
              <button type="button" className="button button--secondary" onClick={exportSvg}>
                {t('aiPdf.mindMap.svg')}
              </button>
              <button type="button" className="button button--secondary" onClick={exportPng}>
                {t('aiPdf.mindMap.png')}
              </button>
              <button type="button" className="button button--secondary" onClick={exportMarkdown}>
                {t('aiPdf.mindMap.markdown')}
              </button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
