import type { AiHeading } from '#shared/ai/api';
import type { TextBlock, TextPage } from '../pdf-to-office/pdftotext-layout';

/** A heading is set at least this much larger than the body text. */
const LARGER = 1.15;
/** A block on this many pages or more is a running head or foot, not a heading. */
const RUNNING = 3;
const MAX_HEADINGS = 150;

const blockText = (b: TextBlock) => b.lines.map((l) => l.words.map((w) => w.text).join(' ')).join(' ').replace(/\s+/g, ' ').trim();

/** The type size of a block: its words' median height (poppler gives word boxes, not font sizes). */
function sizeOf(b: TextBlock): number {
  const heights = b.lines.flatMap((l) => l.words.map((w) => w.y1 - w.y0)).sort((x, y) => x - y);
  return Math.round((heights[Math.floor(heights.length / 2)] ?? 0) * 2) / 2;
}

/**
 * Headings found by type size in poppler's word boxes (pdftotext -bbox-layout): short blocks set
 * larger than the body text, the largest size level 1, down to 3; the same rule as the document
 * converters' markHeadings, without reading the PDF with pdf.js, which takes seconds a page on a busy
 * worker while the indexing needs only sizes. `firstPage` is the page number of pages[0].
 */
export function headingsBySize(pages: readonly TextPage[], firstPage = 1): AiHeading[] {
  const blocks = pages.flatMap((p, i) => p.blocks.map((b) => ({ page: firstPage + i, text: blockText(b), size: sizeOf(b), lines: b.lines.length })));
  const weights = new Map<number, number>();
  for (const b of blocks) weights.set(b.size, (weights.get(b.size) ?? 0) + b.text.length);
  const body = [...weights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!body) return [];
  const pagesOf = new Map<string, Set<number>>();
  for (const b of blocks) pagesOf.set(b.text, (pagesOf.get(b.text) ?? new Set()).add(b.page));
  // A heading opens with a word or a section number, not a symbol, and holds a word.
  const sized = blocks.filter(
    (b) =>
      b.size >= LARGER * body &&
      b.lines <= 3 &&
      b.text.length >= 2 &&
      b.text.length <= 160 &&
      /^[\p{L}\p{N}]/u.test(b.text) &&
      /\p{L}{2}/u.test(b.text) &&
      pagesOf.get(b.text)!.size < RUNNING,
  );
  const sizes = [...new Set(sized.map((b) => b.size))].sort((a, b) => b - a);
  return sized.slice(0, MAX_HEADINGS).map((b) => ({ level: Math.min(3, sizes.indexOf(b.size) + 1), title: b.text, page: b.page }));
}
