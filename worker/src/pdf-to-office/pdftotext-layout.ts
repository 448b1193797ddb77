import { rowsOf, unionBox, type Box } from './lines';
import { linedUpRows, pageParts, readingOrder, type Region } from './reading-order';

/** Words, lines and blocks of a page as poppler finds them (points, origin top-left). */
export interface TextWord extends Box {
  text: string;
}
export interface TextLine extends Box {
  words: TextWord[];
}
export interface TextBlock extends Box {
  lines: TextLine[];
}
export interface TextPage {
  width: number;
  height: number;
  blocks: TextBlock[];
}

const NUM = '(-?[\\d.]+)';
const BOX = `xMin="${NUM}" yMin="${NUM}" xMax="${NUM}" yMax="${NUM}"`;
const TAGS = new RegExp(`<page width="${NUM}" height="${NUM}">|<block ${BOX}>|<line ${BOX}>|<word ${BOX}>([^<]*)</word>`, 'g');
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return ENTITIES[e] ?? whole;
  });
}

/** Parses the XHTML of `pdftotext -bbox-layout` into pages of blocks, lines and words. */
export function parseTextLayout(xhtml: string): TextPage[] {
  const pages: TextPage[] = [];
  let block: TextBlock | undefined;
  let line: TextLine | undefined;
  for (const m of xhtml.matchAll(TAGS)) {
    if (m[1] !== undefined) {
      pages.push({ width: Number(m[1]), height: Number(m[2]), blocks: [] });
      block = line = undefined;
    } else if (m[3] !== undefined) {
      block = { x0: +m[3], y0: +m[4], x1: +m[5], y1: +m[6], lines: [] };
      pages.at(-1)?.blocks.push(block);
    } else if (m[7] !== undefined) {
      line = { x0: +m[7], y0: +m[8], x1: +m[9], y1: +m[10], words: [] };
      block?.lines.push(line);
    } else if (m[11] !== undefined) {
      line?.words.push({ x0: +m[11], y0: +m[12], x1: +m[13], y1: +m[14], text: decodeEntities(m[15]) });
    }
  }
  return pages;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};

/** A line ending in a hyphen after a letter continues its word on the next line of the block. */
const HYPHENATED = /\p{L}[-\u00ad\u2010]$/u;
/**
 * Hebrew and Arabic letters. poppler's layout output gives their words without the character
 * positions needed to tell visual from logical order, so such pages are left to its own bidi-aware
 * text output.
 */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;

export const hasRightToLeft = (page: TextPage) => page.blocks.some((b) => b.lines.some((l) => l.words.some((w) => RTL.test(w.text))));

/**
 * poppler splits a word where the font changes (an accented capital, small capitals): neighbours
 * closer than this share of the word's height belong together, as in pdftotext's text output.
 */
const JOIN_GAP = 0.1;

/** The words of a line, with a space wherever there is a gap between two of them. */
export function lineText(line: TextLine): string {
  // Text set sideways (a margin note running up the page) makes a line taller than it is wide.
  const vertical = line.y1 - line.y0 > line.x1 - line.x0 && line.words.length > 1;
  let text = '';
  line.words.forEach((word, i) => {
    if (i > 0) {
      const prev = line.words[i - 1];
      const gap = vertical ? Math.max(word.y0 - prev.y1, prev.y0 - word.y1) : word.x0 - prev.x1;
      const size = vertical ? word.x1 - word.x0 : word.y1 - word.y0;
      if (gap >= JOIN_GAP * size) text += ' ';
    }
    text += word.text;
  });
  return text.trim();
}

/** poppler's line boxes are the font's ascent to descent, about 1.2 times its size. */
const LINE_PER_POINT = 1.2;

interface PlacedLine extends Box {
  line: TextLine;
  block: TextBlock;
}

/** A block of text set sideways (a margin note running up the page): it would bridge every gutter. */
const isVertical = (b: TextBlock) => b.y1 - b.y0 > 2 * (b.x1 - b.x0) && b.lines.every((l) => l.y1 - l.y0 > l.x1 - l.x0);

/** poppler keeps a column's lines in blocks of their own: a split through a block is not a gutter (code beside its comments). */
function splitsBlock(parts: readonly PlacedLine[][]): boolean {
  const sides = parts.map((part) => new Set(part.map((l) => l.block)));
  return sides.some((side, i) => sides.some((other, j) => j > i && [...side].some((b) => other.has(b))));
}

/**
 * The lines of a region in reading order. A leaf holds no columns: its blocks are read row by row,
 * left to right in a row, each block's lines in poppler's order.
 */
function orderedLines(region: Region<PlacedLine>): PlacedLine[] {
  if (region.kind !== 'leaf') return region.parts.flatMap(orderedLines);
  const byBlock = new Map<TextBlock, PlacedLine[]>();
  for (const item of region.items) byBlock.set(item.block, [...(byBlock.get(item.block) ?? []), item]);
  const pieces = [...byBlock.values()].map((lines) => ({ ...unionBox(lines), lines }));
  return rowsOf(pieces).flatMap((row) =>
    row.sort((a, b) => a.x0 - b.x0).flatMap((p) => p.lines.sort((a, b) => a.block.lines.indexOf(a.line) - b.block.lines.indexOf(b.line))),
  );
}

/** A run of lines of one block as text, words split across lines by a hyphen joined again. */
function linesText(lines: readonly TextLine[]): string {
  let text = '';
  lines.forEach((line, i) => {
    const words = lineText(line);
    const last = i === lines.length - 1;
    if (!last && HYPHENATED.test(words)) text += words.slice(0, -1);
    else text += words + (last ? '' : '\n');
  });
  return text;
}

/**
 * The plain text of a page in reading order, as the Word converter reads it: the running head, the
 * body's lines ordered by its column gutters and the running foot (reading-order.ts), text set
 * sideways last, a blank line between blocks, and
 * words split across lines by a hyphen joined again, as pdftotext does.
 */
export function pageText(page: TextPage): string {
  const lineHeight = median(page.blocks.flatMap((b) => b.lines.map((l) => Math.min(l.y1 - l.y0, l.x1 - l.x0))));
  const size = lineHeight / LINE_PER_POINT || 10;
  const sideways = page.blocks.filter(isVertical);
  const items = page.blocks
    .filter((b) => !isVertical(b))
    .flatMap((block) => block.lines.map((line): PlacedLine => ({ x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1, line, block })));
  const cut = { rtl: false, minGutter: Math.max(4, 0.8 * size), minColumn: Math.max(60, 7 * size), canSplit: (parts: readonly PlacedLine[][]) => !linedUpRows(parts) && !splitsBlock(parts) };
  const ordered = pageParts(items, size, page.height).flatMap((part) => orderedLines(readingOrder(part, cut)));
  // Consecutive lines of one block stay together; a block cut by a column end starts a new one.
  const chunks: TextLine[][] = [];
  let previous: TextBlock | undefined;
  for (const { line, block } of ordered) {
    if (block === previous) chunks.at(-1)!.push(line);
    else chunks.push([line]);
    previous = block;
  }
  for (const block of sideways) chunks.push(block.lines);
  return chunks
    .map(linesText)
    .filter((t) => t.length > 0)
    .map((t) => `${t}\n`)
    .join('\n');
}
