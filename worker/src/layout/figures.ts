import type { PaintedShape } from './pdf-operators';
import type { ImagePlacement } from './pdf-images';
import type { TextRun } from './types';

/** A rectangle of the page, top-left points. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Elements closer than this (points) belong to the same drawing. */
const JOIN_GAP = 8;
/** Above this share of the region covered by text, it is a framed text box, not a drawing. */
const MAX_TEXT_COVER = 0.3;

/**
 * Finds vector drawings (charts, diagrams) made of many painted paths and pictures: those cannot be
 * rebuilt in a word processor, so the converter pictures them whole, labels included. A lone
 * picture stays a picture of its own; shapes that hold text (shaded cells, boxes) are backgrounds.
 */
export function figureRegions(page: { width: number; height: number }, shapes: readonly PaintedShape[], images: readonly ImagePlacement[], runs: readonly TextRun[]): Box[] {
  const pageArea = page.width * page.height;
  const elements: Array<Box & { kind: 'image' | 'curve' | 'shape' }> = [];
  for (const s of shapes) {
    const area = (s.x1 - s.x0) * (s.y1 - s.y0);
    if (area > 0.5 * pageArea) continue; // page backgrounds and frames
    if (!s.curved && holdsText(s, runs)) continue;
    elements.push({ x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, kind: s.curved ? 'curve' : 'shape' });
  }
  for (const p of images) {
    if (p.width * p.height > 0.5 * pageArea) continue;
    elements.push({ x0: p.x, y0: p.y, x1: p.x + p.width, y1: p.y + p.height, kind: 'image' });
  }
  const groups = clusters(elements);
  const isDrawing = (group: typeof elements) => {
    const drawn = group.filter((e) => e.kind !== 'image');
    // Pictures side by side stay pictures; it takes drawn paths to make a drawing.
    return drawn.length >= 3 || (drawn.some((e) => e.kind === 'curve') && group.length >= 2);
  };
  let regions = groups.filter(isDrawing).map(union);
  // Stray arrows and boxes a little apart from a drawing belong to it.
  const rest = groups.filter((g) => !isDrawing(g) && g.some((e) => e.kind !== 'image')).map(union);
  for (let grown = true; grown; ) {
    grown = false;
    for (let i = rest.length - 1; i >= 0; i--) {
      const hit = regions.findIndex((r) => near(r, rest[i], 2 * JOIN_GAP));
      if (hit < 0) continue;
      regions[hit] = union([regions[hit], rest[i]]);
      rest.splice(i, 1);
      grown = true;
    }
  }
  regions = mergeOverlapping(regions).filter((box) => {
    const w = box.x1 - box.x0;
    const h = box.y1 - box.y0;
    return w >= 30 && h >= 20 && w * h <= 0.9 * pageArea && textCover(box, runs) <= MAX_TEXT_COVER;
  });
  return mergeOverlapping(regions);
}

/** True when the run's middle lies inside the box. */
export function inside(run: { x: number; y: number; width: number; height: number }, box: Box, pad = 1): boolean {
  const cx = run.x + run.width / 2;
  const cy = run.y + run.height / 2;
  return cx >= box.x0 - pad && cx <= box.x1 + pad && cy >= box.y0 - pad && cy <= box.y1 + pad;
}

function holdsText(s: Box, runs: readonly TextRun[]): boolean {
  return runs.some((r) => inside(r, s, 0));
}

function textCover(box: Box, runs: readonly TextRun[]): number {
  let area = 0;
  for (const r of runs) if (inside(r, box)) area += r.width * r.height;
  return area / Math.max(1, (box.x1 - box.x0) * (box.y1 - box.y0));
}

function union(boxes: readonly Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

const near = (a: Box, b: Box, gap: number) => a.x0 - gap <= b.x1 && b.x0 - gap <= a.x1 && a.y0 - gap <= b.y1 && b.y0 - gap <= a.y1;

/** Groups of boxes linked by nearness (union-find; pages hold at most a few thousand paths). */
function clusters<T extends Box>(items: readonly T[]): T[][] {
  const parent = items.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const order = items.map((_, i) => i).sort((a, b) => items[a].x0 - items[b].x0);
  for (let a = 0; a < order.length; a++) {
    const ia = order[a];
    for (let b = a + 1; b < order.length; b++) {
      const ib = order[b];
      if (items[ib].x0 - JOIN_GAP > items[ia].x1) break;
      if (near(items[ia], items[ib], JOIN_GAP)) parent[find(ia)] = find(ib);
    }
  }
  const groups = new Map<number, T[]>();
  items.forEach((item, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), item]);
  });
  return [...groups.values()];
}

function mergeOverlapping(boxes: Box[]): Box[] {
  let merged = boxes;
  for (let changed = true; changed; ) {
    changed = false;
    const out: Box[] = [];
    for (const b of merged) {
      const hit = out.findIndex((o) => near(o, b, 0));
      if (hit >= 0) {
        out[hit] = union([out[hit], b]);
        changed = true;
      } else out.push(b);
    }
    merged = out;
  }
  return merged;
}
