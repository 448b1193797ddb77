import { unionBox, type Box } from './lines';

/**
 * Reading order by recursive cuts along whitespace (XY-cut), with one twist for multi-column
 * pages: column text set on a common baseline grid leaves gaps at the same heights in every
 * column, so cutting across them would read the page row by row. Horizontal bands are therefore
 * merged back together while they share a column gutter, and only bands that cross the gutter
 * (a title, a full-width figure) stand apart.
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

function build<T extends Box>(items: T[], opts: CutOptions<T>, depth: number): Region<T> {
  const box = unionBox(items);
  if (items.length <= 1 || depth > 40) return { kind: 'leaf', box, items };
  const columns = splitColumns(items, opts);
  if (columns) {
    const parts = columns.map((c) => build(c, opts, depth + 1));
    return { kind: 'columns', box, parts: opts.rtl ? parts.reverse() : parts };
  }
  const groups = mergeBands(splitBands(items), opts);
  if (groups.length <= 1) return { kind: 'leaf', box, items };
  return { kind: 'stack', box, parts: groups.map((g) => build(g, opts, depth + 1)) };
}

/** Intervals covered by the items along one axis, merged, in order. */
function cover<T extends Box>(items: readonly T[], axis: 'x' | 'y'): Array<[number, number]> {
  const spans = items.map((b) => (axis === 'x' ? [b.x0, b.x1] : [b.y0, b.y1]) as [number, number]).sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const s of spans) {
    const last = out.at(-1);
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push([...s]);
  }
  return out;
}

/** Splits at vertical gutters wide enough, between parts wide enough to be columns; undefined when none. */
export function splitColumns<T extends Box>(items: readonly T[], opts: CutOptions<T>): T[][] | undefined {
  const spans = cover(items, 'x');
  if (spans.length < 2) return undefined;
  // Parts between gutters; a part too narrow to be a column joins its neighbour across the narrower gutter.
  let parts = [{ x0: spans[0][0], x1: spans[0][1] }];
  const gutters: number[] = [];
  for (let i = 1; i < spans.length; i++) {
    const gap = spans[i][0] - spans[i - 1][1];
    if (gap >= opts.minGutter) {
      gutters.push(gap);
      parts.push({ x0: spans[i][0], x1: spans[i][1] });
    } else parts.at(-1)!.x1 = spans[i][1];
  }
  for (let narrow = parts.findIndex((p) => p.x1 - p.x0 < opts.minColumn); narrow >= 0 && parts.length > 1; narrow = parts.findIndex((p) => p.x1 - p.x0 < opts.minColumn)) {
    const left = narrow > 0 ? gutters[narrow - 1] : Infinity;
    const right = narrow < parts.length - 1 ? gutters[narrow] : Infinity;
    const into = left <= right ? narrow - 1 : narrow + 1;
    const [a, b] = into < narrow ? [into, narrow] : [narrow, into];
    parts.splice(a, 2, { x0: parts[a].x0, x1: parts[b].x1 });
    gutters.splice(a, 1);
  }
  if (parts.length < 2) return undefined;
  parts = parts.sort((a, b) => a.x0 - b.x0);
  const out: T[][] = parts.map(() => []);
  for (const item of items) {
    const mid = (item.x0 + item.x1) / 2;
    const i = parts.findIndex((p) => mid >= p.x0 - 0.01 && mid <= p.x1 + 0.01);
    out[i < 0 ? 0 : i].push(item);
  }
  const nonEmpty = out.filter((p) => p.length);
  if (nonEmpty.length < 2 || (opts.canSplit && !opts.canSplit(nonEmpty))) return undefined;
  return nonEmpty;
}

/** Horizontal bands separated by empty space, top to bottom. */
function splitBands<T extends Box>(items: readonly T[]): T[][] {
  const spans = cover(items, 'y');
  const bands: T[][] = spans.map(() => []);
  for (const item of items) {
    const i = spans.findIndex((s) => item.y0 >= s[0] - 0.01 && item.y0 <= s[1]);
    bands[i < 0 ? 0 : i].push(item);
  }
  return bands.filter((b) => b.length);
}

/** Consecutive bands stay together unless one crosses the column gutter the others share. */
function mergeBands<T extends Box>(bands: T[][], opts: CutOptions<T>): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let currentSplits = false;
  for (const [k, band] of bands.entries()) {
    if (!current.length) {
      current = [...band];
      currentSplits = Boolean(splitColumns(band, opts));
      continue;
    }
    const joined = [...current, ...band];
    const joinedSplits = Boolean(splitColumns(joined, opts));
    const bandSplits = Boolean(splitColumns(band, opts));
    // A row that only opens the columns below (a heading in one column beside the other's first line) goes with them.
    const next = bands[k + 1];
    const opensColumns = !bandSplits && next !== undefined && Boolean(splitColumns(next, opts)) && Boolean(splitColumns([...band, ...next], opts));
    // Single-column bands run together; so do bands that keep a common gutter.
    if (joinedSplits || (!currentSplits && !bandSplits && !opensColumns)) {
      current = joined;
      currentSplits = joinedSplits;
    } else {
      groups.push(current);
      current = [...band];
      currentSplits = bandSplits;
    }
  }
  if (current.length) groups.push(current);
  return groups;
}
