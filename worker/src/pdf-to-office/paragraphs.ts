import { CJK_CHAR, type Box, type Line } from './lines';
import type { TextRun } from './types';

/**
 * Lines of one column to paragraphs: a paragraph ends where the next line starts a list item,
 * changes size or weight, leaves more space above than the lines before it did, is indented after
 * full-width lines, or where the previous line stopped short although the next line's first word
 * would have fitted (the writer pressed Enter there). Joined lines lose their end-of-line hyphens.
 */

export interface StyledText {
  text: string;
  fontSize: number;
  fontName?: string;
  /** The font's generic family, for a stand-in when it is missing. */
  family?: 'serif' | 'sans-serif' | 'monospace';
  bold?: boolean;
  italic?: boolean;
  /** RRGGBB. */
  color?: string;
  script?: 'super' | 'sub';
}

export type NumberFormat = 'decimal' | 'lowerLetter' | 'upperLetter' | 'lowerRoman' | 'upperRoman';

export interface ListInfo {
  kind: 'bullet' | 'number';
  /** For numbered items: the format, its punctuation ("%1." / "%1)" / "(%1)") and the item's number. */
  format?: NumberFormat;
  pattern?: string;
  value?: number;
  /** 0-based nesting level, from the marker's indent. */
  level: number;
}

export type Align = 'left' | 'center' | 'right' | 'justify';

export interface Paragraph extends Box {
  kind: 'paragraph';
  content: StyledText[];
  /** The original line boxes (text box writers place them). */
  lines: Line[];
  fontSize: number;
  /** Every character bold. */
  bold: boolean;
  align: Align;
  /** Left indent from the column's left edge (the right edge for right-to-left text), in points. */
  indent: number;
  /** First line's offset from the indent: positive indented, negative hanging. */
  firstLine: number;
  /** Extra space above, in points, beyond normal line spacing. */
  spaceBefore: number;
  /** Baseline-to-baseline distance as a multiple of the font size (single spacing ≈ 1.15). */
  lineHeight?: number;
  rtl: boolean;
  list?: ListInfo;
  heading?: 1 | 2 | 3;
  /** The labels of a pictured drawing, set after it (see ImageBox.labels): never a heading, never joined to the text around. */
  figure?: boolean;
}

const BULLET = /^([•◦▪▫■□●○◆◇►▸‣⁃∙·➢➤✓✔❖\uF000-\uF8FF])\s*/;
const DASH_BULLET = /^([-–—*])\s+/;
const NUMBER = /^(\()?(\d{1,3}|[a-zA-Z]|[ivxlcdm]{2,6}|[IVXLCDM]{2,6})([.)])\s+/;
const SENTENCE_END = /[.!?:;。！？」』)]\s*$/;

/**
 * Words the document writes whole, and with their hyphen, away from line ends: how a word broken
 * at a line's end is put back together.
 */
export class Lexicon {
  private words = new Set<string>();

  /** Learns the words of a text (a run), leaving out its last word when it ends in a hyphen. */
  learn(text: string): void {
    const words = text.split(/\s+/).filter(Boolean);
    if (/[-\u00AD\u2010]$/.test(words.at(-1) ?? '')) words.pop();
    for (const w of words) this.words.add(bare(w));
  }

  has(word: string): boolean {
    return this.words.has(bare(word));
  }
}

const bare = (w: string) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase();

export function paragraphsOf(lines: readonly Line[], columnBox: Box, lexicon?: Lexicon): Paragraph[] {
  const frame = textEdges(lines, columnBox);
  const out: Paragraph[] = [];
  let current: Line[] = [];
  let currentList: ListInfo | undefined;
  let prevLine: Line | undefined;
  const flush = () => {
    if (!current.length) return;
    out.push(paragraph(current, frame, currentList, prevLine, lexicon));
    prevLine = current.at(-1);
    current = [];
    currentList = undefined;
  };
  for (const line of lines) {
    const marker = listMarker(line, frame);
    if (current.length && (marker || breaksBefore(current, line, frame, currentList))) flush();
    if (!current.length) currentList = marker;
    current.push(line);
  }
  flush();
  return out;
}

/** These lines as one paragraph, whatever they look like: no list marker or break looked for. */
export function paragraphOfLines(lines: readonly Line[], frame: Box, lexicon?: Lexicon): Paragraph {
  return paragraph([...lines], frame, undefined, undefined, lexicon);
}

/**
 * The edges most lines of a column share (its text block), which a stray long line or an
 * overhanging picture does not move: the largest right edge and the smallest left edge that a
 * fifth of the lines (at least two) reach.
 */
export function textEdges(lines: readonly Line[], columnBox: Box): Box {
  const shared = (values: number[], pick: 'min' | 'max') => {
    const sorted = [...values].sort((a, b) => (pick === 'max' ? b - a : a - b));
    const need = Math.max(2, Math.ceil(0.2 * values.length));
    const far = pick === 'max' ? sorted[0] - 0.1 * (columnBox.x1 - columnBox.x0) : sorted[0] + 0.1 * (columnBox.x1 - columnBox.x0);
    for (const v of sorted) {
      if (pick === 'max' ? v < far : v > far) break; // only an edge near the column's own counts
      if (values.filter((w) => Math.abs(w - v) < 1.5).length >= need) return v;
    }
    return undefined;
  };
  if (lines.length < 3) return columnBox;
  return {
    ...columnBox,
    x0: shared(lines.map((l) => l.x0), 'min') ?? columnBox.x0,
    // Ragged lines share no right edge: the longest one marks it.
    x1: shared(lines.map((l) => l.x1), 'max') ?? Math.min(columnBox.x1, Math.max(...lines.map((l) => l.x1))),
  };
}

/** Where a line starts and how much room it leaves at its end, in its writing direction. */
const startOf = (l: Box, frame: Box, rtl: boolean) => (rtl ? frame.x1 - l.x1 : l.x0 - frame.x0);
const roomAfter = (l: Box, frame: Box, rtl: boolean) => (rtl ? l.x0 - frame.x0 : frame.x1 - l.x1);
const centre = (l: Box) => (l.x0 + l.x1) / 2;
const MONO = /mono|courier|cmtt|consol|menlo|inconsolata|typewriter|lucidaconsole|sourcecode/i;
const isMono = (l: Line) => l.pieces.filter((p) => p.text.trim()).every((p) => MONO.test(p.run.fontName ?? ''));
const allBold = (l: Line) => l.pieces.every((p) => !p.text.trim() || p.run.bold);

function breaksBefore(current: readonly Line[], next: Line, frame: Box, list: ListInfo | undefined): boolean {
  const prev = current.at(-1)!;
  const size = prev.fontSize;
  const rtl = prev.rtl;
  if (next.rtl !== prev.rtl) return true;
  if (Math.abs(next.fontSize - size) > 0.15 * size && !sharesSize(prev, next)) return true;
  if (allBold(prev) !== allBold(next)) return true;
  // Code keeps its lines.
  if (isMono(prev) && isMono(next)) return true;
  const gap = next.y0 - prev.y1;
  if (gap < -0.5 * size) return true; // goes back up: not the same flow
  const gaps = current.slice(1).map((l, i) => l.y0 - current[i].y1);
  const usual = gaps.length ? median(gaps) : 0.25 * size;
  if (gap > Math.max(usual + 0.4 * size, 0.6 * size)) return true;

  const centred = Math.abs(centre(prev) - centre(next)) < 2 && startOf(prev, frame, rtl) > size && startOf(next, frame, rtl) > size;
  if (centred) return false;
  // The next line's first word would have fitted at the end of this one: the line was ended on
  // purpose. Ragged text leaves that little room after lines mid-sentence too: there the line must
  // also end a sentence, or leave a good part of the line empty.
  const room = roomAfter(prev, frame, rtl);
  if (room > firstWordWidth(next) + 0.6 * size && (SENTENCE_END.test(prev.text) || room > 0.25 * (frame.x1 - frame.x0) || CJK_CHAR.test(prev.text.slice(-1)))) return true;
  // Indented after a full line that started at the margin: a new paragraph's first line.
  const indentStep = startOf(next, frame, rtl) - startOf(prev, frame, rtl);
  if (current.length >= 2 && indentStep > 0.8 * size && startOf(prev, frame, rtl) < 0.5 * size && !list) return true;
  return false;
}

/** Lines with a run of the same size (a small-caps label opening a line does not make it another paragraph). */
function sharesSize(a: Line, b: Line): boolean {
  const sizes = (l: Line) => l.pieces.filter((p) => p.text.trim()).map((p) => p.run.fontSize);
  const bs = sizes(b);
  return sizes(a).some((x) => bs.some((y) => Math.abs(x - y) < 0.3));
}

function firstWordWidth(line: Line): number {
  const first = line.pieces.find((p) => p.text.trim());
  if (!first) return 0;
  const text = first.run.text;
  const word = CJK_CHAR.test(text[0]) ? text[0] : (text.match(/^\S+/)?.[0] ?? text);
  return (first.run.width * word.length) / Math.max(1, text.length);
}

/** A bullet or a number at the start of a line, as the start of a list item. */
function listMarker(line: Line, frame: Box): ListInfo | undefined {
  const text = line.text.trimStart();
  const level = Math.max(0, Math.min(3, Math.floor(startOf(line, frame, line.rtl) / 20)));
  const firstRun = line.pieces.find((p) => p.text.trim())?.run;
  // A marker drawn apart from its text (its own run, then a gap) is a list marker even when it is a hyphen.
  const standsApart = Boolean(firstRun && line.pieces.filter((p) => p.text.trim()).length > 1 && firstRun.text.trim().length <= 4);
  if (BULLET.test(text) && text.replace(BULLET, '').trim()) return { kind: 'bullet', level };
  if (DASH_BULLET.test(text) && standsApart) return { kind: 'bullet', level };
  const m = NUMBER.exec(text);
  if (!m || !text.slice(m[0].length).trim()) return undefined;
  if (allBold(line)) return undefined; // "1. Introduction" set in bold is a heading
  const [, open, token, close] = m;
  if (open && close !== ')') return undefined;
  const parsed = numberValue(token);
  if (!parsed) return undefined;
  // A lone capital or number and a full stop opens many sentences; only trust it drawn apart.
  if (/^[A-Za-z]$/.test(token) && !standsApart) return undefined;
  if (/^\d+$/.test(token) && !standsApart && Number(token) > 50) return undefined;
  return { kind: 'number', format: parsed.format, value: parsed.value, pattern: open ? '(%1)' : `%1${close}`, level };
}

function numberValue(token: string): { format: NumberFormat; value: number } | undefined {
  if (/^\d+$/.test(token)) return { format: 'decimal', value: Number(token) };
  if (/^[ivxlcdm]+$/.test(token) && token.length > 1) return { format: 'lowerRoman', value: romanValue(token) };
  if (/^[IVXLCDM]+$/.test(token) && token.length > 1) return { format: 'upperRoman', value: romanValue(token) };
  if (/^[a-z]$/.test(token)) return { format: 'lowerLetter', value: token.charCodeAt(0) - 96 };
  if (/^[A-Z]$/.test(token)) return { format: 'upperLetter', value: token.charCodeAt(0) - 64 };
  return undefined;
}

/** The value of a Roman numeral, either case ("xiv" → 14). */
export function romanValue(s: string): number {
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
  let total = 0;
  const t = s.toLowerCase();
  for (let i = 0; i < t.length; i++) {
    const cur = v[t[i]];
    const next = v[t[i + 1]] ?? 0;
    total += cur < next ? -cur : cur;
  }
  return total;
}

/** Builds a paragraph from its lines: text joined, style runs merged, alignment and indents measured. */
function paragraph(lines: Line[], frame: Box, list: ListInfo | undefined, prevLine: Line | undefined, lexicon: Lexicon | undefined): Paragraph {
  const rtl = lines[0].rtl;
  const content: StyledText[] = [];
  lines.forEach((line, i) => {
    const pieces = styledPieces(line);
    if (i === 0 && list) stripMarker(pieces, list);
    if (i > 0) joinLine(content, pieces, lexicon);
    for (const p of pieces) push(content, p);
  });
  trimEnds(content);
  const fontSize = weightedSize(lines);
  const first = lines[0];
  const rest = lines.length > 1 ? lines.slice(1) : lines;
  const restStart = Math.min(...rest.map((l) => startOf(l, frame, rtl)));
  const firstStart = startOf(first, frame, rtl);
  // A list item is placed by its marker; the writer hangs the text after it.
  const indent = Math.max(0, list || lines.length === 1 ? firstStart : restStart);
  const firstLine = list ? 0 : lines.length > 1 ? firstStart - restStart : 0;
  const box = {
    x0: Math.min(...lines.map((l) => l.x0)),
    y0: Math.min(...lines.map((l) => l.y0)),
    x1: Math.max(...lines.map((l) => l.x1)),
    y1: Math.max(...lines.map((l) => l.y1)),
  };
  // Baseline to baseline: within the paragraph, and from the line above it. A line on its own
  // takes the distance from the line above as its pitch when that is a normal line's.
  const steps = lines.slice(1).map((l, i) => l.base - lines[i].base);
  const above = prevLine ? first.base - prevLine.base : undefined;
  const pitch = steps.length ? median(steps) : above !== undefined && above >= fontSize && above <= 1.35 * fontSize ? above : 1.2 * fontSize;
  return {
    kind: 'paragraph',
    ...box,
    content,
    lines,
    fontSize,
    bold: lines.every(allBold),
    align: alignment(lines, frame, rtl),
    indent: round(indent < 1 ? 0 : indent),
    firstLine: round(Math.abs(firstLine) < 1 ? 0 : firstLine),
    spaceBefore: above === undefined ? 0 : round(Math.max(0, Math.min(72, above - pitch))),
    ...(pitch > 0 ? { lineHeight: Math.round((100 * pitch) / fontSize) / 100 } : {}),
    rtl,
    ...(list ? { list } : {}),
  };
}

function alignment(lines: readonly Line[], frame: Box, rtl: boolean): Align {
  const size = weightedSize(lines);
  const width = frame.x1 - frame.x0;
  const lefts = lines.map((l) => l.x0);
  const rights = lines.map((l) => l.x1);
  const spread = (v: number[]) => Math.max(...v) - Math.min(...v);
  if (lines.length === 1) {
    const l = lines[0];
    const before = l.x0 - frame.x0;
    const after = frame.x1 - l.x1;
    if (before > 2 * size && Math.abs(before - after) < Math.max(4, 0.03 * width)) return 'center';
    if (!rtl && after < 2 && before > 0.3 * width) return 'right';
    return rtl ? 'right' : 'left';
  }
  const body = lines.slice(0, -1);
  const leftsAligned = spread(lefts.slice(1)) < 1.5;
  const rightsAligned = spread(body.map((l) => l.x1)) < 1.5;
  if (spread(lines.map(centre)) < 3 && !(leftsAligned && spread(lefts) < 1.5)) return 'center';
  if (body.length >= 1 && rightsAligned && leftsAligned && Math.max(...rights) > frame.x1 - 0.5 * size - 0.02 * width) return 'justify';
  if (spread(rights) < 1.5 && !leftsAligned) return 'right';
  return rtl ? 'right' : 'left';
}

function weightedSize(lines: readonly Line[]): number {
  const w = new Map<number, number>();
  for (const l of lines) w.set(l.fontSize, (w.get(l.fontSize) ?? 0) + l.text.length);
  return [...w.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0];
}

/** A line's text as styled pieces, superscripts and subscripts told from their size and height. */
function styledPieces(line: Line): StyledText[] {
  const size = line.fontSize;
  const main = line.pieces.filter((p) => Math.abs(p.run.fontSize - size) < 0.5);
  const bottom = main.length ? median(main.map((p) => p.run.y + p.run.height)) : line.y1;
  const top = main.length ? median(main.map((p) => p.run.y)) : line.y0;
  return line.pieces.map((p) => {
    const r = p.run;
    const small = r.fontSize < 0.85 * size;
    const script = small && r.y + r.height < bottom - 0.2 * size ? 'super' : small && r.y > top + 0.3 * size ? 'sub' : undefined;
    return styleOf(p.text, r, script);
  });
}

function styleOf(text: string, r: TextRun, script?: 'super' | 'sub'): StyledText {
  return {
    text,
    fontSize: r.fontSize,
    ...(r.fontName ? { fontName: r.fontName } : {}),
    ...(r.family ? { family: r.family } : {}),
    ...(r.bold ? { bold: true } : {}),
    ...(r.italic ? { italic: true } : {}),
    ...(r.color ? { color: r.color } : {}),
    ...(script ? { script } : {}),
  };
}

const sameStyle = (a: StyledText, b: StyledText) =>
  a.fontSize === b.fontSize && a.fontName === b.fontName && !a.bold === !b.bold && !a.italic === !b.italic && a.color === b.color && a.script === b.script;

function push(content: StyledText[], piece: StyledText) {
  if (!piece.text) return;
  const last = content.at(-1);
  // Spaces take the style of the text before them rather than starting a run of their own.
  if (last && (sameStyle(last, piece) || !piece.text.trim())) last.text += piece.text;
  else content.push({ ...piece });
}

/**
 * Joins a line to the paragraph so far, with a space unless both sides are CJK. A word broken
 * at the line's end ("com-" "piler") is put back together: without its hyphen when the rest is
 * lower case or the document writes it whole elsewhere, with it ("IEEE-754", "run-time") when
 * the document writes it so, or the rest starts with a capital or a digit.
 */
function joinLine(content: StyledText[], next: StyledText[], lexicon?: Lexicon) {
  const last = content.at(-1);
  const nextText = next.find((p) => p.text.trim())?.text.trimStart() ?? '';
  if (!last || !nextText) return;
  last.text = last.text.trimEnd();
  trimStartPieces(next);
  // The broken word may span pieces (a hyphen set in another font than the letters before it).
  const before = content.map((c) => c.text).join('');
  if (/\p{L}[-\u00AD\u2010]$/u.test(before) && /[-\u00AD\u2010]$/.test(last.text) && /^[\p{L}\p{N}]/u.test(nextText)) {
    const head = before.match(/\S+$/)![0].slice(0, -1);
    const tail = nextText.match(/^\S+/)![0];
    const whole = lexicon?.has(head + tail);
    const hyphened = lexicon?.has(`${head}-${tail}`);
    const soft = /\u00AD$/.test(last.text);
    if (soft || whole || (!hyphened && /^\p{Ll}/u.test(nextText))) last.text = last.text.slice(0, -1);
    return;
  }
  if (CJK_CHAR.test(last.text.slice(-1)) && CJK_CHAR.test(nextText[0])) return;
  last.text += ' ';
}

function trimStartPieces(pieces: StyledText[]) {
  while (pieces.length && !pieces[0].text.trim()) pieces.shift();
  if (pieces.length) pieces[0] = { ...pieces[0], text: pieces[0].text.trimStart() };
}

function trimEnds(content: StyledText[]) {
  if (content.length) content[0].text = content[0].text.trimStart();
  if (content.length) content[content.length - 1].text = content.at(-1)!.text.trimEnd();
  for (let i = content.length - 1; i >= 0; i--) if (!content[i].text) content.splice(i, 1);
}

function stripMarker(pieces: StyledText[], list: ListInfo) {
  trimStartPieces(pieces);
  if (!pieces.length) return;
  const pattern = list.kind === 'bullet' ? new RegExp(`${BULLET.source}|${DASH_BULLET.source}`) : NUMBER;
  const m = pattern.exec(pieces[0].text);
  if (m) pieces[0] = { ...pieces[0], text: pieces[0].text.slice(m[0].length) };
  else if (pieces[0].text.trim().length <= 4) pieces.shift(); // the marker was a run of its own
  trimStartPieces(pieces);
}

/** The text of a paragraph. */
export const paragraphText = (p: { content: readonly StyledText[] }) => p.content.map((c) => c.text).join('');

/**
 * The first paragraph of a new column continues the last one of the previous column when that
 * one ran to its column's end without finishing its sentence and the new one is not indented
 * (or starts `at` that many points in, where the lines of a list item cut in two go on).
 */
export function continuesInto(prev: Paragraph, prevFrame: Box, next: Paragraph, nextFrame: Box, at = 0): boolean {
  if (prev.heading || next.heading || next.list || prev.figure || next.figure || prev.rtl !== next.rtl) return false;
  if (Math.abs(prev.fontSize - next.fontSize) > 0.15 * prev.fontSize || prev.bold !== next.bold) return false;
  const last = prev.lines.at(-1)!;
  const first = next.lines[0];
  if (SENTENCE_END.test(last.text)) return false;
  if (roomAfter(last, prevFrame, prev.rtl) > firstWordWidth(first) + 0.6 * prev.fontSize) return false;
  const offset = startOf(first, nextFrame, next.rtl) - at;
  return offset < 0.5 * next.fontSize && (at === 0 || offset > -0.5 * next.fontSize);
}

/** Appends `next` to `prev` (see continuesInto). */
export function mergeInto(prev: Paragraph, next: Paragraph, lexicon?: Lexicon): void {
  const pieces = next.content.map((c) => ({ ...c }));
  joinLine(prev.content, pieces, lexicon);
  for (const p of pieces) push(prev.content, p);
  prev.lines.push(...next.lines);
}

/**
 * Headings across the whole document: short paragraphs set larger than the body text, largest
 * first (levels 1 to 3), and short standalone bold lines at body size one level below those.
 */
export function markHeadings(paragraphs: readonly Paragraph[]): void {
  const weights = new Map<number, number>();
  for (const p of paragraphs) {
    const chars = paragraphText(p).length;
    const key = Math.round(p.fontSize * 2) / 2;
    weights.set(key, (weights.get(key) ?? 0) + chars);
  }
  const body = [...weights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!body) return;
  const candidate = (p: Paragraph) => {
    const text = paragraphText(p).trim();
    // A heading opens with a word or a section number, not a symbol ("= Resource", "$ = 0 to 50").
    return !p.list && !p.figure && p.lines.length <= 3 && text.length >= 2 && text.length <= 160 && /^[\p{L}\p{N}]/u.test(text) && /\p{L}{2}/u.test(text);
  };
  const sized = paragraphs.filter((p) => candidate(p) && p.fontSize >= 1.15 * body);
  const sizes = [...new Set(sized.map((p) => Math.round(p.fontSize * 2) / 2))].sort((a, b) => b - a);
  const levelOf = (size: number) => Math.min(3, sizes.indexOf(Math.round(size * 2) / 2) + 1) as 1 | 2 | 3;
  for (const p of sized) p.heading = levelOf(p.fontSize);
  const boldLevel = Math.min(3, sizes.length + 1) as 1 | 2 | 3;
  paragraphs.forEach((p, i) => {
    if (p.heading || !candidate(p) || !p.bold || p.fontSize < 0.95 * body) return;
    const text = paragraphText(p).trim();
    if (text.length > 100 || /[.,;]$/.test(text)) return;
    const next = paragraphs[i + 1];
    if (next && next.bold && Math.abs(next.fontSize - p.fontSize) < 0.5 && !next.heading) return; // a bold block, not a heading
    p.heading = boldLevel;
  });
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}

const round = (v: number) => Math.round(v * 10) / 10;
