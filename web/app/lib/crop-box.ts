/**
 * The crop box as the page shows it: fractions of the page's width and height, from its top-left
 * corner, so it keeps its place whatever size the page is drawn at. The request sends margins in
 * points, which the worker applies to each page as shown.
 */
export interface CropBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const FULL_BOX: CropBox = { x: 0, y: 0, w: 1, h: 1 };
/** The smallest box, as a fraction of each side, so there is always something to grab. */
export const MIN_SIDE = 0.02;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The box moved by (dx, dy), kept on the page. */
export function moveBox(box: CropBox, dx: number, dy: number): CropBox {
  return { ...box, x: clamp(box.x + dx, 0, 1 - box.w), y: clamp(box.y + dy, 0, 1 - box.h) };
}

/** The box with its right and bottom edges moved by (dw, dh), kept on the page and never smaller than MIN_SIDE. */
export function resizeBox(box: CropBox, dw: number, dh: number): CropBox {
  return { ...box, w: clamp(box.w + dw, MIN_SIDE, 1 - box.x), h: clamp(box.h + dh, MIN_SIDE, 1 - box.y) };
}

/** The box between two corners, in any order, within the page. */
export function boxBetween(ax: number, ay: number, bx: number, by: number): CropBox {
  const [x0, x1] = [clamp(Math.min(ax, bx), 0, 1), clamp(Math.max(ax, bx), 0, 1)];
  const [y0, y1] = [clamp(Math.min(ay, by), 0, 1), clamp(Math.max(ay, by), 0, 1)];
  return { x: x0, y: y0, w: Math.max(MIN_SIDE, x1 - x0), h: Math.max(MIN_SIDE, y1 - y0) };
}

export type Side = 'left' | 'top' | 'right' | 'bottom';
export const SIDES: readonly Side[] = ['left', 'top', 'right', 'bottom'];

/** Margins in points cut from each side of a page of `size` points. */
export function boxMargins(box: CropBox, size: { width: number; height: number }): Record<Side, number> {
  const round = (v: number) => Math.max(0, Math.round(v * 100) / 100);
  return {
    left: round(box.x * size.width),
    top: round(box.y * size.height),
    right: round((1 - box.x - box.w) * size.width),
    bottom: round((1 - box.y - box.h) * size.height),
  };
}

/** The box with one margin set to `points`, kept on the page. */
export function withMargin(box: CropBox, side: Side, points: number, size: { width: number; height: number }): CropBox {
  const m = { ...boxMargins(box, size), [side]: Math.max(0, points) };
  const fx = (v: number) => v / size.width;
  const fy = (v: number) => v / size.height;
  const x = clamp(fx(m.left), 0, 1 - MIN_SIDE);
  const y = clamp(fy(m.top), 0, 1 - MIN_SIDE);
  return { x, y, w: clamp(1 - x - fx(m.right), MIN_SIDE, 1 - x), h: clamp(1 - y - fy(m.bottom), MIN_SIDE, 1 - y) };
}

export const MM_PER_POINT = 25.4 / 72;
