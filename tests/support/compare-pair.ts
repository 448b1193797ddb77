import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';

/**
 * Two versions of a generated report for compare-pdf, the second edited in known places: words
 * changed, phrases inserted and deleted, a paragraph moved, a page inserted, a figure replaced.
 * Every eighth page repeats the same recipe, so 8 pages hold exactly 20 edits (the fixture) and 100
 * pages hold 250 (the bench). Run this file to write the fixture pair and its list of edits.
 */

export type KnownEdit =
  | { kind: 'changed'; page: number; before: string; after: string }
  | { kind: 'inserted'; page: number; after: string }
  | { kind: 'deleted'; page: number; before: string }
  | { kind: 'moved'; page: number; after: string }
  | { kind: 'pageInserted'; page: number }
  | { kind: 'visual'; page: number };

export interface ComparePair {
  before: Uint8Array;
  after: Uint8Array;
  /** Pages are the later document's, 1-based. */
  edits: KnownEdit[];
}

const PAGE: [number, number] = [595.28, 841.89];
const LEFT = 60;
const WIDTH = 475;
const SIZE = 11;
const LEADING = 15;
const TEXT_TOP = 80;
const TEXT_BOTTOM = 600;
/** Where a page's figure sits, in points from the top: below the text, clear of it. */
const FIGURE = { x: 60, top: 640, width: 260, height: 120 };

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMON = ['the', 'of', 'and', 'to', 'in', 'is', 'for', 'on', 'with', 'as', 'by', 'that'];
const SYLLABLES = ['ba', 'ce', 'di', 'fo', 'gu', 'ha', 'ke', 'li', 'mo', 'nu', 'pa', 're', 'si', 'to', 'vu', 'wa', 'xe', 'zo', 'bri', 'cla', 'dro', 'fle', 'gri', 'plo', 'stu', 'tra'];

/** Words of a plain report: a third common words, the rest made of syllables, so that most are rare as in real prose. */
function wordSource(seed: number) {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  return () => {
    if (random() < 0.3) return pick(COMMON);
    const n = 2 + Math.floor(random() * 2);
    let w = '';
    for (let i = 0; i < n; i++) w += pick(SYLLABLES);
    return w;
  };
}

type Line = string[];
/** A page: its paragraphs of lines, and the figure drawn on it (none, or which of two). */
interface Page {
  paragraphs: Line[][];
  figure?: 'first' | 'second';
}

function makePage(next: () => string, font: PDFFont, figure: boolean): Page {
  const paragraphs: Line[][] = [];
  let y = TEXT_TOP;
  // Paragraphs of 3 to 6 lines with a blank line between, as many as fit above the figure.
  for (let p = 0; ; p++) {
    const lines = 3 + ((p * 7) % 4);
    if (y + lines * LEADING > TEXT_BOTTOM) break;
    const paragraph: Line[] = [];
    for (let l = 0; l < lines; l++) {
      const line: Line = [];
      while (font.widthOfTextAtSize([...line, 'placeholder'].join(' '), SIZE) < WIDTH - 40) line.push(next());
      paragraph.push(line);
    }
    paragraphs.push(paragraph);
    y += (lines + 1) * LEADING;
  }
  return { paragraphs, figure: figure ? 'first' : undefined };
}

/** A bar chart without words: two versions with other bars and colours. */
function drawFigure(page: PDFPage, which: 'first' | 'second') {
  const bottom = PAGE[1] - FIGURE.top - FIGURE.height;
  page.drawRectangle({ x: FIGURE.x, y: bottom, width: FIGURE.width, height: FIGURE.height, borderColor: rgb(0.3, 0.3, 0.3), borderWidth: 1 });
  const heights = which === 'first' ? [40, 90, 65, 100, 30] : [95, 35, 80, 20, 70];
  const colour = which === 'first' ? rgb(0.2, 0.4, 0.8) : rgb(0.85, 0.35, 0.1);
  heights.forEach((h, i) => page.drawRectangle({ x: FIGURE.x + 20 + i * 46, y: bottom + 8, width: 36, height: h, color: colour }));
  if (which === 'second') page.drawCircle({ x: FIGURE.x + FIGURE.width - 30, y: bottom + FIGURE.height - 28, size: 14, color: rgb(0.1, 0.6, 0.3) });
}

async function render(pages: readonly Page[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const p of pages) {
    const page = doc.addPage(PAGE);
    let y = TEXT_TOP;
    for (const paragraph of p.paragraphs) {
      for (const line of paragraph) {
        page.drawText(line.join(' '), { x: LEFT, y: PAGE[1] - y - SIZE, size: SIZE, font, color: rgb(0, 0, 0) });
        y += LEADING;
      }
      y += LEADING;
    }
    if (p.figure) drawFigure(page, p.figure);
  }
  return doc.save({ useObjectStreams: false });
}

/** A new word for a changed one: no generated word has a hyphen. */
const replacement = (k: number) => `revised-${k}`;

/** Two versions of a report of `pages` pages, the second edited by the recipe of each page's place among eight. */
export async function makeComparePair(pages = 8): Promise<ComparePair> {
  const helvetica = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
  const next = wordSource(20261129);
  const before = Array.from({ length: pages }, (_, i) => makePage(next, helvetica, i % 2 === 1));
  const after: Page[] = structuredClone(before);
  const edits: KnownEdit[] = [];
  let changes = 0;
  /** After the inserted pages so far: the later document's number of before's page `i` (0-based). */
  let shift = 0;
  const insertedPages: Array<{ at: number; page: Page }> = [];

  for (const [i, page] of after.entries()) {
    const recipe = i % 8;
    const pageNo = i + 1 + shift;
    const wordAt = (para: number, line: number) => {
      const l = page.paragraphs[para][line];
      // The first rare word past the line's start, so the change reads as that word alone.
      const rare = (w?: string) => w !== undefined && !COMMON.includes(w);
      let at = l.findIndex((w, k) => k >= 2 && rare(w) && rare(l[k - 1]) && rare(l[k + 1]));
      if (at < 0) at = l.findIndex((w, k) => k >= 1 && rare(w) && rare(l[k + 1]));
      if (at < 0) at = l.findIndex((w, k) => k >= 1 && rare(w));
      if (at < 0) throw new Error(`no rare word on line ${line} of paragraph ${para}`);
      return { line: l, at };
    };
    const change = (para: number, line: number) => {
      const { line: l, at } = wordAt(para, line);
      const word = replacement(++changes);
      edits.push({ kind: 'changed', page: pageNo, before: l[at], after: word });
      l[at] = word;
    };
    const last = page.paragraphs.length - 1;
    const counts: Record<number, number> = { 0: 2, 1: 2, 2: 1, 3: 2, 4: 2, 5: 1, 6: 2, 7: 2 };
    change(0, 1);
    if (counts[recipe] > 1) change(last, 1);
    if (recipe === 0 || recipe === 6) {
      const { line, at } = wordAt(1, 0);
      const phrase = ['inserted', `phrase-${i + 1}`];
      line.splice(at + 1, 0, ...phrase);
      edits.push({ kind: 'inserted', page: pageNo, after: phrase.join(' ') });
    }
    if (recipe === 3) {
      const { line, at } = wordAt(1, 1);
      const gone = line.splice(at, 2);
      edits.push({ kind: 'deleted', page: pageNo, before: gone.join(' ') });
    }
    if (recipe === 2) {
      // The second paragraph (6 lines: see makePage) goes after the fourth, past 9 lines that stay.
      const [moved] = page.paragraphs.splice(1, 1);
      page.paragraphs.splice(3, 0, moved);
      edits.push({ kind: 'moved', page: pageNo, after: moved.flat().join(' ') });
    }
    if (recipe === 5) {
      const fresh = wordSource(9000 + i);
      insertedPages.push({ at: i + 1, page: makePage(fresh, helvetica, false) });
      shift++;
      edits.push({ kind: 'pageInserted', page: pageNo + 1 });
    }
  }
  // The figure of each page in sixth place among eight (pages with figures are the even ones).
  for (const [i, page] of after.entries()) {
    if (i % 8 !== 5 || !page.figure) continue;
    page.figure = 'second';
    const pageNo = i + 1 + insertedPages.filter((p) => p.at <= i).length;
    edits.push({ kind: 'visual', page: pageNo });
  }
  for (const { at, page } of [...insertedPages].reverse()) after.splice(at, 0, page);
  edits.sort((x, y) => x.page - y.page);
  return { before: await render(before), after: await render(after), edits };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(import.meta.dirname, '../fixtures/pdf');
  const pair = await makeComparePair();
  writeFileSync(path.join(dir, 'sheaf_compare-before.pdf'), pair.before);
  writeFileSync(path.join(dir, 'sheaf_compare-after.pdf'), pair.after);
  writeFileSync(path.join(dir, 'sheaf_compare-edits.json'), `${JSON.stringify(pair.edits, null, 2)}\n`);
  console.log(`${pair.edits.length} edits`);
}
