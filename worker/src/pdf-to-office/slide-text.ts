import { officeFont } from './font-names';
import { foldAccents, lineOf, unionBox, type Line } from './lines';
import { pageFlow } from './page-flow';
import { textEdges } from './paragraphs';
import type { PageLayout, TextRun } from './types';

/**
 * A page's text as slide text boxes, each where its text was. The lines of a paragraph share one
 * box and keep their line breaks: text set in a substitute font, its word spaces back to normal,
 * never breaks its lines where the PDF did, and letting the box wrap would push every line after
 * the first difference one word along (or one line down). Lines that cannot share a box without
 * moving (a first line indented, a list marker hanging out, cells of a table row) get boxes of
 * their own. Units are PDF points from the page's top left corner.
 */

export interface SlideRun {
  text: string;
  fontSize: number;
  fontFace?: string;
  bold?: boolean;
  italic?: boolean;
  /** RRGGBB. */
  color?: string;
  script?: 'super' | 'sub';
  /** A line break (not a paragraph break) before this run. */
  breakBefore?: boolean;
}

export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
  runs: SlideRun[];
  align: 'left' | 'center' | 'right' | 'justify';
  /** Baseline-to-baseline distance, when the box holds several lines. */
  lineSpacing?: number;
  rtl: boolean;
  /** Clockwise turn about the box's centre, in degrees, for text set up or down the page. */
  rotate?: number;
}

/** Gaps wider than this many font sizes split a line into pieces placed apart (table cells, tab stops). */
const GAP_EM = 1.0;
/**
 * Text not set left to right: turned text carries its angle (pdf.js layouts); a run drawn up or
 * down the page without one (its box tall and narrow for its size, as page-flow.ts tells them)
 * is taken to read upwards, as margin stamps do.
 */
const isTurned = (r: TextRun) => r.angle !== undefined || (r.height > 1.6 * r.fontSize && r.height > 1.5 * r.width);

export function textBoxes(page: PageLayout): TextBox[] {
  const flow = pageFlow({ ...page, runs: page.runs.filter((r) => !isTurned(r)), images: [], rules: [] }, { tables: false });
  const boxes: TextBox[] = [];
  for (const band of flow.bands)
    for (const column of band.columns) {
      const paragraphs = column.blocks.filter((b) => b.kind === 'paragraph');
      // The edge most of the column's lines reach: a stray long line does not move it.
      const edge = textEdges(paragraphs.flatMap((p) => p.lines), column).x1;
      for (const p of paragraphs) boxes.push(...blockBoxes(p.lines, edge));
    }
  boxes.push(...page.runs.filter(isTurned).map(turnedBox));
  return boxes;
}

/** The boxes of one paragraph of the page flow; `edge` is the right edge of its column. */
function blockBoxes(lines: readonly Line[], edge: number): TextBox[] {
  const pieces = lines.map(splitAtGaps);
  // Pieces set apart on a line are placed one by one: no box could keep their gaps.
  if (pieces.some((p) => p.length > 1)) return pieces.flat().map((l) => box([l]));
  return stacks(lines).flatMap((chunk) => chunkBoxes(chunk, edge));
}

/**
 * A line's runs, split where the gap between neighbours is wider than a word space could be.
 * Runs stacked one over the other (two short lines of a diagram label taken for one row) are
 * not a line at all: each stands alone.
 */
function splitAtGaps(line: Line): Line[] {
  const runs = [...new Set(line.pieces.map((p) => p.run))].sort((a, b) => a.x - b.x);
  if (runs.some((r, i) => i > 0 && stacked(runs[i - 1], r))) return [...runs].sort((a, b) => a.y - b.y || a.x - b.x).map((r) => lineOf([r]));
  const groups: TextRun[][] = [];
  for (const run of runs) {
    const group = groups.at(-1);
    const end = group ? Math.max(...group.map((r) => r.x + r.width)) : 0;
    if (group && run.x - end <= GAP_EM * Math.min(run.fontSize, group.at(-1)!.fontSize)) group.push(run);
    else groups.push([run]);
  }
  return groups.length > 1 ? groups.map((g) => lineOf(g)) : [line];
}

/** Two runs that share much of their width at different heights (an accent over its letter is at the same height). */
function stacked(a: TextRun, b: TextRun): boolean {
  const shared = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const apart = Math.abs(a.y + a.height / 2 - (b.y + b.height / 2));
  return shared > 0.3 * Math.min(a.width, b.width) && apart > 0.5 * Math.min(a.fontSize, b.fontSize);
}

/**
 * Consecutive lines that go down the page one under the other at a steady pitch. A paragraph
 * continued in the next column, or lines spaced unevenly, split into several stacks.
 */
function stacks(lines: readonly Line[]): Line[][] {
  const out: Line[][] = [];
  let current: Line[] = [];
  for (const line of lines) {
    const prev = current.at(-1);
    if (prev) {
      const step = line.y0 - prev.y0;
      const size = Math.max(prev.fontSize, line.fontSize);
      const overlaps = Math.min(prev.x1, line.x1) > Math.max(prev.x0, line.x0);
      const pitch = current.length > 1 ? current[1].y0 - current[0].y0 : undefined;
      const steady = pitch === undefined ? step < 2 * size : Math.abs(step - pitch) < 0.15 * pitch;
      if (!(step > 0.6 * size && steady && overlaps)) {
        out.push(current);
        current = [];
      }
    }
    current.push(line);
  }
  if (current.length) out.push(current);
  return out;
}

const spread = (values: readonly number[]) => Math.max(...values) - Math.min(...values);
const centre = (l: Line) => (l.x0 + l.x1) / 2;

/**
 * Boxes for a stack of lines: one box when their common edge says how they are aligned. Lines
 * that all reach the column's edge but the last are justified; that is also how a box stretches
 * them back to the edge after the line breaks the box keeps.
 */
function chunkBoxes(lines: Line[], edge: number): TextBox[] {
  if (lines.length === 1) return [box(lines)];
  const size = Math.min(...lines.map((l) => l.fontSize));
  const rest = lines.slice(1);
  const rtl = lines[0].rtl;
  const starts = (ls: readonly Line[]) => ls.map((l) => (rtl ? -l.x1 : l.x0));
  const restAligned = spread(starts(rest)) < 0.3 * size;
  const firstStep = starts(lines)[0] - Math.min(...starts(rest));
  if (restAligned && Math.abs(firstStep) <= 0.3 * size) {
    const justified = !rtl && lines.slice(0, -1).every((l) => edge - l.x1 < 0.3 * size);
    return [box(lines, rtl ? 'right' : justified ? 'justify' : 'left')];
  }
  if (spread(lines.map(centre)) < 0.3 * size) return [box(lines, 'center')];
  // A first line indented, or a list item's marker hanging out: the rest share a box, the first line has its own.
  if (restAligned && (rest.length > 1 || !rtl)) return [box([lines[0]]), ...chunkBoxes(rest, edge)];
  if (spread(lines.map((l) => l.x1)) < 0.3 * size) return [box(lines, 'right')];
  return lines.map((l) => box([l]));
}

/** One text box over these lines, a line break after each but the last. */
function box(lines: readonly Line[], align: TextBox['align'] = lines[0].rtl ? 'right' : 'left'): TextBox {
  const edges = unionBox(lines);
  const runs: SlideRun[] = [];
  for (const [i, line] of lines.entries()) {
    const pieces = lineRuns(line);
    if (i > 0 && pieces.length) pieces[0] = { ...pieces[0], breakBefore: true };
    pushRuns(runs, pieces);
  }
  for (const run of runs) run.text = foldAccents(run.text);
  const pitch = lines.length > 1 ? (lines.at(-1)!.y0 - lines[0].y0) / (lines.length - 1) : undefined;
  return {
    x: edges.x0,
    y: edges.y0,
    width: edges.x1 - edges.x0,
    height: edges.y1 - edges.y0,
    runs,
    align,
    ...(pitch ? { lineSpacing: pitch } : {}),
    rtl: lines[0].rtl,
  };
}

/** A turned run in a box of its own, turned to match. */
function turnedBox(run: TextRun): TextBox {
  const angle = run.angle ?? 270;
  const cos = Math.abs(Math.cos((angle * Math.PI) / 180));
  const sin = Math.abs(Math.sin((angle * Math.PI) / 180));
  // The run's box is the turned text's bounding box: its length along the baseline, from the side that depends on it most.
  const length = Math.max(run.fontSize, cos >= sin ? (run.width - run.fontSize * sin) / cos : (run.height - run.fontSize * cos) / sin);
  const thickness = 1.2 * run.fontSize;
  const cx = run.x + run.width / 2;
  const cy = run.y + run.height / 2;
  return {
    // The unturned box, centred where the turned one must be.
    x: cx - length / 2,
    y: cy - thickness / 2,
    width: length,
    height: thickness,
    runs: lineRuns(lineOf([run])),
    align: 'left',
    rtl: false,
    rotate: angle,
  };
}

/** Families every office suite has, or replaces with one of the same metrics. */
const OFFICE_FONTS = new Set([
  'Times New Roman',
  'Arial',
  'Courier New',
  'Calibri',
  'Cambria',
  'Cambria Math',
  'Georgia',
  'Verdana',
  'Tahoma',
  'Trebuchet MS',
  'Symbol',
  'Wingdings',
  'SimSun',
  'SimHei',
  'MS Mincho',
  'MS Gothic',
]);
const GENERIC_FONT = { serif: 'Times New Roman', 'sans-serif': 'Arial', monospace: 'Courier New' } as const;

/**
 * The font a run is set in on the slide. A family the viewer may not have is replaced by a common
 * one of its kind: an unknown substitute can be much wider, and the lines, which never wrap, would
 * run into the text beside them.
 */
function slideFont(run: TextRun): string | undefined {
  const family = officeFont(run.fontName);
  if (!family || OFFICE_FONTS.has(family)) return family;
  return run.family ? GENERIC_FONT[run.family] : family;
}

/** The styled runs of a line in reading order, superscripts and subscripts told from their size and height. */
function lineRuns(line: Line): SlideRun[] {
  const size = line.fontSize;
  const main = line.pieces.filter((p) => p.text.trim() && Math.abs(p.run.fontSize - size) < 0.5).map((p) => p.run);
  const bottom = main.length ? median(main.map((r) => r.y + r.height)) : line.y1;
  const top = main.length ? median(main.map((r) => r.y)) : line.y0;
  const out: SlideRun[] = [];
  for (const { text, run } of line.pieces) {
    const small = run.fontSize < 0.85 * size;
    const script = small && run.y + run.height < bottom - 0.2 * size ? 'super' : small && run.y > top + 0.3 * size ? 'sub' : undefined;
    const fontFace = slideFont(run);
    pushRuns(out, [
      {
        text,
        fontSize: run.fontSize,
        ...(fontFace ? { fontFace } : {}),
        ...(run.bold ? { bold: true } : {}),
        ...(run.italic ? { italic: true } : {}),
        ...(run.color ? { color: run.color } : {}),
        ...(script ? { script } : {}),
      },
    ]);
  }
  return out;
}

const sameStyle = (a: SlideRun, b: SlideRun) =>
  a.fontSize === b.fontSize && a.fontFace === b.fontFace && !a.bold === !b.bold && !a.italic === !b.italic && a.color === b.color && a.script === b.script;

/** Appends runs, merging each into the one before when they look the same (spaces take the style before them). */
function pushRuns(out: SlideRun[], runs: readonly SlideRun[]) {
  for (const run of runs) {
    const last = out.at(-1);
    if (last && !run.breakBefore && (sameStyle(last, run) || !run.text.trim())) last.text += run.text;
    else if (run.text) out.push({ ...run });
  }
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
