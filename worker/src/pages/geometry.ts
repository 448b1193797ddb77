/**
 * Affine maps between the spaces a scanned page passes through: the page as a viewer shows it,
 * the raster rendered from it, the straightened raster Tesseract reads, and back into the PDF's
 * own user space. Matrices follow PDF's convention: [a b c d e f] maps (x, y) to
 * (a·x + c·y + e, b·x + d·y + f).
 */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `first`, then `second`. */
export function compose(first: Matrix, second: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = second;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

export function invert(m: Matrix): Matrix {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

export const scale = (sx: number, sy: number): Matrix => [sx, 0, 0, sy, 0, 0];
export const translate = (tx: number, ty: number): Matrix => [1, 0, 0, 1, tx, ty];

/**
 * A turn by `degrees` clockwise as seen on screen, in coordinates whose y grows downwards (image
 * pixels), about the origin.
 */
export function turnClockwise(degrees: number): Matrix {
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  // x' = x·cos − y·sin, y' = x·sin + y·cos (exact for quarter turns, so pixel sizes stay whole).
  const snap = (v: number) => (Math.abs(v) < 1e-12 ? 0 : Math.abs(Math.abs(v) - 1) < 1e-12 ? Math.sign(v) : v);
  return [snap(cos), snap(sin), snap(-sin), snap(cos), 0, 0];
}

/**
 * From the pixels of an image to the pixels of the same image turned clockwise by `degrees` about
 * its centre onto a canvas of `out` size (the centres coincide).
 */
export function turnAboutCentre(inSize: { width: number; height: number }, degrees: number, out: { width: number; height: number }): Matrix {
  return compose(compose(translate(-inSize.width / 2, -inSize.height / 2), turnClockwise(degrees)), translate(out.width / 2, out.height / 2));
}

/** A page's crop box in user space, and its /Rotate (clockwise, a multiple of 90). */
export interface PageFrame {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  rotation: number;
}

/** Size of the page as a viewer shows it (after /Rotate), in points. */
export function displayedSize(frame: PageFrame): { width: number; height: number } {
  const w = frame.x1 - frame.x0;
  const h = frame.y1 - frame.y0;
  return frame.rotation % 180 === 0 ? { width: w, height: h } : { width: h, height: w };
}

/**
 * From the page as displayed (points, origin top-left, y down) to the PDF's user space of the
 * page, accounting for the crop box and the page's /Rotate.
 */
export function displayedToUser(frame: PageFrame): Matrix {
  const { x0, y0, x1, y1 } = frame;
  switch (((frame.rotation % 360) + 360) % 360) {
    case 90:
      return [0, 1, 1, 0, x0, y0];
    case 180:
      return [-1, 0, 0, 1, x1, y0];
    case 270:
      return [0, -1, -1, 0, x1, y1];
    default:
      return [1, 0, 0, -1, x0, y1];
  }
}
