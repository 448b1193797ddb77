import type { DwgHatchDefinitionLine } from '@mlightcad/libredwg-web';
import type { Point } from './geometry';

/** More pattern dashes than this in one hatch: it is left unpatterned rather than drawn for minutes. */
const MAX_SEGMENTS = 200_000;

/**
 * The dashes of a hatch pattern inside its boundary (even-odd rule), as line segments. Each
 * definition line is a family of parallel lines through `base + k·offset`, at `angle`, with a
 * dash pattern (positive dash, negative gap, 0 dot) that starts on each line's own origin.
 * Returns null when the pattern is too dense to draw.
 */
export function hatchPatternSegments(rings: readonly Point[][], lines: readonly DwgHatchDefinitionLine[]): Array<[Point, Point]> | null {
  const edges: Array<[Point, Point]> = [];
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const a = ring[i];
      const b = ring[(i + 1) % ring.length];
      if (a.x !== b.x || a.y !== b.y) edges.push([a, b]);
      minX = Math.min(minX, a.x);
      minY = Math.min(minY, a.y);
      maxX = Math.max(maxX, a.x);
      maxY = Math.max(maxY, a.y);
    }
  }
  if (!edges.length || !Number.isFinite(minX)) return null;
  const corners = [
    { x: minX, y: minY },
    { x: maxX, y: minY },
    { x: minX, y: maxY },
    { x: maxX, y: maxY },
  ];

  const out: Array<[Point, Point]> = [];
  for (const line of lines) {
    const d = { x: Math.cos(line.angle), y: Math.sin(line.angle) };
    const n = { x: -d.y, y: d.x };
    const spacing = line.offset.x * n.x + line.offset.y * n.y;
    if (!(Math.abs(spacing) > 1e-9)) continue;
    const baseN = line.base.x * n.x + line.base.y * n.y;
    const proj = corners.map((c) => (c.x * n.x + c.y * n.y - baseN) / spacing);
    const kFrom = Math.ceil(Math.min(...proj));
    const kTo = Math.floor(Math.max(...proj));
    if (kTo - kFrom > MAX_SEGMENTS) return null;
    const dashes = line.dashLengths ?? [];
    const period = dashes.reduce((s, x) => s + Math.abs(x), 0);

    for (let k = kFrom; k <= kTo; k++) {
      const o = { x: line.base.x + k * line.offset.x, y: line.base.y + k * line.offset.y };
      // Parameters along d where the line crosses the boundary, paired inside/outside.
      const ts: number[] = [];
      for (const [a, b] of edges) {
        const sa = (a.x - o.x) * n.x + (a.y - o.y) * n.y;
        const sb = (b.x - o.x) * n.x + (b.y - o.y) * n.y;
        if ((sa > 0) === (sb > 0)) continue;
        const f = sa / (sa - sb);
        const px = a.x + (b.x - a.x) * f;
        const py = a.y + (b.y - a.y) * f;
        ts.push((px - o.x) * d.x + (py - o.y) * d.y);
      }
      ts.sort((x, y) => x - y);
      for (let i = 0; i + 1 < ts.length; i += 2) {
        const [t0, t1] = [ts[i], ts[i + 1]];
        if (!dashes.length || !(period > 0)) out.push([at(o, d, t0), at(o, d, t1)]);
        else dash(o, d, t0, t1, dashes, period, out);
        if (out.length > MAX_SEGMENTS) return null;
      }
    }
  }
  return out;
}

const at = (o: Point, d: Point, t: number): Point => ({ x: o.x + d.x * t, y: o.y + d.y * t });

/** The dashes of one line between t0 and t1; dots become very short dashes so they still show. */
function dash(o: Point, d: Point, t0: number, t1: number, dashes: readonly number[], period: number, out: Array<[Point, Point]>) {
  const dot = period * 0.01;
  let t = Math.floor(t0 / period) * period;
  for (let guard = 0; t < t1 && guard < MAX_SEGMENTS; guard++) {
    for (const len of dashes) {
      const start = t;
      const end = t + Math.abs(len);
      t = end;
      if (len < 0) continue;
      const a = Math.max(start, t0);
      const b = Math.min(len === 0 ? start + dot : end, t1);
      if (b > a) out.push([at(o, d, a), at(o, d, b)]);
      if (out.length > MAX_SEGMENTS) return;
    }
  }
}
