import { boxOfRun, dominantSize, fragmentsOf, lineOf, rowsOf, type Box, type Fragment } from './lines';
import type { PageLayout, RuleLine, TextRun } from './types';

/**
 * Table detection on one page, two ways:
 *  - ruled: horizontal and vertical rules that cross form a grid; a cell spans the grid cells
 *    no rule separates (merged cells);
 *  - unruled: rows of text whose fragments line up in columns with empty gutters between them,
 *    and that read like data rather than prose.
 */

export interface TableCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  runs: TextRun[];
  /** The cell's text, its lines joined by "\n". */
  text: string;
}

export interface Table extends Box {
  /** Column boundaries, left to right (columns + 1 values). */
  colEdges: number[];
  /** Row boundaries, top to bottom (rows + 1 values). */
  rowEdges: number[];
  /** Cells in row-major order; grid positions a spanning cell covers have no cell of their own. */
  cells: TableCell[];
  ruled: boolean;
}

/** Rules closer than this (points) are the same line; gaps this small do not break a line. */
const SNAP = 2;

export function detectTables(page: PageLayout): Table[] {
  const ruled = ruledTables(page.rules, page.runs);
  const rest = page.runs.filter((r) => !ruled.some((t) => holds(t, r)));
  return [...ruled, ...unruledTables(rest, page.rules)].sort((a, b) => a.y0 - b.y0);
}

/** True when the run's middle lies inside the table. */
export function holds(t: Box, r: TextRun): boolean {
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  return cx > t.x0 && cx < t.x1 && cy > t.y0 && cy < t.y1;
}

// ---------------------------------------------------------------- ruled

interface Seg {
  /** The fixed coordinate (y of a horizontal rule, x of a vertical one). */
  at: number;
  from: number;
  to: number;
}

/** Collinear, overlapping or touching segments become one. */
function mergeSegments(segs: Seg[]): Seg[] {
  const sorted = [...segs].sort((a, b) => a.at - b.at || a.from - b.from);
  const out: Seg[] = [];
  for (const s of sorted) {
    const same = out.findLast((o) => Math.abs(o.at - s.at) <= SNAP / 2 && s.from <= o.to + SNAP);
    if (same) {
      same.to = Math.max(same.to, s.to);
      same.from = Math.min(same.from, s.from);
    } else out.push({ ...s });
  }
  return out;
}

export function ruledTables(rules: readonly RuleLine[], runs: readonly TextRun[]): Table[] {
  const hs = mergeSegments(rules.filter((r) => Math.abs(r.y1 - r.y2) < 0.5).map((r) => ({ at: (r.y1 + r.y2) / 2, from: Math.min(r.x1, r.x2), to: Math.max(r.x1, r.x2) })));
  const vs = mergeSegments(rules.filter((r) => Math.abs(r.x1 - r.x2) < 0.5).map((r) => ({ at: (r.x1 + r.x2) / 2, from: Math.min(r.y1, r.y2), to: Math.max(r.y1, r.y2) })));
  if (hs.length < 2 || vs.length < 2) return [];

  // Connected components of crossing rules.
  const n = hs.length + vs.length;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  hs.forEach((h, i) =>
    vs.forEach((v, j) => {
      if (v.at >= h.from - SNAP && v.at <= h.to + SNAP && h.at >= v.from - SNAP && h.at <= v.to + SNAP) parent[find(i)] = find(hs.length + j);
    }),
  );
  const comps = new Map<number, { h: Seg[]; v: Seg[] }>();
  hs.forEach((h, i) => comps.set(find(i), { h: [...(comps.get(find(i))?.h ?? []), h], v: comps.get(find(i))?.v ?? [] }));
  vs.forEach((v, j) => {
    const root = find(hs.length + j);
    comps.set(root, { h: comps.get(root)?.h ?? [], v: [...(comps.get(root)?.v ?? []), v] });
  });

  const tables: Table[] = [];
  for (const { h, v } of comps.values()) {
    if (h.length < 2 || v.length < 2) continue;
    const rowEdges = clusterValues(h.map((s) => s.at));
    const colEdges = clusterValues(v.map((s) => s.at));
    if (rowEdges.length < 2 || colEdges.length < 2) continue;
    const box = { x0: colEdges[0], y0: rowEdges[0], x1: colEdges.at(-1)!, y1: rowEdges.at(-1)! };
    const inside = runs.filter((r) => holds(box, r));
    // One framed box is a text frame, not a table.
    if ((rowEdges.length - 1) * (colEdges.length - 1) < 2 || inside.length === 0) continue;
    const hasV = (x: number, y0: number, y1: number) => v.some((s) => Math.abs(s.at - x) <= SNAP && covers(s, y0, y1));
    const hasH = (y: number, x0: number, x1: number) => h.some((s) => Math.abs(s.at - y) <= SNAP && covers(s, x0, x1));
    tables.push(gridTable(box, rowEdges, colEdges, inside, hasV, hasH));
  }
  return tables;
}

/** A segment covers most of a span (rules often stop a hair short of each other). */
function covers(s: Seg, a: number, b: number): boolean {
  const overlap = Math.min(s.to, b) - Math.max(s.from, a);
  return overlap >= 0.6 * (b - a);
}

function clusterValues(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[][] = [];
  for (const v of sorted) {
    const last = out.at(-1);
    if (last && v - last.at(-1)! <= SNAP) last.push(v);
    else out.push([v]);
  }
  return out.map((c) => c.reduce((s, x) => s + x, 0) / c.length);
}

/** Cells of a grid: a cell spans right while no rule divides it, then down while none does. */
function gridTable(
  box: Box,
  rowEdges: number[],
  colEdges: number[],
  runs: readonly TextRun[],
  hasV: (x: number, y0: number, y1: number) => boolean,
  hasH: (y: number, x0: number, x1: number) => boolean,
): Table {
  const rows = rowEdges.length - 1;
  const cols = colEdges.length - 1;
  const taken = Array.from({ length: rows }, () => Array<boolean>(cols).fill(false));
  const cells: TableCell[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (taken[r][c]) continue;
      let colSpan = 1;
      while (c + colSpan < cols && !taken[r][c + colSpan] && !hasV(colEdges[c + colSpan], rowEdges[r], rowEdges[r + 1])) colSpan++;
      let rowSpan = 1;
      while (r + rowSpan < rows && !hasH(rowEdges[r + rowSpan], colEdges[c], colEdges[c + colSpan]) && taken[r + rowSpan].slice(c, c + colSpan).every((t) => !t)) rowSpan++;
      for (let i = 0; i < rowSpan; i++) for (let j = 0; j < colSpan; j++) taken[r + i][c + j] = true;
      const cellBox = { x0: colEdges[c], y0: rowEdges[r], x1: colEdges[c + colSpan], y1: rowEdges[r + rowSpan] };
      const cellRuns = runs.filter((run) => holds(cellBox, run));
      cells.push({ row: r, col: c, rowSpan, colSpan, runs: cellRuns, text: cellText(cellRuns) });
    }
  }
  // Rows and columns no cell starts in were slivers between double rules: drop them.
  return compact({ ...box, rowEdges, colEdges, cells, ruled: true });
}

/** The text of a cell's runs, line by line. */
export function cellText(runs: readonly TextRun[]): string {
  if (!runs.length) return '';
  return rowsOf(runs.map((r) => ({ ...boxOfRun(r), run: r })))
    .map((row) => lineOf(row.map((i) => i.run)).text.trim())
    .filter(Boolean)
    .join('\n');
}

/** Removes empty rows and columns (double rules, decorative frames). */
function compact(t: Table): Table {
  const rows = t.rowEdges.length - 1;
  const cols = t.colEdges.length - 1;
  const rowUsed = Array<boolean>(rows).fill(false);
  const colUsed = Array<boolean>(cols).fill(false);
  for (const c of t.cells) {
    if (!c.runs.length) continue;
    for (let i = 0; i < c.rowSpan; i++) rowUsed[c.row + i] = true;
    for (let j = 0; j < c.colSpan; j++) colUsed[c.col + j] = true;
  }
  // Keep thin empty rows only when they are real rows (taller than a sliver).
  for (let r = 0; r < rows; r++) if (!rowUsed[r] && t.rowEdges[r + 1] - t.rowEdges[r] > 6) rowUsed[r] = true;
  for (let c = 0; c < cols; c++) if (!colUsed[c] && t.colEdges[c + 1] - t.colEdges[c] > 6) colUsed[c] = true;
  if (rowUsed.every(Boolean) && colUsed.every(Boolean)) return t;
  const rowMap = remap(rowUsed);
  const colMap = remap(colUsed);
  const cells: TableCell[] = [];
  for (const c of t.cells) {
    const r0 = rowMap[c.row];
    const c0 = colMap[c.col];
    if (r0 < 0 || c0 < 0) continue;
    const rowSpan = rowUsed.slice(c.row, c.row + c.rowSpan).filter(Boolean).length;
    const colSpan = colUsed.slice(c.col, c.col + c.colSpan).filter(Boolean).length;
    if (!rowSpan || !colSpan) continue;
    cells.push({ ...c, row: r0, col: c0, rowSpan, colSpan });
  }
  const rowEdges = [t.rowEdges[0], ...t.rowEdges.slice(1).filter((_, i) => rowUsed[i])];
  const colEdges = [t.colEdges[0], ...t.colEdges.slice(1).filter((_, i) => colUsed[i])];
  return { ...t, rowEdges, colEdges, cells };
}

function remap(used: boolean[]): number[] {
  let n = 0;
  return used.map((u) => (u ? n++ : -1));
}

// ---------------------------------------------------------------- unruled

/** Words per cell above which a "cell" is a line of prose. */
const PROSE_WORDS = 7;
const LIST_MARKER = /^(?:[•◦▪▫■□●○◆◇►▸‣⁃∙·*–—-]|\(?(?:\d{1,3}|[a-zA-Z]|[ivxlcdm]{1,6})[.)])$/i;

export function unruledTables(runs: readonly TextRun[], rules: readonly RuleLine[]): Table[] {
  const fragments = fragmentsOf(runs);
  const rows = rowsOf(fragments).map((r) => r.sort((a, b) => a.x0 - b.x0));
  const tables: Table[] = [];
  let block: Fragment[][] = [];
  const flush = () => {
    const t = blockTable(block);
    if (t) tables.push(t);
    block = [];
  };
  for (const row of rows) {
    const prev = block.at(-1);
    if (prev) {
      const prevBox = rowBox(prev);
      const box = rowBox(row);
      const size = Math.max(dominantSize(prev.flatMap((f) => f.runs)), 1);
      const far = box.y0 - prevBox.y1 > 1.5 * size;
      const ruleBetween = rules.some(
        (l) => Math.abs(l.y1 - l.y2) < 0.5 && l.y1 > prevBox.y1 - 0.5 && l.y1 < box.y0 + 0.5 && l.x1 < box.x0 + 2 && l.x2 > box.x1 - 2,
      );
      if (far || (ruleBetween && !sameColumns(prev, row))) flush();
    }
    if (row.length >= 2) block.push(row);
    else if (block.length && block.at(-1)!.length >= 2 && rowBox(row).x0 >= rowBox(block[0]).x0 - 2) block.push(row); // a wrapped cell line
    else flush();
  }
  flush();
  return tables;
}

function rowBox(row: readonly Fragment[]): Box {
  return {
    x0: Math.min(...row.map((f) => f.x0)),
    y0: Math.min(...row.map((f) => f.y0)),
    x1: Math.max(...row.map((f) => f.x1)),
    y1: Math.max(...row.map((f) => f.y1)),
  };
}

function sameColumns(a: readonly Fragment[], b: readonly Fragment[]): boolean {
  return a.length === b.length && a.every((f, i) => Math.abs(f.x0 - b[i].x0) < 3 || Math.abs(f.x1 - b[i].x1) < 3);
}

/** A table from a block of rows, or undefined when the rows do not line up or read as prose. */
function blockTable(rows: Fragment[][]): Table | undefined {
  while (rows.length && rows.at(-1)!.length < 2) rows = rows.slice(0, -1);
  if (rows.length < 3) return undefined;
  const all = rows.flat();
  const size = dominantSize(all.flatMap((f) => f.runs));
  // Columns from the body rows (the first row may hold headers spanning several columns).
  const body = rows.length > 3 ? rows.slice(1) : rows;
  const spans = coverX(body.flat());
  const gutters: number[] = [];
  for (let i = 1; i < spans.length; i++) if (spans[i][0] - spans[i - 1][1] >= 0.5 * size) gutters.push((spans[i][0] + spans[i - 1][1]) / 2);
  if (gutters.length < 1) return undefined;
  const cols = gutters.length + 1;
  const words = all.map((f) => f.runs.map((r) => r.text).join(' ').split(/\s+/).filter(Boolean).length);
  if (words.filter((w) => w >= PROSE_WORDS).length > 0.25 * all.length) return undefined;
  if (all.length < 0.5 * rows.length * cols) return undefined;
  // A column of bullets or numbers is a list.
  const firstCol = all.filter((f) => f.x1 <= gutters[0]);
  if (firstCol.length >= 0.8 * rows.length && firstCol.every((f) => LIST_MARKER.test(f.runs.map((r) => r.text).join('').trim()))) return undefined;
  if (cols === 2 && rows.every((r) => r.length === 2) && all.every((f) => f.x1 - f.x0 > 120)) return undefined;

  const box = rowBox(all);
  const colEdges = [box.x0 - 1, ...gutters, box.x1 + 1];
  const rowEdges = [box.y0 - 1];
  for (let i = 1; i < rows.length; i++) rowEdges.push((rowBox(rows[i - 1]).y1 + rowBox(rows[i]).y0) / 2);
  rowEdges.push(box.y1 + 1);
  const cells: TableCell[] = [];
  rows.forEach((row, r) => {
    const byCol = new Map<number, { span: number; runs: TextRun[] }>();
    for (const f of row) {
      const first = colEdges.findIndex((e, i) => i < cols && f.x0 + 0.5 >= e && f.x0 + 0.5 < colEdges[i + 1]);
      const c = first < 0 ? 0 : first;
      let last = c;
      while (last + 1 < cols && f.x1 - 0.5 > colEdges[last + 1] + 0.5 * size) last++;
      const existing = byCol.get(c);
      if (existing) {
        existing.runs.push(...f.runs);
        existing.span = Math.max(existing.span, last - c + 1);
      } else byCol.set(c, { span: last - c + 1, runs: [...f.runs] });
    }
    let covered = -1;
    for (const [c, { span, runs }] of [...byCol.entries()].sort((a, b) => a[0] - b[0])) {
      if (c <= covered) continue;
      const colSpan = Math.min(span, cols - c);
      cells.push({ row: r, col: c, rowSpan: 1, colSpan, runs, text: cellText(runs) });
      covered = c + colSpan - 1;
    }
  });
  return { ...box, x0: colEdges[0], x1: colEdges.at(-1)!, y0: rowEdges[0], y1: rowEdges.at(-1)!, colEdges, rowEdges, cells, ruled: false };
}

function coverX(items: readonly Box[]): Array<[number, number]> {
  const spans = items.map((b) => [b.x0, b.x1] as [number, number]).sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const s of spans) {
    const last = out.at(-1);
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1]);
    else out.push([...s]);
  }
  return out;
}
