import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '~/hooks/use-near-viewport';
import type { PdfPage } from './use-pdf';

/** Side-bar width of a thumbnail, in CSS pixels. */
const THUMB_WIDTH = 96;

function Thumb({ page, n, deleted, rotation, onGo }: { page: PdfPage; n: number; deleted: boolean; rotation: number; onGo: () => void }) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(button);
  useEffect(() => {
    if (near && canvas.current) return page.render(canvas.current, THUMB_WIDTH / page.width);
  }, [near, page]);
  // A quarter turn makes the page wider than tall: shrink it to stay in the thumbnail's box.
  const quarter = rotation % 180 !== 0 ? Math.min(page.width / page.height, page.height / page.width) : 1;
  return (
    <li>
      <button ref={button} type="button" className={`editor-thumb${deleted ? ' is-deleted' : ''}`} onClick={onGo} aria-label={t('editor.page.go', { n })}>
        <canvas ref={canvas} style={{ width: THUMB_WIDTH, aspectRatio: `${page.width} / ${page.height}`, transform: rotation ? `rotate(${rotation}deg) scale(${quarter})` : undefined }} />
        <span>{n}</span>
      </button>
    </li>
  );
}

export function Thumbnails({ pages, isDeleted, rotationOf, onGo }: { pages: readonly PdfPage[]; isDeleted: (n: number) => boolean; rotationOf: (n: number) => number; onGo: (n: number) => void }) {
  const { t } = useTranslation();
  return (
    <nav className="editor-thumbs" aria-label={t('editor.page.thumbnails')}>
      <ol>
        {pages.map((page, i) => (
          <Thumb key={i} page={page} n={i + 1} deleted={isDeleted(i + 1)} rotation={rotationOf(i + 1)} onGo={() => onGo(i + 1)} />
        ))}
      </ol>
    </nav>
  );
}
