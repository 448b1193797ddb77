/** The user's signature: smoothed strokes, and the copy kept in this browser for next time. */
import type { Point } from './operations';
import type { SavedSignature } from './new-object';

const STORAGE_KEY = 'sheaf.signature';

/** A pointer's jitter evened out: each point averaged with its neighbours, the ends kept where they were. */
export function smoothStroke(points: readonly Point[]): Point[] {
  if (points.length < 3) return points.map((p) => [...p] as Point);
  return points.map((p, i) => {
    if (i === 0 || i === points.length - 1) return [...p] as Point;
    const [a, b, c] = [points[i - 1], p, points[i + 1]];
    return [(a[0] + 2 * b[0] + c[0]) / 4, (a[1] + 2 * b[1] + c[1]) / 4] as Point;
  });
}

/** Strokes cropped to their own bounds: fractions of the signature's box, and that box's width over height. */
export function fitStrokes(strokes: readonly Point[][], aspect: number): { strokes: Point[][]; aspect: number } {
  const all = strokes.flat();
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const w = Math.max(x1 - x0, 0.01);
  const h = Math.max(y1 - y0, 0.01);
  const fit = strokes.map((s) => s.map(([x, y]) => [Math.round(((x - x0) / w) * 1e4) / 1e4, Math.round(((y - y0) / h) * 1e4) / 1e4] as Point));
  return { strokes: fit, aspect: (w * aspect) / h };
}

export function loadSignature(): SavedSignature | undefined {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as SavedSignature) : undefined;
  } catch {
    return undefined;
  }
}

export function saveSignature(signature: SavedSignature) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(signature));
  } catch {
    // A full or disabled storage only loses the reuse, not the signature being placed.
  }
}
