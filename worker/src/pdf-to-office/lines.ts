import type { TextRun } from './types';

/**
 * Text lines from loose runs: runs that share a baseline band form a row; a row splits into
 * fragments where a gap is wider than a word space could be (columns, table cells); a line reads
 * its runs in visual order, or right to left for Arabic and Hebrew, with spaces put back from gaps.
 */

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Runs of one row that sit together: a line of a column, or a table cell's line. */
export interface Fragment extends Box {
  runs: TextRun[];
  /** The size most of its characters have. */
  fontSize: number;
}

/** Gaps wider than this many font sizes end a fragment. */
const FRAGMENT_GAP_EM = 1.0;

export const boxOfRun = (r: TextRun): Box => ({ x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height });

export function unionBox(boxes: readonly Box[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x0);
    y0 = Math.min(y0, b.y0);
    x1 = Math.max(x1, b.x1);
    y1 = Math.max(y1, b.y1);
  }
  return { x0, y0, x1, y1 };
}

/** The font size that covers the most characters. */
export function dominantSize(runs: readonly TextRun[]): number {
  const weight = new Map<number, number>();
  for (const r of runs) {
    const key = Math.round(r.fontSize * 2) / 2;
    weight.set(key, (weight.get(key) ?? 0) + r.text.length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, w] of weight) if (w > bestWeight || (w === bestWeight && size > best)) [best, bestWeight] = [size, w];
  return best || 10;
}

/**
 * Groups items into rows by vertical overlap: an item joins the row whose core band (its tallest
 * member) it overlaps by half its own height. Rows come out top to bottom.
 */
export function rowsOf<T extends Box>(items: readonly T[]): T[][] {
  const sorted = [...items].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const rows: Array<{ core: Box; items: T[] }> = [];
  for (const item of sorted) {
    const h = item.y1 - item.y0;
    let target: (typeof rows)[number] | undefined;
    // Only recent rows can overlap: items arrive in order of their middles.
    for (let i = rows.length - 1; i >= Math.max(0, rows.length - 4); i--) {
      const core = rows[i].core;
      const overlap = Math.min(core.y1, item.y1) - Math.max(core.y0, item.y0);
      if (overlap >= 0.5 * Math.min(h, core.y1 - core.y0)) {
        target = rows[i];
        break;
      }
    }
    if (!target) rows.push({ core: item, items: [item] });
    else {
      target.items.push(item);
      if (h > target.core.y1 - target.core.y0) target.core = item;
    }
  }
  return rows.map((r) => r.items);
}

/** Fragments of a page's runs (rows split at gaps wider than `gapEm` font sizes). */
export function fragmentsOf(runs: readonly TextRun[], gapEm = FRAGMENT_GAP_EM): Fragment[] {
  const out: Fragment[] = [];
  for (const row of rowsOf(runs.map((r) => ({ ...boxOfRun(r), run: r })))) {
    row.sort((a, b) => a.x0 - b.x0);
    let current: typeof row = [];
    for (const item of row) {
      const prev = current.at(-1);
      if (prev) {
        const maxEnd = Math.max(...current.map((c) => c.x1));
        const size = Math.min(prev.run.fontSize, item.run.fontSize);
        if (item.x0 - maxEnd > gapEm * size) {
          out.push(fragment(current.map((c) => c.run)));
          current = [];
        }
      }
      current.push(item);
    }
    if (current.length) out.push(fragment(current.map((c) => c.run)));
  }
  return out;
}

export function fragment(runs: TextRun[]): Fragment {
  return { ...unionBox(runs.map(boxOfRun)), runs, fontSize: dominantSize(runs) };
}

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const STRONG_LTR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/;
/** Han, kana, hangul and CJK punctuation: scripts written without spaces between words. */
export const CJK_CHAR = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]/;

export function isRtlText(text: string): boolean {
  let rtl = 0;
  let ltr = 0;
  for (const ch of text) {
    if (RTL_CHAR.test(ch)) rtl++;
    else if (STRONG_LTR.test(ch)) ltr++;
  }
  return rtl > ltr;
}

/** A piece of a line as the writers need it: text with the run it came from (for its style). */
export interface LinePiece {
  text: string;
  run: TextRun;
}

export interface Line extends Box {
  pieces: LinePiece[];
  text: string;
  fontSize: number;
  rtl: boolean;
  /** Bottom of the runs set in the line's main size: its baseline, give or take their descent. */
  base: number;
}

/**
 * One line from the runs of a row, in reading order. Right-to-left lines read their runs from
 * right to left, keeping left-to-right stretches (numbers, Latin words) in their own order.
 */
export function lineOf(runs: readonly TextRun[]): Line {
  const visual = withAccents([...runs].sort((a, b) => a.x - b.x));
  const text = visual.map((r) => r.text).join(' ');
  const rtl = runs.some((r) => r.dir === 'rtl') && isRtlText(text);
  const ordered = rtl ? rightToLeft(visual) : visual;
  const pieces: LinePiece[] = [];
  for (let i = 0; i < ordered.length; i++) {
    const run = ordered[i];
    const prev = ordered[i - 1];
    if (prev && needsSpace(prev, run)) pieces.push({ text: ' ', run: prev });
    pieces.push({ text: run.text, run });
  }
  const fontSize = dominantSize(runs);
  const main = runs.filter((r) => Math.abs(r.fontSize - fontSize) < 0.5).map((r) => r.y + r.height).sort((a, b) => a - b);
  const box = unionBox(runs.map(boxOfRun));
  const base = main.length ? main[Math.floor(main.length / 2)] : box.y1;
  return { ...box, pieces, text: pieces.map((p) => p.text).join(''), fontSize, rtl, base };
}

/**
 * Spacing accents to the combining marks they stand for (the grave accent is left alone: it is
 * also the backquote of code).
 */
const ACCENTS: Record<string, string> = {
  '\u00A8': '\u0308',
  '\u00B4': '\u0301',
  '\u02C6': '\u0302',
  '\u02DC': '\u0303',
  '\u02C7': '\u030C',
  '\u02D8': '\u0306',
  '\u02DA': '\u030A',
  '\u00AF': '\u0304',
  '\u02D9': '\u0307',
  '\u02DD': '\u030B',
};
const ACCENT_THEN_LETTER = new RegExp(`([${Object.keys(ACCENTS).join('')}])(\\p{L})`, 'gu');
/** The accented letter, a dotless i or j under the accent taken for the plain letter. */
const accented = (accent: string, letter: string) => (letter.replace('\u0131', 'i').replace('\u0237', 'j') + ACCENTS[accent]).normalize('NFC');

/** "na¨ıve" (an accent drawn apart, then a dotless i) → "naïve". */
export const foldAccents = (text: string) => text.replace(ACCENT_THEN_LETTER, (_, a: string, l: string) => accented(a, l));

/**
 * TeX and some other producers draw an accent as a glyph of its own over the letter that follows
 * ("na¨ıve", the dotless i under the diaeresis): the two become one accented letter.
 */
function withAccents(visual: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const run of visual) {
    let r = { ...run, text: foldAccents(run.text) };
    const prev = out.at(-1);
    const accent = prev?.text.slice(-1);
    if (prev && accent && ACCENTS[accent] && /^\p{L}/u.test(r.text) && r.x < prev.x + prev.width + 0.1 * r.fontSize) {
      const [first, ...rest] = [...r.text];
      r = { ...r, text: accented(accent, first) + rest.join('') };
      prev.text = prev.text.slice(0, -1);
      if (!prev.text.trim()) out.pop();
      // The accent's run is drawn before the letter: the letter's run now starts where it did.
      else r = { ...r, x: Math.min(r.x, prev.x + prev.width), width: r.x + r.width - Math.min(r.x, prev.x + prev.width) };
    }
    out.push(r);
  }
  return out;
}

/** Visual order to reading order for a right-to-left line: stretches of LTR runs keep their order. */
function rightToLeft(visual: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  let i = visual.length - 1;
  while (i >= 0) {
    if (visual[i].dir === 'rtl') {
      out.push(visual[i--]);
      continue;
    }
    let j = i;
    while (j - 1 >= 0 && visual[j - 1].dir !== 'rtl') j--;
    out.push(...visual.slice(j, i + 1));
    i = j - 1;
  }
  return out;
}

function needsSpace(a: TextRun, b: TextRun): boolean {
  if (/\s$/.test(a.text) || /^\s/.test(b.text)) return false;
  // Neighbours in reading order sit side by side one way or the other (right to left in Hebrew).
  const gap = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width));
  const size = Math.min(a.fontSize, b.fontSize);
  const cjk = CJK_CHAR.test(a.text.slice(-1)) || CJK_CHAR.test(b.text[0]);
  return gap > (cjk ? 0.5 : 0.15) * size;
}
