import { unionBox, type Box } from './lines';

/**
 * Reading order of a page's pieces (text fragments, pictures, tables) by column gutters.
 *
 * A gutter is a vertical strip of whitespace that most of the page leaves free. The pieces that
 * cross it (a title, a full-width figure, a footer) cut the page into horizontal bands; in a band
 * the pieces left of the gutter are read before those right of it (the other way round on
 * right-to-left pages), each side in turn searched for gutters of its own (three columns).
 * Cutting at horizontal whitespace first, as a plain XY-cut does, would read a page whose columns
 * share a baseline grid, or start at different heights, row by row across the columns.
 */

export type Region<T extends Box> =
  | { kind: 'leaf'; box: Box; items: T[] }
  | { kind: 'columns'; box: Box; parts: Array<Region<T>> }
  | { kind: 'stack'; box: Box; parts: Array<Region<T>> };

export interface CutOptions<T extends Box = Box> {
  /** Right-to-left pages read their columns from the right. */
  rtl: boolean;
  /** Narrowest whitespace between columns, in points. */
  minGutter: number;
  /** Narrowest column, in points: anything narrower is a list marker or a number, not a column. */
  minColumn: number;
  /** May veto a split into these parts (left to right): rows that merely line up are not columns. */
  canSplit?(parts: readonly T[][]): boolean;
}

export function readingOrder<T extends Box>(items: readonly T[], opts: CutOptions<T>): Region<T> {
  return build([...items], opts, 0);
}

/** Rows, and share of the page's height, a running head or foot takes at most. */
const RUNNING_ROWS = 5;
const RUNNING_HEIGHT = 0.12;

/**
 * The running head, the body and the running foot of a page: rows at the top or the bottom, set
 * apart by a wide gap, are read on their own. Their pieces stand left and right of the body's
 * gutters and would otherwise open and close its columns.
 */
export function pageParts<T extends Box>(items: readonly T[], size: number, pageHeight: number): T[][] {
  const spans: Array<{ y0: number; y1: number }> = [];
  for (const item of [...items].sort((a, b) => a.y0 - b.y0)) {
    const last = spans.at(-1);
    if (last && item.y0 <= last.y1) last.y1 = Math.max(last.y1, item.y1);
    else spans.push({ y0: item.y0, y1: item.y1 });
  }
  const minGap = Math.max(2 * size, 12);
  const maxHeight = RUNNING_HEIGHT * pageHeight;
  // The widest qualifying gap among the first (last) few rows.
  let top: { at: number; gap: number } | undefined;
  let bottom: { at: number; gap: number } | undefined;
  for (let k = 1; k <= Math.min(RUNNING_ROWS, spans.length - 1); k++) {
    const gap = spans[k].y0 - spans[k - 1].y1;
    if (gap >= minGap && spans[k - 1].y1 - spans[0].y0 <= maxHeight && (!top || gap > top.gap)) top = { at: spans[k].y0, gap };
    const j = spans.length - k;
    const gapUp = spans[j].y0 - spans[j - 1].y1;
    if (gapUp >= minGap && spans.at(-1)!.y1 - spans[j].y0 <= maxHeight && (!bottom || gapUp > bottom.gap)) bottom = { at: spans[j].y0, gap: gapUp };
  }
  const headEnd = top?.at ?? -Infinity;
  const footStart = bottom && bottom.at > headEnd ? bottom.at : Infinity;
  const head = items.filter((i) => i.y0 < headEnd);
  const foot = items.filter((i) => i.y0 >= footStart);
  const body = items.filter((i) => i.y0 >= headEnd && i.y0 < footStart);
  return [head, body, foot].filter((part) => part.length);
}

/**
 * Side-by-side parts (left to right) that are rows merely lined up, not columns of text: labels
 * with values, code with its comments. Those leave the left part's lines far short of its edge,
 * with baselines matched on the right (within `tolerance` points).
 */
export function linedUpRows(parts: readonly (readonly Box[])[], tolerance = 1): boolean {
  for (let i = 0; i + 1 < parts.length; i++) {
    const [left, right] = [parts[i], parts[i + 1]];
    if (left.length < 2 || right.length < 2) continue;
    const edge = Math.max(...left.map((t) => t.x1));
    const width = edge - Math.min(...left.map((t) => t.x0));
    const slack = left.reduce((s, t) => s + (edge - t.x1), 0) / left.length / Math.max(1, width);
    const matched = right.filter((r) => left.some((l) => Math.abs(l.y1 - r.y1) < tolerance)).length / right.length;
    if (slack > 0.25 && matched > 0.7) return true;
  }
  return false;
}

/** Horizontal whitespace cuts tried, widest first, when no gutter holds over a whole region. */
const MAX_CUT_TRIES = 8;

function build<T extends Box>(items: T[], opts: CutOptions<T>, depth: number): Region<T> {
  const box = unionBox(items);
  if (items.length <= 1 || depth > 24) return { kind: 'leaf', box, items };
  const split = bestGutter(items, opts);
  if (split) return regionOf(split, opts, depth);
  // Columns of different widths one above the other (two, then three): find the whitespace that
  // separates them, and only cut there, since a cut between single-column bands would split paragraphs.
  for (const at of horizontalCuts(items).slice(0, MAX_CUT_TRIES)) {
    const top = items.filter((i) => (i.y0 + i.y1) / 2 < at);
    const bottom = items.filter((i) => (i.y0 + i.y1) / 2 >= at);
    if (bestGutter(top, opts) || bestGutter(bottom, opts)) return stack([build(top, opts, depth + 1), build(bottom, opts, depth + 1)]);
  }
  return { kind: 'leaf', box, items };
}

interface Band<T> {
  items: T[];
  /** Set when the band reads as columns: its pieces left and right of the gutter. */
  sides?: [T[], T[]];
}

function regionOf<T extends Box>(bands: Array<Band<T>>, opts: CutOptions<T>, depth: number): Region<T> {
  const parts = bands.map((band): Region<T> => {
    if (!band.sides) return build(band.items, opts, depth + 1);
    // A side that is itself columns only (no band across it) adds its columns to these.
    const sides = band.sides.map((s) => build(s, opts, depth + 1)).flatMap((r) => (r.kind === 'columns' ? r.parts : [r]));
    return { kind: 'columns', box: unionBox(band.items), parts: opts.rtl ? sides.reverse() : sides };
  });
  return parts.length === 1 ? parts[0] : stack(parts);
}

function stack<T extends Box>(parts: Array<Region<T>>): Region<T> {
  const flat = parts.flatMap((p) => (p.kind === 'stack' ? p.parts : [p]));
  return { kind: 'stack', box: unionBox(flat.map((p) => p.box)), parts: flat };
}

interface Gutter {
  /** The free strip, from the right edge of what is left of it to the left edge of what is right. */
  x0: number;
  x1: number;
}

/**
 * The gutter that best splits these pieces into bands of columns, as the bands it makes; undefined
 * when none does (a single column, or rows that only line up).
 */
function bestGutter<T extends Box>(items: readonly T[], opts: CutOptions<T>): Array<Band<T>> | undefined {
  let best: { bands: Array<Band<T>>; breaks: number; paired: number; width: number } | undefined;
  for (const g of gutterCandidates(items, opts.minGutter)) {
    const bands = bandsAt(items, g, opts);
    const columned = bands.filter((b) => b.sides);
    if (!columned.length) continue;
    const breaks = bands.length - columned.length;
    const paired = columned.reduce((s, b) => s + Math.min(b.sides![0].length, b.sides![1].length), 0);
    // Columns are long runs of text side by side, broken by few pieces across them; pieces that
    // alternate with the ones beside the strip make a page of rows, not columns.
    if (paired < 2 || breaks > columned.length + 2) continue;
    const width = g.x1 - g.x0;
    if (!best || breaks < best.breaks || (breaks === best.breaks && (paired > best.paired || (paired === best.paired && width > best.width)))) {
      best = { bands, breaks, paired, width };
    }
  }
  return best?.bands;
}

/** Pieces top to bottom, cut into bands by the ones crossing the gutter. */
function bandsAt<T extends Box>(items: readonly T[], g: Gutter, opts: CutOptions<T>): Array<Band<T>> {
  const crossers = items.filter((i) => i.x0 < g.x1 && i.x1 > g.x0);
  // A piece in the row of one that crosses (a page number beside a running head) goes with it.
  const sameRow = (a: Box, b: Box) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) >= 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
  const across = new Set(crossers);
  const crosses = (i: T) => across.has(i) || crossers.some((c) => c.y1 - c.y0 < 3 * (i.y1 - i.y0) && sameRow(c, i));
  const sorted = [...items].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const runs: Array<{ crossing: boolean; items: T[] }> = [];
  for (const item of sorted) {
    const crossing = crosses(item);
    const last = runs.at(-1);
    if (last && last.crossing === crossing) last.items.push(item);
    else runs.push({ crossing, items: [item] });
  }
  const bands: Array<Band<T>> = [];
  for (const run of runs) {
    const left = run.items.filter((i) => i.x1 <= g.x0);
    const right = run.items.filter((i) => i.x0 >= g.x1);
    const wide = (side: T[]) => side.length > 0 && Math.max(...side.map((i) => i.x1)) - Math.min(...side.map((i) => i.x0)) >= opts.minColumn;
    const columns = !run.crossing && wide(left) && wide(right) && (opts.canSplit?.([left, right]) ?? true);
    const last = bands.at(-1);
    if (columns) bands.push({ items: run.items, sides: [left, right] });
    // Text on one side only between pieces that cross (the short last line of a full-width
    // paragraph) is the same full-width text, not a break between columns.
    else if (last && !last.sides) last.items.push(...run.items);
    else bands.push({ items: run.items });
  }
  return bands;
}

/**
 * Strips at least `minGutter` wide that few pieces cross, each at the lowest crossing count that
 * makes it that wide, with pieces wholly on both sides. Counts go up to half the pieces.
 */
function gutterCandidates(items: readonly Box[], minGutter: number): Gutter[] {
  if (items.length < 2) return [];
  // Elementary intervals between consecutive piece edges, with how many pieces cover each.
  const events = items.flatMap((i) => [
    { x: i.x0, d: 1 },
    { x: i.x1, d: -1 },
  ]);
  events.sort((a, b) => a.x - b.x || a.d - b.d);
  const spans: Array<{ x0: number; x1: number; count: number }> = [];
  let count = 0;
  for (let k = 0; k < events.length; k++) {
    count += events[k].d;
    const next = events[k + 1];
    if (next && next.x > events[k].x) spans.push({ x0: events[k].x, x1: next.x, count });
  }
  const left = Math.min(...items.map((i) => i.x1));
  const right = Math.max(...items.map((i) => i.x0));
  const found: Gutter[] = [];
  const levels = [...new Set(spans.map((s) => s.count))].sort((a, b) => a - b).filter((c) => c <= items.length / 2);
  for (const level of levels) {
    let start: number | undefined;
    for (let k = 0; k <= spans.length; k++) {
      const s = spans[k];
      if (s && s.count <= level) {
        start ??= k;
        continue;
      }
      if (start !== undefined) {
        // A line that merely starts (ends) a hair inside the strip is left out of it when the
        // strip stays wide enough without it: it belongs to the column beside, not across.
        let a = start;
        let b = k - 1;
        while (b > a && spans[b].count > spans[b - 1].count && spans[b - 1].x1 - spans[a].x0 >= minGutter) b--;
        while (a < b && spans[a].count > spans[a + 1].count && spans[b].x1 - spans[a + 1].x0 >= minGutter) a++;
        const g = { x0: spans[a].x0, x1: spans[b].x1 };
        // Something must lie wholly on each side, and each strip is counted once, at its lowest level.
        if (g.x1 - g.x0 >= minGutter && g.x0 >= left && g.x1 <= right && !found.some((f) => f.x0 < g.x1 && g.x0 < f.x1)) found.push(g);
        start = undefined;
      }
    }
  }
  return found;
}

/** Heights between the pieces where the region could be cut across, the widest gap first. */
function horizontalCuts(items: readonly Box[]): number[] {
  const spans = items.map((b) => [b.y0, b.y1] as [number, number]).sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([...s]);
  }
  const gaps = merged.slice(1).map((s, i) => ({ at: (merged[i][1] + s[0]) / 2, size: s[0] - merged[i][1] }));
  return gaps.sort((a, b) => b.size - a.size).map((g) => g.at);
}
