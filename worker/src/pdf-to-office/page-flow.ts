import { fragmentsOf, isRtlText, lineOf, rowsOf, unionBox, type Box, type Fragment, type Line } from './lines';
import { continuesInto, Lexicon, markHeadings, mergeInto, paragraphOfLines, paragraphsOf, type Paragraph } from './paragraphs';
import type { TextRun } from './types';
import { linedUpRows, pageParts, readingOrder, type Region } from './reading-order';
import { detectTables, holds, type Table } from './tables';
import type { DocumentLayout, ImageBox, PageLayout } from './types';

/**
 * A page as the document writers read it: horizontal bands top to bottom, each with one or more
 * columns of blocks (paragraphs, tables, pictures) in reading order.
 */

export interface TableBlock extends Box {
  kind: 'table';
  table: Table;
}

export interface ImageBlock extends Box {
  kind: 'image';
  image: ImageBox;
}

export type Block = Paragraph | TableBlock | ImageBlock;

export interface Column extends Box {
  blocks: Block[];
  /** Its first paragraph went on at the end of the column before (see joinAcrossColumns): no column break before it. */
  continued?: boolean;
}

export interface Band extends Box {
  /** One column, or several side by side (left to right on the page). */
  columns: Column[];
  /** The text set sideways in the margins, read after the rest of the page. */
  sideways?: boolean;
}

export interface PageFlow {
  width: number;
  height: number;
  /** The box holding all the page's content. */
  content: Box;
  bands: Band[];
  rtl: boolean;
}

export interface FlowOptions {
  /** Detect tables (off for the PowerPoint writer, which places text where it was). */
  tables?: boolean;
  /** The document's words, to put words broken at line ends back together (documentFlow makes it). */
  lexicon?: Lexicon;
  /** Join a paragraph that a page break cut in two (the Word writer, once the running lines are out of the body). */
  joinPages?: boolean;
}

type Item = Box & ({ kind: 'text'; fragment: Fragment } | { kind: 'image'; image: ImageBox } | { kind: 'table'; table: Table });

/**
 * Rows are cut into pieces at gaps this many font sizes wide, for the column search: narrower than
 * the narrowest gutters (LaTeX sets 10 pt between columns of 10 pt text), wider than word spaces.
 */
const COLUMN_GAP_EM = 0.8;

/** A run drawn up or down the page: turned a quarter, or its box tall and narrow for its size. */
const sideways = (r: TextRun) =>
  (r.angle !== undefined && Math.abs((r.angle % 180) - 90) < 30) || (r.height > 1.6 * r.fontSize && r.height > 1.5 * r.width);

/** Every page's flow, with headings marked across the whole document. */
export function documentFlow(layout: DocumentLayout, opts: FlowOptions = {}): PageFlow[] {
  const lexicon = new Lexicon();
  for (const page of layout.pages) for (const run of page.runs) lexicon.learn(run.text);
  const pages = layout.pages.map((p) => pageFlow(p, { lexicon, ...opts }));
  markHeadings(pages.flatMap((p) => p.bands.flatMap((b) => b.columns.flatMap((c) => c.blocks.filter((x): x is Paragraph => x.kind === 'paragraph')))));
  if (opts.joinPages) for (let i = 1; i < pages.length; i++) joinAcrossPages(pages[i - 1], pages[i], lexicon);
  return pages;
}

/**
 * A paragraph cut by a page break: it ends the last column read on one page (above the footnotes
 * set smaller at its foot) and goes on at the top of the first column of the next, in columns of
 * the same width; it becomes one paragraph. Never across a table, a picture or a heading. Each
 * page stays a Word page, so the shorter part moves to the page of the longer one (the part above
 * notes always to the next page), and only when the page it joins has the room to spare (see the
 * writer's margins): a Word page that overflowed would push the rest of the document a page on.
 */
function joinAcrossPages(before: PageFlow, after: PageFlow, lexicon: Lexicon): void {
  const lastBand = before.bands.findLast((b) => !b.sideways);
  const firstBand = after.bands[0];
  if (!lastBand || !firstBand || firstBand.sideways) return;
  if (before.width !== after.width || before.height !== after.height) return;
  // Columns are read left to right; right-to-left pages in columns are left as they are.
  if ((before.rtl || after.rtl) && (lastBand.columns.length > 1 || firstBand.columns.length > 1)) return;
  const [prevColumn, nextColumn] = [lastBand.columns.at(-1)!, firstBand.columns[0]];
  const next = nextColumn.blocks[0];
  if (next?.kind !== 'paragraph' || next.list) return;
  const cut = cutParagraphAt(prevColumn.blocks, next.fontSize);
  const prev = prevColumn.blocks[cut];
  if (prev?.kind !== 'paragraph') return;
  // Columns of a page set in columns; a page in one column measures its text against the page's
  // content, which a wide table or picture on one of the two pages widens.
  const width = (b: Box) => b.x1 - b.x0;
  const inColumns = lastBand.columns.length > 1 || firstBand.columns.length > 1;
  if (inColumns && Math.abs(width(prevColumn) - width(nextColumn)) > 0.05 * width(prevColumn)) return;
  // The text goes on where the paragraph's lines after its first start (a list item's after its
  // marker, a proof's set in from the margin); a list item of one line does not say where.
  const last = prev.lines.at(-1)!;
  const at = prev.lines.length > 1 ? Math.max(0, prev.rtl ? prevColumn.x1 - last.x1 : last.x0 - prevColumn.x0) : prev.list ? -1 : 0;
  if (at < 0 || !continuesInto(prev, prevColumn, next, nextColumn, at) || !sameProse(last, next.lines[0])) return;
  const lineHeight = (p: Paragraph) => p.lines.length * (p.lineHeight ?? 1.2) * p.fontSize;
  // The room a page keeps for text rewrapped in a stand-in font, a part of which the moved lines may take.
  const spare = (p: PageFlow) => 0.3 * (p.content.y0 + (p.height - p.content.y1));
  // A column with notes at its foot is full down to them: the rest of the text cannot join it there.
  const notesBelow = cut < prevColumn.blocks.length - 1;
  if (prev.lines.length >= next.lines.length && !notesBelow) {
    if (lineHeight(next) > spare(before)) return;
    mergeInto(prev, next, lexicon);
    nextColumn.blocks.shift();
  } else {
    if (lineHeight(prev) > spare(after)) return;
    const moved = { ...prev, content: prev.content.map((c) => ({ ...c })), lines: [...prev.lines] };
    mergeInto(moved, next, lexicon);
    // The paragraph opens the page as the moved part did on its own page: its first line, its indents.
    nextColumn.blocks[0] = { ...moved, spaceBefore: 0 };
    prevColumn.blocks.splice(cut, 1);
  }
}

/**
 * The two lines either side of the break read as one text: each set in the same face (a bold
 * theorem head in a face of its own is not the text before it going on) and neither a row of a
 * table of contents (a title, a wide gap, its page number).
 */
function sameProse(last: Line, first: Line): boolean {
  const face = (l: Line) => {
    const chars = new Map<string, number>();
    for (const p of l.pieces) chars.set(p.run.fontName ?? '', (chars.get(p.run.fontName ?? '') ?? 0) + p.text.length);
    return [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  };
  const gapped = (l: Line) =>
    l.pieces.some((p, i) => i > 0 && p.run.x - (l.pieces[i - 1].run.x + l.pieces[i - 1].run.width) > 3 * l.fontSize);
  return face(last) === face(first) && !gapped(last) && !gapped(first);
}

/**
 * Where the text a page break cut ends in a column: its last block, or the last one above the
 * notes set smaller at the column's foot (a register's footnotes follow the body in its last column).
 */
function cutParagraphAt(blocks: readonly Block[], size: number): number {
  let at = blocks.length - 1;
  const note = (b: Block | undefined) => b?.kind === 'paragraph' && !b.heading && !b.figure && b.fontSize < 0.9 * size;
  while (at > 0 && note(blocks[at])) at--;
  return at;
}

export function pageFlow(page: PageLayout, opts: FlowOptions = {}): PageFlow {
  const tables = opts.tables === false ? [] : detectTables(page).filter((t) => !readsAsProse(t) && !isCode(t));
  const free = page.runs.filter((r) => !tables.some((t) => holds(t, r)));
  // Text set sideways (margin stamps, rotated labels) would bridge the column gutters: it is read last.
  const runs = free.filter((r) => !sideways(r));
  const margins = free.filter(sideways);
  const items: Item[] = [
    ...fragmentsOf(runs, COLUMN_GAP_EM).map((f): Item => ({ x0: f.x0, y0: f.y0, x1: f.x1, y1: f.y1, kind: 'text', fragment: f })),
    ...page.images.map((image): Item => ({ x0: image.x, y0: image.y, x1: image.x + image.width, y1: image.y + image.height, kind: 'image', image })),
    ...tables.map((table): Item => ({ x0: table.x0, y0: table.y0, x1: table.x1, y1: table.y1, kind: 'table', table })),
  ];
  const rtl = isRtlText(page.runs.map((r) => r.text).join(''));
  if (!items.length) return { width: page.width, height: page.height, content: { x0: 0, y0: 0, x1: page.width, y1: page.height }, bands: [], rtl };

  const sizes = runs.map((r) => r.fontSize).sort((a, b) => a - b);
  const size = sizes.length ? sizes[Math.floor(sizes.length / 2)] : 10;
  const content = unionBox(items);
  const cut = { rtl, minGutter: Math.max(4, 0.8 * size), minColumn: Math.max(60, 7 * size), canSplit: areColumns };
  const regions = pageParts(items, size, page.height)
    .map((part) => readingOrder(part, cut))
    .flatMap((root) => (root.kind === 'stack' ? root.parts : [root]));
  const bands = regions.map((region) => band(region, content, opts.lexicon));
  joinAcrossColumns(bands, opts.lexicon);
  if (margins.length) {
    const lines = rowsOf(margins.map((r) => ({ x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height, run: r })))
      .flat()
      .map((m) => lineOf([{ ...m.run, x: m.x0, y: m.y0, width: m.run.height, height: m.run.fontSize }]));
    const box = unionBox(margins.map((r) => ({ x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height })));
    bands.push({ ...box, sideways: true, columns: [{ ...content, blocks: lines.map((l) => paragraphsOf([l], { ...content, x1: Math.max(content.x1, l.x1) })[0]) }] });
  }
  return { width: page.width, height: page.height, content, bands, rtl };
}

/**
 * An unruled "table" whose cells are full lines of several words each is running text in columns
 * (a three-column register): the column search reads it, and Word gets paragraphs, not cells.
 */
function readsAsProse(t: Table): boolean {
  if (t.ruled) return false;
  const cells = t.cells.filter((c) => c.runs.length);
  if (cells.length < 6) return false;
  const words = cells.reduce((s, c) => s + c.text.split(/\s+/).filter(Boolean).length, 0);
  if (words < 4 * cells.length) return false;
  // Justified lines fill their column: most cells reach across their column's text.
  let full = 0;
  for (let col = 0; col + 1 < t.colEdges.length; col++) {
    const inCol = cells.filter((c) => c.col === col && c.colSpan === 1).map((c) => unionBox(c.runs.map((r) => ({ x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height }))));
    if (!inCol.length) continue;
    const extent = unionBox(inCol);
    full += inCol.filter((b) => b.x1 - b.x0 >= 0.85 * (extent.x1 - extent.x0)).length;
  }
  return full >= 0.5 * cells.length;
}

const MONO_FONT = /mono|courier|cmtt|consol|menlo|inconsolata|typewriter/i;

/** Lines of code set in columns (instructions and their comments) line up like a table but are not one. */
const isCode = (t: Table) => !t.ruled && t.cells.every((c) => c.runs.every((r) => MONO_FONT.test(r.fontName ?? '')));

/**
 * Side-by-side parts are columns of text, unless they are rows that merely line up: code with
 * its comments, labels with values. Those leave the left part's lines far short of its edge, with
 * baselines matched on the right, or are set in a typewriter font.
 */
function areColumns(parts: readonly Item[][]): boolean {
  for (let i = 0; i + 1 < parts.length; i++) {
    const left = parts[i].filter((p): p is Item & { kind: 'text' } => p.kind === 'text');
    const right = parts[i + 1].filter((p): p is Item & { kind: 'text' } => p.kind === 'text');
    if (left.length < 2 || right.length < 2) continue;
    const mono = (items: typeof left) => items.filter((t) => t.fragment.runs.every((r) => MONO_FONT.test(r.fontName ?? ''))).length >= 0.6 * items.length;
    if (mono(left) && mono(right)) return false;
  }
  return !linedUpRows(parts.map((part) => part.filter((p) => p.kind === 'text')));
}

function band(region: Region<Item>, content: Box, lexicon: Lexicon | undefined): Band {
  const frameOf = (r: Region<Item>) => ({ x0: r.box.x0, y0: r.box.y0, x1: r.box.x1, y1: r.box.y1 });
  // Up to four columns become Word columns (of their own widths); more are read one after the other.
  if (region.kind === 'columns' && region.parts.length <= 4) {
    const widths = region.parts.map((p) => p.box.x1 - p.box.x0);
    if (Math.min(...widths) >= 0.12 * (region.box.x1 - region.box.x0)) {
      const columns = [...region.parts]
        .sort((a, b) => a.box.x0 - b.box.x0)
        .map((p) => ({ ...frameOf(p), blocks: blocksOf(p, frameOf(p), lexicon) }));
      return { ...region.box, columns };
    }
  }
  const frame = { x0: content.x0, y0: region.box.y0, x1: content.x1, y1: region.box.y1 };
  return { ...region.box, columns: [{ ...frame, blocks: blocksOf(region, frame, lexicon) }] };
}

/** Blocks of a region in reading order; `frame` is the column the text is measured against. */
function blocksOf(region: Region<Item>, frame: Box, lexicon: Lexicon | undefined): Block[] {
  if (region.kind === 'leaf') return leafBlocks(region.items, frame, lexicon);
  const out: Block[] = [];
  for (const part of region.parts) {
    const partFrame = region.kind === 'columns' ? part.box : frame;
    const blocks = blocksOf(part, partFrame, lexicon);
    const prev = out.at(-1);
    const next = blocks[0];
    if (prev?.kind === 'paragraph' && next?.kind === 'paragraph' && continuesInto(prev, frame, next, partFrame)) {
      mergeInto(prev, next, lexicon);
      blocks.shift();
    }
    out.push(...blocks);
  }
  return out;
}

/** A leaf reads row by row: text rows become lines (then paragraphs); pictures and tables stand alone. */
function leafBlocks(items: Item[], frame: Box, lexicon: Lexicon | undefined): Block[] {
  const out: Block[] = [];
  let lines: Line[] = [];
  const flushLines = () => {
    if (lines.length) out.push(...paragraphsOf(lines, frame, lexicon));
    lines = [];
  };
  for (const row of rowsOf(items)) {
    row.sort((a, b) => a.x0 - b.x0);
    const text = row.filter((i): i is Item & { kind: 'text' } => i.kind === 'text');
    const others = row.filter((i) => i.kind !== 'text');
    if (others.length) flushLines();
    for (const o of others) {
      if (o.kind === 'image') out.push({ kind: 'image', x0: o.x0, y0: o.y0, x1: o.x1, y1: o.y1, image: o.image });
      else if (o.kind === 'table') out.push({ kind: 'table', x0: o.x0, y0: o.y0, x1: o.x1, y1: o.y1, table: o.table });
    }
    // After the pictures of the row (which the writer sets side by side), the text drawn in them.
    for (const o of others) if (o.kind === 'image' && o.image.labels) out.push(...labelParagraphs(o.image.labels, o, lexicon));
    if (text.length) lines.push(lineOf(text.flatMap((t) => t.fragment.runs)));
  }
  flushLines();
  return out;
}

/**
 * A drawing's labels as text, a paragraph per label, from the left edge of the column (the
 * picture above shows where each sat): the drawing is cut at its whitespace like a page, so that
 * a label of several lines ("Record / LIR Trace") reads as one, not row by row across the drawing.
 */
function labelParagraphs(labels: readonly TextRun[], picture: Box, lexicon: Lexicon | undefined): Paragraph[] {
  const size = labels.map((r) => r.fontSize).sort((a, b) => a - b)[Math.floor(labels.length / 2)];
  const pieces = fragmentsOf(labels, COLUMN_GAP_EM);
  const leaves: Fragment[][] = [];
  const visit = (r: Region<Fragment>) => (r.kind === 'leaf' ? leaves.push(r.items) : r.parts.forEach(visit));
  visit(readingOrder(pieces, { rtl: false, minGutter: size, minColumn: 2 * size }));
  return leaves.map((leaf) => {
    const p = paragraphOfLines(
      rowsOf(leaf).map((row) => lineOf(row.flatMap((f) => f.runs))),
      picture,
      lexicon,
    );
    return { ...p, figure: true, indent: 0, firstLine: 0, spaceBefore: 0, align: 'left' };
  });
}

/** A paragraph broken by a column end continues at the top of the next column of the band. */
function joinAcrossColumns(bands: Band[], lexicon: Lexicon | undefined) {
  for (const b of bands) {
    for (let i = 1; i < b.columns.length; i++) {
      const prev = b.columns[i - 1].blocks.at(-1);
      const next = b.columns[i].blocks[0];
      if (prev?.kind === 'paragraph' && next?.kind === 'paragraph' && continuesInto(prev, b.columns[i - 1], next, b.columns[i])) {
        mergeInto(prev, next, lexicon);
        b.columns[i].blocks.shift();
        b.columns[i].continued = true;
      }
    }
  }
}

