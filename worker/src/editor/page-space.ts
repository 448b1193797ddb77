import type { PDFPage } from '@cantoo/pdf-lib';
import type { TPoint, TRect } from '#shared/editor/operations';
import { apply, compose, displayedSize, displayedToUser, type Matrix } from '../pages/geometry';

/**
 * A page as the editor showed it: `width` × `height` points after /Rotate and the crop box.
 * Drawing happens in "upright" space (points, origin bottom-left of the displayed page, y up);
 * `toUser` maps it into the page's own user space, so an edit lands where the user put it on a
 * turned or cropped page.
 */
export interface PageSpace {
  width: number;
  height: number;
  toUser: Matrix;
}

export function pageSpace(page: PDFPage): PageSpace {
  const crop = page.getCropBox();
  const frame = { x0: crop.x, y0: crop.y, x1: crop.x + crop.width, y1: crop.y + crop.height, rotation: page.getRotation().angle };
  const { width, height } = displayedSize(frame);
  // Upright (y up) → displayed (y down) → user space.
  return { width, height, toUser: compose([1, 0, 0, -1, 0, height], displayedToUser(frame)) };
}

/** A rect of fractions as upright points: its bottom-left corner and size. */
export function uprightRect(space: PageSpace, [x, y, w, h]: TRect) {
  return { x: x * space.width, y: (1 - y - h) * space.height, width: w * space.width, height: h * space.height };
}

export function uprightPoint(space: PageSpace, [x, y]: TPoint): [number, number] {
  return [x * space.width, (1 - y) * space.height];
}

/** The user-space box [llx, lly, urx, ury] covering a rect of fractions (for annotation /Rect). */
export function userBox(space: PageSpace, rect: TRect): [number, number, number, number] {
  const r = uprightRect(space, rect);
  const corners = [apply(space.toUser, r.x, r.y), apply(space.toUser, r.x + r.width, r.y + r.height)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** QuadPoints of a rect of fractions in user space, in the order viewers expect (top-left, top-right, bottom-left, bottom-right as displayed). */
export function userQuad(space: PageSpace, rect: TRect): number[] {
  const r = uprightRect(space, rect);
  const pts = [
    [r.x, r.y + r.height],
    [r.x + r.width, r.y + r.height],
    [r.x, r.y],
    [r.x + r.width, r.y],
  ] as const;
  return pts.flatMap(([x, y]) => apply(space.toUser, x, y));
}
