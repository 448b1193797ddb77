import { useEffect, useState } from 'react';
import { openPdfDocument } from '~/lib/pdf-preview';

/** A page drawn for the crop view: its size as shown, in points, and its picture. */
export interface PageView {
  width: number;
  height: number;
  image: string;
}

/** Width of the picture the crop view draws on, in pixels: sharp on a wide screen, light to make. */
const VIEW_WIDTH = 900;

/** Renders one page of a local PDF with pdf.js (the crop box needs its size in points too). */
export function usePageView(url: string | undefined, page: number): PageView | 'loading' | 'failed' {
  const [view, setView] = useState<PageView | 'loading' | 'failed'>('loading');
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    setView('loading');
    (async () => {
      const task = await openPdfDocument(url);
      destroy = () => task.destroy();
      const doc = await task.promise;
      const p = await doc.getPage(page);
      const size = p.getViewport({ scale: 1 });
      const viewport = p.getViewport({ scale: VIEW_WIDTH / size.width });
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      await p.render({ canvas, viewport }).promise;
      if (!cancelled) setView({ width: size.width, height: size.height, image: canvas.toDataURL('image/jpeg', 0.85) });
    })().catch(() => !cancelled && setView('failed'));
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [url, page]);
  return view;
}
