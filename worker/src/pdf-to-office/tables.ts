import { boxOfRun, dominantSize, fragment, fragmentsOf, lineOf, rowsOf, type Box, type Fragment } from './lines';
import type { PageLayout, RuleLine, TextRun } from './types';

/**
 * Table detection on one page, two ways:
 *  - ruled: horizontal and vertical rules that cross form a grid; a cell spans the grid cells
 *    no rule separates (merged cells). A grid without its outer frame takes in the text beyond
 *    its last rules; a body row holding a record per line is split into those records; a
 *    chart's axes are not a table;
 *  - unruled: rows of text whose cells line up in columns, with a strip between them that (nearly)
 *    every row leaves empty, and that read like data rather than prose. A rule under the header
 *    does not cut the table; a column of prose beside it is left out. Cells a mere space apart
 *    (a spreadsheet printed at narrow widths, figures on tab stops) part where their edges line
 *    up row after row: left edges, right edges, decimal marks. Text pdf.js joined across such a
 *    gap ("1204 3.5 FX-9") is cut at the jumps of the pen that fall on one of those edges.
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

/** What a chart's axes are labelled with: figures, or a single letter (x, y). */
const TICK_LABEL = /^(?:[−–+-]?[\d.,]+%?|\p{L})$/u;

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
  const compOf = (i: number) => {
    const root = find(i);
    if (!comps.has(root)) comps.set(root, { h: [], v: [] });
    return comps.get(root)!;
  };
  hs.forEach((h, i) => compOf(i).h.push(h));
  vs.forEach((v, j) => compOf(hs.length + j).v.push(v));

  const tables: Table[] = [];
  for (const { h, v } of comps.values()) {
    if (h.length < 2 || v.length < 2) continue;
    const rowEdges = clusterValues(h.map((s) => s.at));
    const colEdges = clusterValues(v.map((s) => s.at));
    if (rowEdges.length < 2 || colEdges.length < 2) continue;
    openSides(colEdges, Math.min(...h.map((s) => s.from)), Math.max(...h.map((s) => s.to)), (x0, x1) =>
      runs.some((r) => holds({ x0, x1, y0: rowEdges[0], y1: rowEdges.at(-1)! }, r)),
    );
    openSides(rowEdges, Math.min(...v.map((s) => s.from)), Math.max(...v.map((s) => s.to)), (y0, y1) =>
      runs.some((r) => holds({ x0: colEdges[0], x1: colEdges.at(-1)!, y0, y1 }, r)),
    );
    const box = { x0: colEdges[0], y0: rowEdges[0], x1: colEdges.at(-1)!, y1: rowEdges.at(-1)! };
    const inside = runs.filter((r) => holds(box, r));
    // One framed box is a text frame, not a table.
    if ((rowEdges.length - 1) * (colEdges.length - 1) < 2 || inside.length === 0) continue;
    const hasV = (x: number, y0: number, y1: number) => v.some((s) => Math.abs(s.at - x) <= SNAP && covers(s, y0, y1));
    const hasH = (y: number, x0: number, x1: number) => h.some((s) => Math.abs(s.at - y) <= SNAP && covers(s, x0, x1));
    const table = gridTable(box, rowEdges, colEdges, inside, hasV, hasH);
    // A chart's axes and ticks cross like rules, but leave open areas spanning rows and columns at
    // once, with nothing but the tick labels in them (a form's large boxes hold words).
    const open = table.cells.filter((c) => c.rowSpan > 1 && c.colSpan > 1);
    const area = open.reduce((n, c) => n + c.rowSpan * c.colSpan, 0);
    const tokens = open.flatMap((c) => c.text.split(/\s+/).filter(Boolean));
    const ticks = tokens.filter((t) => TICK_LABEL.test(t)).length;
    if (area > 0.5 * (table.rowEdges.length - 1) * (table.colEdges.length - 1) && ticks >= 0.7 * tokens.length) continue;
    tables.push(table);
  }
  return tables;
}

/**
 * Tables drawn without their outer frame (rules only between the columns, or only under the
 * rows): the crossing rules run on past the last edge, and text out there is a column or row of
 * the table. Adds those edges in place.
 */
function openSides(edges: number[], from: number, to: number, hasText: (a: number, b: number) => boolean) {
  if (from < edges[0] - 2 * SNAP && hasText(from, edges[0])) edges.unshift(from);
  if (to > edges.at(-1)! + 2 * SNAP && hasText(edges.at(-1)!, to)) edges.push(to);
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
  // Text pdf.js joined across a rule (cells a space apart) goes to its cells part by part.
  const inner = colEdges.slice(1, -1);
  runs = runs.flatMap((r) => (r.pieces && inner.some((e) => r.x < e && r.x + r.width > e) ? atomsOf([r]) : [r]));
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
      const cellRuns = rejoin(runs.filter((run) => holds(cellBox, run)));
      cells.push({ row: r, col: c, rowSpan, colSpan, runs: cellRuns, text: cellText(cellRuns) });
    }
  }
  // Rows and columns no cell starts in were slivers between double rules: drop them.
  return splitRecords(compact({ ...box, rowEdges, colEdges, cells, ruled: true }));
}

/**
 * Many tables rule off the header only: a body row then holds several records, a line each in
 * every column. Such a row splits where every filled cell starts a line together, when some
 * column reads as figures line after line (a header's wrapped words do not).
 */
function splitRecords(t: Table): Table {
  const cells: TableCell[] = [];
  const rowEdges = [t.rowEdges[0]];
  let added = 0;
  for (let r = 0; r < t.rowEdges.length - 1; r++) {
    const own = t.cells.filter((c) => c.row === r);
    const records = t.cells.some((c) => c.row <= r && c.row + c.rowSpan > r && c.rowSpan > 1) ? undefined : recordsOf(own);
    if (!records) {
      cells.push(...own.map((c) => ({ ...c, row: c.row + added })));
      rowEdges.push(t.rowEdges[r + 1]);
      continue;
    }
    records.forEach((record, k) => {
      for (const c of own) {
        const runs = c.runs.filter((run) => record.runs.has(run));
        cells.push({ ...c, row: r + added + k, runs, text: cellText(runs) });
      }
      rowEdges.push(k === records.length - 1 ? t.rowEdges[r + 1] : (record.y1 + records[k + 1].y0) / 2);
    });
    added += records.length - 1;
  }
  return added ? { ...t, rowEdges, cells } : t;
}

function recordsOf(own: readonly TableCell[]): Array<{ runs: Set<TextRun>; y0: number; y1: number }> | undefined {
  const filled = own.filter((c) => c.runs.length);
  if (filled.length < 2) return undefined;
  const bands = rowsOf(filled.flatMap((c, i) => c.runs.map((run) => ({ ...boxOfRun(run), run, cell: i }))));
  const starts = bands.flatMap((band, i) => (new Set(band.map((b) => b.cell)).size === filled.length ? [i] : []));
  if (starts.length < 2 || starts[0] !== 0) return undefined;
  const records = starts.map((start, k) => {
    const items = bands.slice(start, starts[k + 1] ?? bands.length).flat();
    return { runs: new Set(items.map((i) => i.run)), y0: Math.min(...items.map((i) => i.y0)), y1: Math.max(...items.map((i) => i.y1)), items };
  });
  const figures = filled.some((_, i) => records.every((rec) => rec.items.some((item) => item.cell === i && /\d/.test(item.run.text))));
  return figures ? records : undefined;
}

/**
 * A run set up or down the page (a turned column header): pdf.js gives its turn; an OCR'd run
 * only its box, tall and narrow for its size.
 */
const turned = (r: TextRun) => (r.angle !== undefined ? Math.abs((r.angle % 180) - 90) < 30 : r.height > 1.6 * r.fontSize && r.height > 1.5 * r.width);

/** The text of a cell's runs, line by line. */
export function cellText(runs: readonly TextRun[]): string {
  if (!runs.length) return '';
  const level = runs.filter((r) => !turned(r));
  const lines = rowsOf(level.map((r) => ({ ...boxOfRun(r), run: r }))).map((row) => lineOf(row.map((i) => i.run)).text.trim());
  // Lines set up the page read from the bottom, the first one leftmost; set down, from the top, the first one rightmost.
  const up: TextRun[][] = [];
  for (const r of runs.filter(turned).sort((a, b) => a.x - b.x)) {
    const line = up.at(-1);
    if (line && r.x < Math.max(...line.map((l) => l.x + l.width))) line.push(r);
    else up.push([r]);
  }
  const down = up.length > 0 && up.flat().every((r) => r.angle === 90);
  for (const line of down ? up.reverse() : up) {
    const ordered = line.sort((a, b) => (down ? a.y - b.y : b.y + b.height - (a.y + a.height)));
    lines.push(ordered.map((r) => r.text.trim()).join(' '));
  }
  return lines.filter(Boolean).join('\n');
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
const MATH_DELIMITER = /^\s*[()[\]{}|‖⟨⟩]\s*$/;
/**
 * Runs further apart than this many font sizes are separate cells, though they may sit closer
 * than a fragment's gap: spreadsheets leave well under an em between a long name and the next
 * column. A word space is about a quarter of an em.
 */
const CELL_GAP_EM = 0.5;

function unruledTables(runs: readonly TextRun[], rules: readonly RuleLine[]): Table[] {
  const fragments = fragmentsOf(runs);
  const rows = rowsOf(fragments).map((r) => r.sort((a, b) => a.x0 - b.x0));
  const tables: Table[] = [];
  let block: Fragment[][] = [];
  /** The block's first row when it is a line that stood alone above the others: a header, if the columns part it. */
  let header: Fragment[] | undefined;
  const flush = () => {
    const headed = header ? blockTables(block) : [];
    // The header stays only when it parts into cells of their own, one per column; otherwise it is a caption.
    const keepsHeader = headed.length === 1 && headed[0].rowEdges.length === block.length + 1 && headed[0].cells.filter((c) => c.row === 0 && c.colSpan === 1).length >= 2;
    tables.push(...(keepsHeader ? headed : blockTables(header ? block.slice(1) : block)));
    block = [];
    header = undefined;
  };
  /** The previous row, when it stood alone outside any block. */
  let alone: Fragment[] | undefined;
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
      // A rule under a header, or between body rows, does not end the table; one above rows laid out differently does.
      if (far || (ruleBetween && !alignsWith(block, row))) flush();
    }
    // A line of a column of text beside the table, between two of its rows, is not part of it.
    const blockBox = block.length ? rowBox(block.flat()) : undefined;
    const rowSpan = rowBox(row);
    const previous = alone;
    alone = undefined;
    if (blockBox && (rowSpan.x1 < blockBox.x0 || rowSpan.x0 > blockBox.x1)) continue;
    if (row.length >= 2) {
      // Short header words sit closer than a fragment's gap, so the header row is one fragment (a
      // bold "target notes" over "4.5 … up on last year"): it may head the block that starts under it.
      if (!block.length && previous && headsRow(previous[0], row)) {
        header = previous;
        block.push(header);
      }
      block.push(row);
    } else if (block.length && block.at(-1)!.length >= 2 && rowSpan.x0 >= rowBox(block[0]).x0 - 2) block.push(row); // a wrapped cell line
    else {
      flush();
      alone = row;
    }
  }
  flush();
  return tables;
}

/** A line just above a row, within its span: a header the row's columns may part. */
function headsRow(line: Fragment, row: readonly Fragment[]): boolean {
  const box = rowBox(row);
  const size = Math.max(line.fontSize, 1);
  return box.y0 - line.y1 <= 1.5 * size && box.y0 > line.y1 - 0.5 * size && line.x0 >= box.x0 - size && line.x1 <= box.x1 + 2 * size && wordCount(line) < PROSE_WORDS;
}

const wordCount = (f: Fragment) => f.runs.map((r) => r.text).join(' ').split(/\s+/).filter(Boolean).length;

function rowBox(row: readonly Box[]): Box {
  return {
    x0: Math.min(...row.map((f) => f.x0)),
    y0: Math.min(...row.map((f) => f.y0)),
    x1: Math.max(...row.map((f) => f.x1)),
    y1: Math.max(...row.map((f) => f.y1)),
  };
}

/** Most of the row's fragments sit over text of the rows above. */
function alignsWith(block: readonly Fragment[][], row: readonly Fragment[]): boolean {
  if (row.length < 2) return false;
  const spans = coverX(block.flat());
  const over = row.filter((f) => spans.some(([a, b]) => f.x0 < b && f.x1 > a)).length;
  return over >= 0.6 * row.length;
}

/**
 * A row's fragments cut where runs stand apart by more than a word space, or by a jump of the pen
 * onto an edge the block's columns keep.
 */
function cellPieces(row: readonly Fragment[], align: Alignment): Fragment[] {
  const out: Fragment[] = [];
  for (const f of row) {
    const runs = atomsOf(f.runs).sort((a, b) => a.x - b.x);
    let current: TextRun[] = [];
    let end = -Infinity;
    for (const r of runs) {
      const prev = current.at(-1);
      const size = Math.min(r.fontSize, prev?.fontSize ?? r.fontSize);
      if (prev && ((r.x - end > CELL_GAP_EM * size && !sameRun(prev, r)) || (r.x - end > JUMP_EM * size && align.parts(prev, r)))) {
        out.push(fragment(rejoin(current)));
        current = [];
        end = -Infinity;
      }
      current.push(r);
      end = Math.max(end, r.x + r.width);
    }
    if (current.length) out.push(fragment(rejoin(current)));
  }
  return out;
}

/** Tables from a block of rows: none when the rows do not line up or read as prose. */
function blockTables(rows: Fragment[][]): Table[] {
  while (rows.length && rows.at(-1)!.length < 2) rows = rows.slice(0, -1);
  if (rows.length < 3) return [];
  const all = rows.flat();
  const size = dominantSize(all.flatMap((f) => f.runs));
  const align = new Alignment(
    rows.map((row) => atomsOf(row.flatMap((f) => f.runs))),
    size,
  );
  const pieceRows = rows.map((row) => cellPieces(row, align));
  const pieces = pieceRows.flat();
  const gutters = columnGutters(pieceRows, size, align);
  if (gutters.length < 1) return [];
  const cols = gutters.length + 1;
  const colEdges = [Math.min(...all.map((f) => f.x0)) - 1, ...gutters, Math.max(...all.map((f) => f.x1)) + 1];
  const columnOf = (x: number) => Math.max(0, Math.min(cols - 1, colEdges.findIndex((e, i) => i > 0 && x < e) - 1));

  // Text beside a table (a column of prose next to it) shares its rows but never a row's content.
  for (let k = 1; k < cols; k++) {
    const sides = pieceRows.map((row) => new Set(row.map((p) => columnOf((p.x0 + p.x1) / 2) < k)));
    const both = sides.filter((s) => s.size === 2).length;
    const left = sides.filter((s) => s.size === 1 && s.has(true)).length;
    const right = sides.filter((s) => s.size === 1 && s.has(false)).length;
    if (both <= Math.max(1, 0.1 * rows.length) && left >= 2 && right >= 2) {
      const part = (onLeft: boolean) =>
        rows.map((row) => row.filter((f) => ((f.x0 + f.x1) / 2 < colEdges[k]) === onLeft)).filter((row) => row.length > 0);
      return [...blockTables(part(true)), ...blockTables(part(false))];
    }
  }

  if (all.filter((f) => wordCount(f) >= PROSE_WORDS).length > 0.25 * all.length) return [];
  if (pieces.length < 0.5 * rows.length * cols) return [];
  // Brackets standing alone are a formula's matrices, not cells.
  if (pieces.some((p) => MATH_DELIMITER.test(p.runs.map((r) => r.text).join('')))) return [];
  // A column of bullets or numbers is a list.
  const firstCol = pieces.filter((f) => f.x1 <= gutters[0]);
  if (firstCol.length >= 0.8 * rows.length && firstCol.every((f) => LIST_MARKER.test(f.runs.map((r) => r.text).join('').trim()))) return [];
  // Columns of running text (several lines of several words each) are a page's columns.
  const proseColumns = Array.from({ length: cols }, (_, c) => pieces.filter((p) => columnOf(p.x0) === c)).filter((ps) => {
    const long = ps.filter((p) => wordCount(p) >= 4 && p.runs.reduce((n, r) => n + r.text.length, 0) >= 22);
    return ps.length >= 3 && long.length >= 0.5 * ps.length;
  }).length;
  if (proseColumns >= 2 || (proseColumns === 1 && cols === 2)) return [];

  const box = rowBox(all);
  const rowEdges = [box.y0 - 1];
  for (let i = 1; i < rows.length; i++) rowEdges.push((rowBox(rows[i - 1]).y1 + rowBox(rows[i]).y0) / 2);
  rowEdges.push(box.y1 + 1);

  // Where each column's own text lies: a piece spans the columns whose text it reaches over.
  const extents: Array<[number, number] | undefined> = Array.from({ length: cols }, () => undefined);
  for (const p of pieces) {
    const c = columnOf(p.x0);
    if (columnOf(p.x1) !== c) continue;
    const e = extents[c];
    extents[c] = e ? [Math.min(e[0], p.x0), Math.max(e[1], p.x1)] : [p.x0, p.x1];
  }
  const spanOf = (p: Fragment): [number, number] => {
    // A heading set flush right over its figures belongs to their column, however far left it reaches.
    if (p.runs.length === 1 && align.flushRight(p.runs[0])) {
      const c = columnOf(p.x1 - 1);
      return [c, c];
    }
    const centre = columnOf((p.x0 + p.x1) / 2);
    let first = centre;
    let last = centre;
    const reach = Math.min(2, 0.2 * size);
    for (let c = 0; c < cols; c++) {
      const e = extents[c];
      if (!e || Math.min(p.x1, e[1]) - Math.max(p.x0, e[0]) <= reach) continue;
      first = Math.min(first, c);
      last = Math.max(last, c);
    }
    return [first, last];
  };

  const cells: TableCell[] = [];
  pieceRows.forEach((row, r) => {
    const byCol = new Map<number, { last: number; runs: TextRun[] }>();
    for (const p of row) {
      const [first, last] = spanOf(p);
      const existing = byCol.get(first);
      if (existing) {
        existing.runs.push(...p.runs);
        existing.last = Math.max(existing.last, last);
      } else byCol.set(first, { last, runs: [...p.runs] });
    }
    let covered = -1;
    for (const [c, { last, runs }] of [...byCol.entries()].sort((a, b) => a[0] - b[0])) {
      if (c <= covered) {
        // Text the previous cell reaches over belongs to it.
        const prev = cells.at(-1)!;
        prev.runs.push(...runs);
        prev.text = cellText(prev.runs);
        continue;
      }
      cells.push({ row: r, col: c, rowSpan: 1, colSpan: last - c + 1, runs, text: cellText(runs) });
      covered = last;
    }
  });
  return [{ ...box, x0: colEdges[0], x1: colEdges.at(-1)!, y0: rowEdges[0], y1: rowEdges.at(-1)!, colEdges, rowEdges, cells, ruled: false }];
}

/**
 * Column boundaries of a block: the middles of the vertical strips that (nearly) no row has text
 * in. A few rows may cross a strip (a group header over two columns, a long label running into
 * an empty neighbour); a strip holding a few short cells of its own is a sparse column.
 */
function columnGutters(rows: readonly Fragment[][], size: number, align: Alignment): number[] {
  const minGap = CELL_GAP_EM * size;
  const tolerance = rows.length >= 6 ? Math.floor(0.1 * rows.length) : 0;
  // Headings reach over the next column's figures; one lined up with its own column leaves the strip open.
  const lined = (p: Fragment) => p.runs.length === 1 && align.lined(p.runs[0]);
  const counted = rows.map((row, i) => (i === 0 && rows.length >= 4 ? row.filter((p) => !lined(p)) : row));
  // Figures flush right leave the left of their column to the longest words of the column before it.
  const reach = (p: Fragment): Box => {
    if (p.runs.length !== 1 || !FIGURE.test(p.runs[0].text.trim()) || !align.flushRight(p.runs[0])) return p;
    return { ...p, x0: Math.max(p.x0, Math.min(p.x1 - align.tol, p.x0 + CELL_GAP_EM * size)) };
  };
  const events: Array<[number, number]> = [];
  for (const row of counted) for (const [a, b] of coverX(row.map(reach))) events.push([a, 1], [b, -1]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const left = events[0]?.[0] ?? 0;
  const flat = rows.flat();
  // A narrow strip parts columns when the text on either side of it keeps to its column's edges.
  const linedAt = (a: number, b: number) =>
    flat.some((p) => p.runs.length === 1 && align.lined(p.runs[0]) && (Math.abs(p.x1 - a) <= align.tol || Math.abs(p.x0 - b) <= align.tol));
  const strips: Array<[number, number]> = [];
  let depth = 0;
  let openAt: number | undefined;
  for (const [x, d] of events) {
    depth += d;
    if (depth <= tolerance && openAt === undefined) openAt = x;
    else if (depth > tolerance && openAt !== undefined) {
      if (openAt > left && (x - openAt >= minGap || (x - openAt >= NARROW_GAP_EM * size && linedAt(openAt, x)))) strips.push([openAt, x]);
      openAt = undefined;
    }
  }
  const gutters: number[] = [];
  for (const [a, b] of strips) {
    const inside = rows.flat().filter((p) => p.x0 >= a && p.x1 <= b);
    if (!inside.length) {
      gutters.push((a + b) / 2);
      continue;
    }
    let from = a;
    for (const [s0, s1] of [...coverX(inside), [b, b] as [number, number]]) {
      if (s0 - from >= minGap) gutters.push((from + s0) / 2);
      from = Math.max(from, s1);
    }
  }
  return gutters;
}

// ---------------------------------------------------------------- alignment

/** A jump of the pen wider than this many font sizes may part two cells, when the columns' edges say so. */
const JUMP_EM = 0.1;
/** The narrowest strip (font sizes) that parts two columns whose text keeps to their edges. */
const NARROW_GAP_EM = 0.05;
/** Operators of a displayed formula, which no table of figures prints. */
const MATH_SYMBOL = /[∑∏∫∂∇∈∉∋⊂⊃⊆⊇∪∩∣∥‖→↦⇒⇔√∞∀∃]/;
/** A figure as tables print them: a sign or bracket, a currency, digits with separators, a percent. */
const FIGURE = /^[-−–+(]?[$€£¥]?\d[\d.,\u00a0\u202f]*%?\)?$/;

/** The run each part was cut from. */
const sourceOf = new WeakMap<TextRun, TextRun>();

/** Each joined run's parts, made once. */
const partsOf = new WeakMap<TextRun, TextRun[]>();

/** Runs cut into the parts pdf.js joined them from (see TextRun.pieces). */
function atomsOf(runs: readonly TextRun[]): TextRun[] {
  return runs.flatMap((r) => {
    if (!r.pieces || r.pieces.length < 2) return [r];
    let parts = partsOf.get(r);
    if (!parts) {
      const { pieces, ...rest } = r;
      parts = pieces.map((p) => ({ ...rest, text: p.text, x: p.x, width: p.width }));
      for (const part of parts) sourceOf.set(part, r);
      partsOf.set(r, parts);
    }
    return parts;
  });
}

/** A cell's runs with the runs no cut went through made whole again. */
function rejoin(runs: readonly TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (let i = 0; i < runs.length; ) {
    const source = sourceOf.get(runs[i]);
    const n = source?.pieces?.length ?? 1;
    if (source && runs.slice(i, i + n).every((r) => sourceOf.get(r) === source) && i + n <= runs.length) {
      out.push(source);
      i += n;
    } else out.push(runs[i++]);
  }
  return out;
}

/** Two parts of one run: pdf.js found them close enough to join, so only the columns' edges part them. */
const sameRun = (a: TextRun, b: TextRun) => sourceOf.has(a) && sourceOf.get(a) === sourceOf.get(b);

/**
 * Where a figure's decimal mark stands (the end of its digits when it has no decimals): digits
 * weigh one, separators half, as in the fonts tables are set in. Three digits after the last
 * separator are read as thousands.
 */
function decimalEdge(r: TextRun): number | undefined {
  const t = r.text.trim();
  if (!FIGURE.test(t)) return undefined;
  const weight = (ch: string) => (/\d/.test(ch) ? 1 : /[.,\u00a0\u202f]/.test(ch) ? 0.5 : ch === '%' ? 1.7 : 0.7);
  const chars = [...t];
  const total = chars.reduce((n, ch) => n + weight(ch), 0);
  const mark = /[.,](\d+)\D*$/.exec(t);
  const cut = mark && mark[1].length !== 3 ? mark.index : chars.findLastIndex((ch) => /\d/.test(ch)) + 1;
  const before = chars.slice(0, cut).reduce((n, ch) => n + weight(ch), 0);
  return r.x + (r.width * before) / total;
}

/**
 * The edges a block's text keeps row after row: left edges, right edges and decimal marks that
 * several rows share, and that (nearly) no row's text runs across.
 */
class Alignment {
  readonly tol: number;
  private readonly minRows: number;
  private readonly maxCrossing: number;
  private readonly edges: Record<'left' | 'right' | 'decimal', Array<{ x: number; row: number }>> = { left: [], right: [], decimal: [] };
  private readonly spans: Array<{ x0: number; x1: number; decimal?: number; row: number }> = [];
  private readonly memo = new Map<string, boolean>();
  /**
   * Monospaced text lines up everywhere (a code listing), and so do the stacked symbols of a
   * formula: their edges say nothing of columns. Nor do glyphs without a text meaning.
   */
  private readonly off: boolean;

  constructor(rows: readonly TextRun[][], size: number) {
    const runs = rows.flat();
    const share = (test: (r: TextRun) => boolean) => runs.filter(test).length / Math.max(1, runs.length);
    this.off =
      share((r) => r.family === 'monospace') > 0.5 ||
      runs.filter((r) => MATH_SYMBOL.test(r.text)).length >= 2 ||
      share((r) => /[\p{L}\p{N}]/u.test(r.text)) < 0.5;
    this.tol = Math.max(0.5, 0.08 * size);
    this.minRows = Math.max(3, Math.ceil(0.3 * rows.length));
    this.maxCrossing = Math.floor(0.1 * rows.length) + (rows.length >= 5 ? 1 : 0);
    rows.forEach((runs, row) =>
      runs.forEach((r) => {
        this.edges.left.push({ x: r.x, row });
        this.edges.right.push({ x: r.x + r.width, row });
        const d = decimalEdge(r);
        if (d !== undefined) this.edges.decimal.push({ x: d, row });
        this.spans.push({ x0: r.x, x1: r.x + r.width, decimal: d, row });
      }),
    );
    for (const list of Object.values(this.edges)) list.sort((a, b) => a.x - b.x);
  }

  private kept(kind: 'left' | 'right' | 'decimal', x: number): boolean {
    if (this.off) return false;
    const key = `${kind}${Math.round(x / this.tol)}`;
    let ok = this.memo.get(key);
    if (ok === undefined) {
      // Edges are sorted by x: the rows sharing this one lie in a window around it.
      const edges = this.edges[kind];
      let lo = 0;
      let hi = edges.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (edges[mid].x < x - this.tol) lo = mid + 1;
        else hi = mid;
      }
      const rows = new Set<number>();
      for (let i = lo; i < edges.length && edges[i].x <= x + this.tol; i++) rows.add(edges[i].row);
      ok = rows.size >= this.minRows;
      if (ok) {
        // Figures lined up on their decimal marks reach across them.
        const onMark = (s: (typeof this.spans)[number]) =>
          kind === 'decimal' && s.decimal !== undefined && Math.abs(s.decimal - x) <= this.tol;
        const across = (s: (typeof this.spans)[number]) => s.x0 < x - this.tol && s.x1 > x + this.tol && !onMark(s);
        ok = new Set(this.spans.filter(across).map((s) => s.row)).size <= this.maxCrossing;
      }
      this.memo.set(key, ok);
    }
    return ok;
  }

  /** The run ends on a right edge or a decimal mark its column keeps (a heading over figures ends where their marks stand). */
  flushRight(r: TextRun): boolean {
    const d = decimalEdge(r);
    return this.kept('right', r.x + r.width) || this.kept('decimal', d ?? r.x + r.width);
  }

  /** The run keeps to one of its column's edges. */
  lined(r: TextRun): boolean {
    return this.kept('left', r.x) || this.flushRight(r);
  }

  /**
   * Two neighbours of a row belong to different cells: the first ends on a column's edge, or the
   * second starts on one, or the second is flush right and the first is a figure or starts on a
   * left edge (a label, then a figure on a tab stop).
   */
  parts(a: TextRun, b: TextRun): boolean {
    if (this.flushRight(a) || this.kept('left', b.x)) return true;
    return (FIGURE.test(b.text.trim()) || this.kept('left', a.x)) && this.flushRight(b);
  }
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
