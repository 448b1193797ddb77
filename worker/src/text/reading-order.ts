/**
 * Reading order of the text blocks of a page by recursive XY-cut:
 *
 * 1. where a vertical gutter runs through the whole region, the region splits into columns, read
 *    left to right, each top to bottom;
 * 2. otherwise a thin band at the top (a running head) or at the bottom (a footer, a page number)
 *    is cut off, since such a line often crosses the gutters below or above it;
 * 3. otherwise the topmost band of blocks, up to the first horizontal gap, is read first.
 *
 * Cutting one band at a time matters: in a two-column region a gap that happens to line up across
 * both columns must not split the columns into interleaved halves. Text set sideways in a margin
 * (a vertical line) would bridge every band, so it is read last.
 */

/** A box in page coordinates, y growing downwards. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface ReadingOrderOptions {
  /** Narrowest gutter that separates columns, in the boxes' units. */
  minGutter: number;
  /** A band at most this tall is a running head or a footer. */
  thinBand: number;
  /** True for a block of text that runs vertically. */
  isVertical?(box: Box): boolean;
}

/** The boxes in reading order. The input is not modified. */
export function readingOrder<T extends Box>(boxes: readonly T[], opts: ReadingOrderOptions): T[] {
  const vertical = opts.isVertical ?? (() => false);
  const out: T[] = [];
  cut(
    boxes.filter((b) => !vertical(b)),
    opts,
    out,
  );
  out.push(...boxes.filter((b) => vertical(b)));
  return out;
}

function cut<T extends Box>(boxes: T[], opts: ReadingOrderOptions, out: T[]): void {
  if (boxes.length <= 1) {
    out.push(...boxes);
    return;
  }
  const columns = splitColumns(boxes, opts.minGutter);
  if (columns) {
    for (const column of columns) cut(column, opts, out);
    return;
  }
  const top = splitBand(boxes, 'top');
  if (top && height(top.band) <= opts.thinBand) {
    cut(top.band, opts, out);
    cut(top.rest, opts, out);
    return;
  }
  const bottom = splitBand(boxes, 'bottom');
  if (bottom && height(bottom.band) <= opts.thinBand) {
    cut(bottom.rest, opts, out);
    cut(bottom.band, opts, out);
    return;
  }
  if (top) {
    cut(top.band, opts, out);
    cut(top.rest, opts, out);
    return;
  }
  // Overlapping in both directions: nothing to cut, read top to bottom, then left to right.
  out.push(...[...boxes].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0));
}

const height = (boxes: readonly Box[]) => Math.max(...boxes.map((b) => b.y1)) - Math.min(...boxes.map((b) => b.y0));

/** Groups separated by vertical gutters at least `minGutter` wide, left to right; null if none. */
function splitColumns<T extends Box>(boxes: T[], minGutter: number): T[][] | null {
  const sorted = [...boxes].sort((a, b) => a.x0 - b.x0);
  const groups: T[][] = [[sorted[0]]];
  let right = sorted[0].x1;
  for (const box of sorted.slice(1)) {
    if (box.x0 - right >= minGutter) groups.push([box]);
    else groups[groups.length - 1].push(box);
    right = Math.max(right, box.x1);
  }
  return groups.length > 1 ? groups : null;
}

/**
 * The run of boxes that overlap vertically starting from the top (or the bottom) of the region,
 * and everything else; null when they all overlap.
 */
function splitBand<T extends Box>(boxes: T[], from: 'top' | 'bottom'): { band: T[]; rest: T[] } | null {
  if (from === 'top') {
    const sorted = [...boxes].sort((a, b) => a.y0 - b.y0);
    let bottom = sorted[0].y1;
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i].y0 > bottom) return { band: sorted.slice(0, i), rest: sorted.slice(i) };
      bottom = Math.max(bottom, sorted[i].y1);
    }
    return null;
  }
  const sorted = [...boxes].sort((a, b) => b.y1 - a.y1);
  let top = sorted[0].y0;
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].y1 < top) return { band: sorted.slice(0, i), rest: sorted.slice(i) };
    top = Math.min(top, sorted[i].y0);
  }
  return null;
}
