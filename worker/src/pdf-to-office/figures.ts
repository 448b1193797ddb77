import type { PaintedShape } from './pdf-operators';
import type { ImagePlacement } from './pdf-images';
import { ruledTables } from './tables';
import type { RuleLine, TextRun } from './types';

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
export function figureRegions(
  page: { width: number; height: number },
  shapes: readonly PaintedShape[],
  images: readonly ImagePlacement[],
  runs: readonly TextRun[],
  rules: readonly RuleLine[] = [],
): Box[] {
  const pageArea = page.width * page.height;
  const elements: Array<Box & { kind: 'image' | 'curve' | 'shape' }> = [];
  for (const s of shapes) {
    const area = (s.x1 - s.x0) * (s.y1 - s.y0);
    if (area > 0.5 * pageArea) continue; // page backgrounds and frames
    if (!s.curved && holdsText(s, runs)) continue;
    // White on white, or a hairline: a table's cell borders, not a drawing's strokes.
    if (!s.curved && !s.stroked && (s.fill === 'ffffff' || Math.min(s.x1 - s.x0, s.y1 - s.y0) < 1)) continue;
    elements.push({ x0: s.x0, y0: s.y0, x1: s.x1, y1: s.y1, kind: s.curved ? 'curve' : 'shape' });
  }
  // Diagrams are drawn with straight lines as much as with curves; the lines of ruled tables and
  // the long rules that set off headers, footnotes and tables are not drawings.
  const tables = ruledTables(rules, runs);
  for (const l of rules) {
    if (Math.hypot(l.x2 - l.x1, l.y2 - l.y1) > 0.45 * page.width) continue;
    const mid = { x: (l.x1 + l.x2) / 2, y: (l.y1 + l.y2) / 2, width: 0, height: 0 };
    if (tables.some((t) => inside(mid, t, 2))) continue;
    elements.push({ x0: Math.min(l.x1, l.x2), y0: Math.min(l.y1, l.y2), x1: Math.max(l.x1, l.x2), y1: Math.max(l.y1, l.y2), kind: 'shape' });
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
    return w >= 30 && h >= 20 && w * h <= 0.9 * pageArea && textCover(box, runs) <= MAX_TEXT_COVER && !holdsProse(box, runs);
  });
  return withLabels(mergeOverlapping(regions), runs);
}

/** Words on a row above which it is a line of text, not a label. */
const LABEL_WORDS = 6;

/**
 * Grows each drawing over the labels around it (axis titles, "(a)" under a panel), and joins the
 * panels of one figure that only labels separate. A row of words beside a drawing that reads as
 * text (a column's line) is left alone.
 */
function withLabels(regions: Box[], runs: readonly TextRun[]): Box[] {
  let out = regions;
  for (let round = 0; round < 4; round++) {
    const grown = out.map((box) => {
      let b = box;
      for (const r of runs) {
        if (inside(r, b)) continue;
        const gap = 1.5 * r.fontSize;
        const near = r.x < b.x1 + gap && r.x + r.width > b.x0 - gap && r.y < b.y1 + gap && r.y + r.height > b.y0 - gap;
        if (!near) continue;
        const row = runs.filter((o) => Math.abs(o.y + o.height - (r.y + r.height)) < 0.5 * r.fontSize && o.x < b.x1 + 4 * gap && o.x + o.width > b.x0 - 4 * gap);
        if (row.reduce((n, o) => n + o.text.split(/\s+/).filter(Boolean).length, 0) >= LABEL_WORDS) continue;
        b = union([b, { x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height }]);
      }
      return b;
    });
    // Panels closer than a label's height, with nothing but labels between, are one figure.
    const merged = mergeOverlapping(grown.map((b) => ({ ...b, x0: b.x0 - JOIN_GAP, y0: b.y0 - JOIN_GAP, x1: b.x1 + JOIN_GAP, y1: b.y1 + JOIN_GAP })))
      .map((b) => ({ x0: b.x0 + JOIN_GAP, y0: b.y0 + JOIN_GAP, x1: b.x1 - JOIN_GAP, y1: b.y1 - JOIN_GAP }))
      .filter((b) => !holdsProse(b, runs));
    const same = merged.length === out.length && merged.every((b, i) => b.x0 === out[i].x0 && b.y0 === out[i].y0 && b.x1 === out[i].x1 && b.y1 === out[i].y1);
    out = merged;
    if (same) break;
  }
  return out;
}

/** Words on a line above which the line is running text, not a drawing's label. */
const PROSE_WORDS = 8;

/**
 * A region holding lines of running text is a framed text box or a boxed table, and stays text:
 * a drawing's labels are a few words each.
 */
function holdsProse(box: Box, runs: readonly TextRun[]): boolean {
  const rows = new Map<number, number>();
  for (const r of runs) {
    if (!inside(r, box)) continue;
    const key = Math.round(r.y + r.height);
    rows.set(key, (rows.get(key) ?? 0) + r.text.split(/\s+/).filter(Boolean).length);
  }
  const lines = [...rows.values()];
  return lines.filter((w) => w >= PROSE_WORDS).length > Math.max(2, 0.4 * lines.length);
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
