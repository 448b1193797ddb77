import { useLayoutEffect, useState, type RefObject } from 'react';

const GAP = 12;

/**
 * Narrowest a grid cell may get: smaller on phones, so three pages still fit a row, unless the
 * cells carry buttons (`roomy`), which need two columns' width to stay tappable.
 */
const minCellWidth = (width: number, roomy: boolean) => (width >= 480 ? 136 : roomy ? 140 : 96);

/** How many cells of at least the minimum width fit in the element's width, kept up to date. */
export function useGridColumns(ref: RefObject<HTMLElement | null>, roomy = false): number {
  const [columns, setColumns] = useState(4);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const width = el.clientWidth;
      setColumns(Math.max(2, Math.floor((width + GAP) / (minCellWidth(width, roomy) + GAP))));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, roomy]);
  return columns;
}
