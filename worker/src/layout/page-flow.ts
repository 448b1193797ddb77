import { fragmentsOf, isRtlText, lineOf, rowsOf, unionBox, type Box, type Fragment, type Line } from './lines';
import { continuesInto, markHeadings, mergeInto, paragraphsOf, type Paragraph } from './paragraphs';
import type { TextRun } from './types';
import { readingOrder, type Region } from './reading-order';
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
}

export interface Band extends Box {
  /** One column, or several side by side (left to right on the page). */
  columns: Column[];
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
}

type Item = Box & ({ kind: 'text'; fragment: Fragment } | { kind: 'image'; image: ImageBox } | { kind: 'table'; table: Table });

/** A run drawn up or down the page: its box is tall and narrow for its size. */
const sideways = (r: TextRun) => r.height > 1.6 * r.fontSize && r.height > 1.5 * r.width;

/** Every page's flow, with headings marked across the whole document. */
export function documentFlow(layout: DocumentLayout, opts: FlowOptions = {}): PageFlow[] {
  const pages = layout.pages.map((p) => pageFlow(p, opts));
  markHeadings(pages.flatMap((p) => p.bands.flatMap((b) => b.columns.flatMap((c) => c.blocks.filter((x): x is Paragraph => x.kind === 'paragraph')))));
  return pages;
}

export function pageFlow(page: PageLayout, opts: FlowOptions = {}): PageFlow {
  const tables = opts.tables === false ? [] : detectTables(page);
  const free = page.runs.filter((r) => !tables.some((t) => holds(t, r)));
  // Text set sideways (margin stamps, rotated labels) would bridge the column gutters: it is read last.
  const runs = free.filter((r) => !sideways(r));
  const margins = free.filter(sideways);
  const items: Item[] = [
    ...fragmentsOf(runs).map((f): Item => ({ x0: f.x0, y0: f.y0, x1: f.x1, y1: f.y1, kind: 'text', fragment: f })),
    ...page.images.map((image): Item => ({ x0: image.x, y0: image.y, x1: image.x + image.width, y1: image.y + image.height, kind: 'image', image })),
    ...tables.map((table): Item => ({ x0: table.x0, y0: table.y0, x1: table.x1, y1: table.y1, kind: 'table', table })),
  ];
  const rtl = isRtlText(page.runs.map((r) => r.text).join(''));
  if (!items.length) return { width: page.width, height: page.height, content: { x0: 0, y0: 0, x1: page.width, y1: page.height }, bands: [], rtl };

  const sizes = runs.map((r) => r.fontSize).sort((a, b) => a - b);
  const size = sizes.length ? sizes[Math.floor(sizes.length / 2)] : 10;
  const content = unionBox(items);
  const root = readingOrder(items, { rtl, minGutter: Math.max(4, 0.9 * size), minColumn: Math.max(60, 7 * size), canSplit: areColumns });
  const bands = (root.kind === 'stack' ? root.parts : [root]).map((region) => band(region, content));
  joinAcrossColumns(bands);
  if (margins.length) {
    const lines = rowsOf(margins.map((r) => ({ x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height, run: r })))
      .flat()
      .map((m) => lineOf([{ ...m.run, x: m.x0, y: m.y0, width: m.run.height, height: m.run.fontSize }]));
    const box = unionBox(margins.map((r) => ({ x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height })));
    bands.push({ ...box, columns: [{ ...content, blocks: lines.map((l) => paragraphsOf([l], { ...content, x1: Math.max(content.x1, l.x1) })[0]) }] });
  }
  return { width: page.width, height: page.height, content, bands, rtl };
}

const MONO_FONT = /mono|courier|cmtt|consol|menlo|inconsolata|typewriter/i;

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
    const edge = Math.max(...left.map((t) => t.x1));
    const width = edge - Math.min(...left.map((t) => t.x0));
    const slack = left.reduce((s, t) => s + (edge - t.x1), 0) / left.length / Math.max(1, width);
    const matched = right.filter((r) => left.some((l) => Math.abs(l.y1 - r.y1) < 1)).length / right.length;
    if (slack > 0.25 && matched > 0.7) return false;
  }
  return true;
}

function band(region: Region<Item>, content: Box): Band {
  const frameOf = (r: Region<Item>) => ({ x0: r.box.x0, y0: r.box.y0, x1: r.box.x1, y1: r.box.y1 });
  if (region.kind === 'columns' && region.parts.length <= 4) {
    const widths = region.parts.map((p) => p.box.x1 - p.box.x0);
    if (Math.max(...widths) < 1.8 * Math.min(...widths)) {
      const columns = [...region.parts]
        .sort((a, b) => a.box.x0 - b.box.x0)
        .map((p) => ({ ...frameOf(p), blocks: blocksOf(p, frameOf(p)) }));
      return { ...region.box, columns };
    }
  }
  const frame = { x0: content.x0, y0: region.box.y0, x1: content.x1, y1: region.box.y1 };
  return { ...region.box, columns: [{ ...frame, blocks: blocksOf(region, frame) }] };
}

/** Blocks of a region in reading order; `frame` is the column the text is measured against. */
function blocksOf(region: Region<Item>, frame: Box): Block[] {
  if (region.kind === 'leaf') return leafBlocks(region.items, frame);
  const out: Block[] = [];
  for (const part of region.parts) {
    const partFrame = region.kind === 'columns' ? part.box : frame;
    const blocks = blocksOf(part, partFrame);
    const prev = out.at(-1);
    const next = blocks[0];
    if (prev?.kind === 'paragraph' && next?.kind === 'paragraph' && continuesInto(prev, frame, next, partFrame)) {
      mergeInto(prev, next);
      blocks.shift();
    }
    out.push(...blocks);
  }
  return out;
}

/** A leaf reads row by row: text rows become lines (then paragraphs); pictures and tables stand alone. */
function leafBlocks(items: Item[], frame: Box): Block[] {
  const out: Block[] = [];
  let lines: Line[] = [];
  const flushLines = () => {
    if (lines.length) out.push(...paragraphsOf(lines, frame));
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
    if (text.length) lines.push(lineOf(text.flatMap((t) => t.fragment.runs)));
  }
  flushLines();
  return out;
}

/** A paragraph broken by a column end continues at the top of the next column of the band. */
function joinAcrossColumns(bands: Band[]) {
  for (const b of bands) {
    for (let i = 1; i < b.columns.length; i++) {
      const prev = b.columns[i - 1].blocks.at(-1);
      const next = b.columns[i].blocks[0];
      if (prev?.kind === 'paragraph' && next?.kind === 'paragraph' && continuesInto(prev, b.columns[i - 1], next, b.columns[i])) {
        mergeInto(prev, next);
        b.columns[i].blocks.shift();
      }
    }
  }
}

