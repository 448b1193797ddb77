import { lineOf, rowsOf, unionBox, type Box } from './lines';
import { romanValue } from './paragraphs';
import type { DocumentLayout, PageLayout, TextRun } from './types';

/**
 * Page furniture: the running heads and feet a document repeats at the top and bottom of its
 * pages (a title, a chapter name, the page number). They are found by repetition: a line in the
 * same band of the page, whose text is the same once its numbers are set aside, on a good share of
 * the pages (odd and even pages may each have their own). A line that differs from page to page
 * only by the page's number goes in Word's header or footer, the number as a PAGE field; one that
 * differs otherwise (a print job's stamp with a frame number) is set out of the flow, where it was.
 */

export type PageNumberFormat = 'decimal' | 'lowerRoman' | 'upperRoman';

export interface RunningLine extends Box {
  band: 'head' | 'foot';
  /** Its runs, left to right. */
  runs: TextRun[];
  text: string;
  /** Its text with the page number as '#': the same on every page that repeats it. */
  template: string;
  /** The same on every page but for the page number: Word's header or footer holds it. */
  repeats: boolean;
  /** The page's own number in it: which run, which characters of that run. */
  pageNumber?: { run: number; start: number; end: number };
}

export interface PageFurniture {
  lines: RunningLine[];
  /** The number printed on the page, when one of its running lines carries it. */
  number?: { value: number; format: PageNumberFormat };
}

/** Rows this far into the page from its top or bottom edge may be running lines. */
const BAND = 0.18;
/** At most this many rows at each end of a page. */
const BAND_ROWS = 3;
/** The gap that sets running lines apart from the body, in line heights. */
const SET_APART = 0.8;

interface Candidate {
  page: number;
  band: 'head' | 'foot';
  runs: TextRun[];
  box: Box;
  text: string;
  key: string;
}

const ROMAN = /^(?:[ivxlcdm]+|[IVXLCDM]+)$/;
const NUMBER_TOKEN = /^(\d{1,6}|[ivxlcdm]{1,7}|[IVXLCDM]{1,7})$/;

/** The text with its numbers, and a Roman numeral at either end, set aside: what repeats. */
function keyOf(text: string): string {
  const words = text.trim().split(/\s+/);
  const ends = [0, words.length - 1];
  return words.map((w, i) => (ends.includes(i) && ROMAN.test(w) ? '#' : w.replace(/\d+/g, '#'))).join(' ');
}

function numberOf(token: string): { value: number; format: PageNumberFormat } | undefined {
  if (/^\d+$/.test(token)) return { value: Number(token), format: 'decimal' };
  if (!ROMAN.test(token)) return undefined;
  return { value: romanValue(token), format: token === token.toLowerCase() ? 'lowerRoman' : 'upperRoman' };
}

function candidates(page: PageLayout, index: number): Candidate[] {
  const boxes = page.runs
    .filter((r) => r.text.trim() && r.angle === undefined)
    .map((r) => ({ x0: r.x, y0: r.y, x1: r.x + r.width, y1: r.y + r.height, run: r }));
  const rows = rowsOf(boxes);
  const of = (row: typeof boxes, band: 'head' | 'foot'): Candidate => {
    const runs = row.map((b) => b.run).sort((a, b) => a.x - b.x);
    const text = lineOf(runs).text.trim();
    return { page: index, band, runs, box: unionBox(row), text, key: keyOf(text) };
  };
  const rowBoxes = rows.map(unionBox);
  // A running line is set apart from the body: the rows down to (up from) a gap of most of a line.
  const apart = (upper: number, lower: number) =>
    rowBoxes[lower].y0 - rowBoxes[upper].y1 >=
    SET_APART * Math.min(rowBoxes[upper].y1 - rowBoxes[upper].y0, rowBoxes[lower].y1 - rowBoxes[lower].y0);
  let headRows = 0;
  for (let k = 0; k < Math.min(BAND_ROWS, rows.length - 1) && rowBoxes[k].y1 <= BAND * page.height; k++)
    if (apart(k, k + 1)) headRows = k + 1;
  let footRows = 0;
  for (let k = 0; k < Math.min(BAND_ROWS, rows.length - 1) && rowBoxes[rows.length - 1 - k].y0 >= (1 - BAND) * page.height; k++)
    if (apart(rows.length - 2 - k, rows.length - 1 - k)) footRows = k + 1;
  const head = rows.slice(0, headRows);
  const foot = rows.slice(rows.length - footRows);
  const out = [...head.map((r) => of(r, 'head')), ...foot.filter((r) => !head.includes(r)).map((r) => of(r, 'foot'))];
  return out.filter((c) => c.text);
}

/**
 * Where in each member the page number sits (the first or the last word), when that word counts
 * up with the pages, or starts again from a number the pages between could have counted up to
 * (an annex numbered from 1, roman front matter before arabic); undefined when none does.
 */
function pageNumberSide(members: readonly Candidate[]): 'first' | 'last' | undefined {
  for (const side of ['last', 'first'] as const) {
    const numbers = members.map((m) => {
      const words = m.text.split(/\s+/);
      const word = side === 'last' ? words.at(-1)! : words[0];
      return NUMBER_TOKEN.test(word) ? numberOf(word) : undefined;
    });
    let restarts = 0;
    const counts = numbers.every((n, k) => {
      if (!n) return false;
      if (k === 0) return true;
      const prev = numbers[k - 1]!;
      const pages = members[k].page - members[k - 1].page;
      if (n.format === prev.format && n.value - prev.value === pages) return true;
      restarts++;
      return n.value <= pages + 1;
    });
    if (counts && restarts <= Math.max(1, members.length / 5)) return side;
  }
  return undefined;
}

/** The text with its page number as '#' (see pageNumberSide). */
const withoutNumber = (text: string, side: 'first' | 'last' | undefined) => {
  if (!side) return text;
  const words = text.split(/\s+/);
  words[side === 'last' ? words.length - 1 : 0] = '#';
  return words.join(' ');
};

/** Finds the running lines of every page, and the page numbers they print. */
export function findFurniture(layout: DocumentLayout): PageFurniture[] {
  const pages = layout.pages;
  const out: PageFurniture[] = pages.map(() => ({ lines: [] }));
  if (pages.length < 2) return out;
  const groups = new Map<string, Candidate[]>();
  for (const [i, page] of pages.entries()) {
    for (const c of candidates(page, i)) {
      const k = `${c.band}|${c.key}`;
      (groups.get(k) ?? groups.set(k, []).get(k)!).push(c);
    }
  }
  const need = pages.length <= 3 ? 2 : Math.max(2, Math.min(4, Math.ceil(0.2 * pages.length)));
  const taken = new Set<Candidate>();
  const place = (placed: readonly Candidate[], side: 'first' | 'last' | undefined, repeats: boolean) => {
    for (const m of placed) {
      taken.add(m);
      const line: RunningLine = { ...m.box, band: m.band, runs: m.runs, text: m.text, template: withoutNumber(m.text, side), repeats };
      if (repeats && side) {
        const run = side === 'last' ? m.runs.length - 1 : 0;
        const runText = m.runs[run].text;
        const match = side === 'last' ? /(\S+)\s*$/.exec(runText) : /^\s*(\S+)/.exec(runText);
        const n = match ? numberOf(match[1]) : undefined;
        if (match && n) {
          const start = match.index + match[0].indexOf(match[1]);
          line.pageNumber = { run, start, end: start + match[1].length };
          out[m.page].number = n;
        }
      }
      out[m.page].lines.push(line);
    }
  };
  // Once a page, at about the same height on each (pages of another size may have theirs elsewhere).
  const atOneHeight = (lines: readonly Candidate[]) => {
    const clusters: Candidate[][] = [];
    for (const c of [...lines].sort((a, b) => a.box.y0 - b.box.y0)) {
      const last = clusters.at(-1);
      if (last && c.box.y0 - last[0].box.y0 <= 0.01 * pages[c.page].height) last.push(c);
      else clusters.push([c]);
    }
    return clusters.map((cluster) => [...new Map(cluster.map((c) => [c.page, c])).values()].sort((a, b) => a.page - b.page));
  };
  for (const group of groups.values()) {
    for (const placed of atOneHeight(group)) {
      if (placed.length < need) continue;
      const side = pageNumberSide(placed);
      place(placed, side, new Set(placed.map((m) => withoutNumber(m.text, side))).size === 1);
    }
  }
  // Heads whose words change with the chapter or section ("18 1.6. WEGE UND KNOTEN"), held together
  // by a page number at the same end of the line and at the same height, page after page.
  const rest = [...groups.values()].flat().filter((c) => !taken.has(c) && /^\S+\s|\s\S+$/.test(c.text));
  for (const band of ['head', 'foot'] as const) {
    for (const members of atOneHeight(rest.filter((c) => c.band === band))) {
      if (members.length < need) continue;
      const side = pageNumberSide(members);
      if (side) place(members, side, true);
    }
  }
  for (const f of out) f.lines.sort((a, b) => a.y0 - b.y0);
  return out;
}

/** The layout without its running lines: the body, as the flow reads it. */
export function withoutFurniture(layout: DocumentLayout, furniture: readonly PageFurniture[]): DocumentLayout {
  return {
    ...layout,
    pages: layout.pages.map((page, i) => {
      const taken = new Set(furniture[i]?.lines.flatMap((l) => l.runs));
      return taken.size ? { ...page, runs: page.runs.filter((r) => !taken.has(r)) } : page;
    }),
  };
}
