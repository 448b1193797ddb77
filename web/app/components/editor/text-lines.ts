/**
 * The lines of text a page shows, from pdf.js getTextContent: what the edit tool lets the user click.
 * Pure: the caller passes the page size and a function from PDF user space to the displayed page
 * (pdf.js `viewport.convertToViewportPoint`), so rotated and cropped pages come out as displayed.
 */
import type { Point, Rect } from './operations';

/** The parts of a pdf.js TextItem this needs. */
export interface TextPiece {
  str: string;
  transform: number[];
  width: number;
}

export interface TextLine {
  text: string;
  /** Fractions of the displayed page, origin top left. */
  rect: Rect;
  /** The glyphs' height, in fractions of the page height, to size the replacing text. */
  height: number;
}

/** Glyphs reach below the baseline: the descent, as a share of the font size. */
const DESCENT = 0.25;

type Box = { x0: number; y0: number; x1: number; y1: number; text: string };

function boxOf(item: TextPiece, toView: (x: number, y: number) => number[]): Box | undefined {
  const [a, b, c, d, e, f] = item.transform;
  const size = Math.hypot(c, d);
  const run = Math.hypot(a, b);
  if (!item.str.trim() || !size || !run) return undefined;
  // Along the text (a, b) for its width, and up (c, d) for its height, from the baseline origin.
  const [ux, uy] = [a / run, b / run];
  const [vx, vy] = [c / size, d / size];
  const corners = [
    [e - vx * size * DESCENT, f - vy * size * DESCENT],
    [e + ux * item.width - vx * size * DESCENT, f + uy * item.width - vy * size * DESCENT],
    [e + vx * size, f + vy * size],
    [e + ux * item.width + vx * size, f + uy * item.width + vy * size],
  ].map(([x, y]) => toView(x, y));
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys), text: item.str };
}

/** Items on one line: their vertical middles close, and no wide horizontal gap between them. */
function sameLine(line: Box, box: Box): boolean {
  const h = Math.min(line.y1 - line.y0, box.y1 - box.y0);
  const middle = (r: Box) => (r.y0 + r.y1) / 2;
  return Math.abs(middle(line) - middle(box)) < h * 0.5 && box.x0 - line.x1 < h * 1.5 && box.x1 > line.x0;
}

export function textLines(items: readonly TextPiece[], width: number, height: number, toView: (x: number, y: number) => number[]): TextLine[] {
  const boxes = items.flatMap((item) => boxOf(item, toView) ?? []).sort((p, q) => p.y0 - q.y0 || p.x0 - q.x0);
  const lines: Box[] = [];
  for (const box of boxes) {
    const line = lines.find((l) => sameLine(l, box));
    if (!line) {
      lines.push({ ...box });
      continue;
    }
    const gap = box.x0 - line.x1 > (box.y1 - box.y0) * 0.15 && !line.text.endsWith(' ') && !box.text.startsWith(' ');
    line.text = `${line.text}${gap ? ' ' : ''}${box.text}`;
    line.x0 = Math.min(line.x0, box.x0);
    line.y0 = Math.min(line.y0, box.y0);
    line.x1 = Math.max(line.x1, box.x1);
    line.y1 = Math.max(line.y1, box.y1);
  }
  return lines.map((l) => ({
    text: l.text.trim(),
    rect: [l.x0 / width, l.y0 / height, (l.x1 - l.x0) / width, (l.y1 - l.y0) / height],
    height: (l.y1 - l.y0) / (1 + DESCENT) / height,
  }));
}

const overlaps = (a: Rect, b: Rect) => a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];

/**
 * The text a drag selects for highlight, underline or strike-out, as a text selection runs: the
 * line where the drag starts from that point to its end, the lines between whole, and the line
 * where it ends up to that point (one line: between the two points). The lines are those the
 * drag's box crosses, so a drag down one column leaves the next column alone. Where it crosses no
 * text, the drag's own rect.
 */
export function selectedLineRects(lines: readonly TextLine[], from: Point, to: Point): Rect[] {
  const drag: Rect = [Math.min(from[0], to[0]), Math.min(from[1], to[1]), Math.abs(to[0] - from[0]), Math.abs(to[1] - from[1])];
  const hit = lines.filter((l) => overlaps(l.rect, drag)).sort((a, b) => a.rect[1] - b.rect[1] || a.rect[0] - b.rect[0]);
  if (hit.length === 0) return [drag];
  const cut = ([x, y, w, h]: Rect, left: number, right: number): Rect => {
    const l = Math.min(x + w, Math.max(x, left));
    const r = Math.max(x, Math.min(x + w, right));
    return [l, y, Math.max(0, r - l), h];
  };
  if (hit.length === 1) return [cut(hit[0].rect, drag[0], drag[0] + drag[2])];
  // Reading order: the point higher on the page starts the selection.
  const [start, end] = from[1] <= to[1] ? [from, to] : [to, from];
  return hit.map(({ rect }, i) => (i === 0 ? cut(rect, start[0], 1) : i === hit.length - 1 ? cut(rect, 0, end[0]) : rect));
}
