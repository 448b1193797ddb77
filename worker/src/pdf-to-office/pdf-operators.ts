import { OPS, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { RuleLine } from './types';

/**
 * One walk over a page's pdf.js operator list, keeping the little graphics state the converters
 * need: the transformation matrix (for image and line positions) and the fill colour (for text).
 * Coordinates come out in the page's top-left space (the viewport transform applied).
 */

type Matrix = [number, number, number, number, number, number];

/** A character drawn by a show-text operator, in content-stream order, with the colour it was painted in. */
export interface DrawnGlyph {
  text: string;
  /** RRGGBB, or undefined for invisible or pattern-filled text. */
  color?: string;
  /** Advance width in thousandths of an em (what pdf.js reports). */
  width: number;
  /**
   * Left and right ends of the glyph on the page (top-left points), followed through the text
   * state; only for text set left to right. Where cells were drawn apart and pdf.js joined them
   * into one text item, these show the jump between them.
   */
  x0?: number;
  x1?: number;
}

/** An image painted on the page: where it lands and how to fetch its pixels from pdf.js. */
export interface PaintedImage {
  /** pdf.js object id (page objs, or common objs when it starts with "g_"), or the inline image itself. */
  source: string | InlineImage;
  /** The unit square mapped to the page: x of (0,0), (1,0), (0,1) corners etc. */
  matrix: Matrix;
}

export interface InlineImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8ClampedArray | Uint8Array;
}

/** A painted shape that is not a ruling line: candidates for vector figures and cell shading. */
export interface PaintedShape {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** RRGGBB of the fill, when filled with a plain colour. */
  fill?: string;
  stroked: boolean;
  /** True when the outline has curves, as drawings and charts do. */
  curved: boolean;
}

export interface PageGraphics {
  glyphs: DrawnGlyph[];
  images: PaintedImage[];
  rules: RuleLine[];
  shapes: PaintedShape[];
}

/** Thicker than this, a filled rectangle is a shape, not a line. */
const MAX_RULE_THICKNESS = 3;
/** Shorter than this, a segment is a tick or a glyph stroke, not a rule. */
const MIN_RULE_LENGTH = 4;

const STROKE_OPS = new Set<number>([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const FILL_OPS = new Set<number>([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const SHOW_TEXT_OPS = new Set<number>([OPS.showText, OPS.showSpacedText, OPS.nextLineShowText, OPS.nextLineSetSpacingShowText]);
/** DrawOPS of pdf.js path data. */
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const QUAD = 3;
const CLOSE = 4;

interface State {
  ctm: Matrix;
  fill?: string;
  /** The fill is a pattern or a shading: painted, though in no one colour. */
  patternFill?: boolean;
  /** The clipping path's box (page space), for shadings painted inside it. */
  clipBox?: { x0: number; y0: number; x1: number; y1: number };
  /** A clip operator was seen: the next path sets the clip. */
  clipNext?: boolean;
  stroke?: string;
  textMode: number;
  text: TextState;
}

/** The PDF text state, as far as glyph positions need it (pdf.js's canvas keeps the same). */
interface TextState {
  matrix: Matrix;
  /** The pen, and the start of the current line, in text space. */
  x: number;
  y: number;
  lineX: number;
  lineY: number;
  size: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const newTextState = (): TextState => ({
  matrix: IDENTITY,
  x: 0,
  y: 0,
  lineX: 0,
  lineY: 0,
  size: 0,
  charSpacing: 0,
  wordSpacing: 0,
  hScale: 1,
  leading: 0,
  rise: 0,
});

export function walkOperators(opList: { fnArray: number[]; argsArray: unknown[][] }, viewportTransform: number[]): PageGraphics {
  const out: PageGraphics = { glyphs: [], images: [], rules: [], shapes: [] };
  let state: State = { ctm: viewportTransform.slice() as Matrix, fill: '000000', stroke: '000000', textMode: 0, text: newTextState() };
  const stack: State[] = [];
  const save = () => stack.push({ ...state, text: { ...state.text } });
  const restore = () => {
    state = stack.pop() ?? state;
  };

  for (let i = 0; i < opList.fnArray.length; i++) {
    const fn = opList.fnArray[i];
    const args = opList.argsArray[i] as any[];
    switch (fn) {
      case OPS.save:
      case OPS.beginGroup:
        save();
        break;
      case OPS.restore:
      case OPS.endGroup:
        restore();
        break;
      case OPS.transform:
        state.ctm = Util.transform(state.ctm, args) as Matrix;
        break;
      case OPS.paintFormXObjectBegin:
        save();
        if (args[0]) state.ctm = Util.transform(state.ctm, Array.from(args[0] as ArrayLike<number>)) as Matrix;
        break;
      case OPS.paintFormXObjectEnd:
        restore();
        break;
      case OPS.setFillRGBColor:
        state.fill = hex(args[0]);
        state.patternFill = false;
        break;
      case OPS.setStrokeRGBColor:
        state.stroke = hex(args[0]);
        break;
      case OPS.setFillTransparent:
        state.fill = undefined;
        state.patternFill = false;
        break;
      case OPS.setFillColorN:
        state.fill = undefined;
        state.patternFill = true;
        break;
      case OPS.setStrokeTransparent:
      case OPS.setStrokeColorN:
        state.stroke = undefined;
        break;
      case OPS.setTextRenderingMode:
        state.textMode = args[0] as number;
        break;
      case OPS.beginText:
        state.text = { ...state.text, matrix: IDENTITY, x: 0, y: 0, lineX: 0, lineY: 0 };
        break;
      case OPS.setTextMatrix: {
        const m = (Array.isArray(args[0]) || ArrayBuffer.isView(args[0]) ? Array.from(args[0] as ArrayLike<number>) : args) as number[];
        state.text = { ...state.text, matrix: m.slice(0, 6) as Matrix, x: 0, y: 0, lineX: 0, lineY: 0 };
        break;
      }
      case OPS.moveText:
        moveText(state.text, args[0] as number, args[1] as number);
        break;
      case OPS.setLeadingMoveText:
        state.text.leading = args[1] as number;
        moveText(state.text, args[0] as number, args[1] as number);
        break;
      case OPS.nextLine:
        moveText(state.text, 0, state.text.leading);
        break;
      case OPS.setLeading:
        state.text.leading = -(args[0] as number);
        break;
      case OPS.setCharSpacing:
        state.text.charSpacing = args[0] as number;
        break;
      case OPS.setWordSpacing:
        state.text.wordSpacing = args[0] as number;
        break;
      case OPS.setHScale:
        state.text.hScale = (args[0] as number) / 100;
        break;
      case OPS.setTextRise:
        state.text.rise = args[0] as number;
        break;
      case OPS.setFont:
        state.text.size = Math.abs(args[1] as number);
        break;
      case OPS.constructPath:
        if (state.clipNext) {
          state.clipBox = pathBox(state.ctm, args[1]?.[0] as ArrayLike<number> | undefined) ?? state.clipBox;
          state.clipNext = false;
        }
        addPath(out, state, args[0] as number, args[1]?.[0] as ArrayLike<number> | undefined);
        break;
      case OPS.clip:
      case OPS.eoClip:
        state.clipNext = true;
        break;
      case OPS.shadingFill:
        // A gradient painted over the clipping path: drawn like any filled shape.
        if (state.clipBox) out.shapes.push({ ...state.clipBox, stroked: false, curved: true });
        break;
      case OPS.paintImageXObject:
        out.images.push({ source: args[0] as string, matrix: state.ctm.slice() as Matrix });
        break;
      case OPS.paintInlineImageXObject:
        out.images.push({ source: args[0] as InlineImage, matrix: state.ctm.slice() as Matrix });
        break;
      default:
        if (SHOW_TEXT_OPS.has(fn)) addGlyphs(out, state, args.at(-1) as unknown[]);
    }
  }
  return out;
}

function moveText(t: TextState, x: number, y: number) {
  t.x = t.lineX += x;
  t.y = t.lineY += y;
}

function addGlyphs(out: PageGraphics, state: State, glyphs: unknown[]) {
  // Render modes: 0 fill, 1 stroke, 2 fill+stroke, 3 invisible (OCR layers), 4+ also clip.
  const mode = state.textMode & 3;
  const color = mode === 3 ? undefined : mode === 1 ? state.stroke : state.fill;
  const t = state.text;
  // Text space to the page; positions are kept for text set left to right only.
  const m = Util.transform(state.ctm, t.matrix) as Matrix;
  const level = Math.abs(m[1]) < 0.05 * Math.abs(m[0]) && m[0] > 0;
  const pageX = (x: number) => apply(m, t.x + x * t.hScale, t.y + t.rise)[0];
  // Advances as pdf.js's canvas makes them (a Type 3 font's own matrix is not known here).
  let x = 0;
  for (const g of glyphs) {
    if (typeof g === 'number') {
      x -= (g * t.size) / 1000;
      continue;
    }
    if (typeof g !== 'object' || g === null) continue;
    const glyph = g as { unicode?: string; width?: number; isSpace?: boolean };
    const advance = ((glyph.width ?? 0) * t.size) / 1000;
    const place = level ? { x0: pageX(x), x1: pageX(x + advance) } : {};
    if (glyph.unicode) out.glyphs.push({ text: glyph.unicode, color, width: glyph.width ?? 0, ...place });
    x += advance + t.charSpacing + (glyph.isSpace ? t.wordSpacing : 0);
  }
  t.x += x * t.hScale;
}

function addPath(out: PageGraphics, state: State, paintOp: number, data: ArrayLike<number> | undefined) {
  if (!data || data.length === 0) return;
  const stroked = STROKE_OPS.has(paintOp);
  const filled = FILL_OPS.has(paintOp);
  if (!stroked && !filled) return; // a clipping path or endPath: nothing drawn
  const m = state.ctm;
  const pt = (x: number, y: number): [number, number] => apply(m, x, y);

  let curved = false;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  const grow = ([x, y]: [number, number]) => {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  };
  /** Straight segments of the path, in page space, for ruling lines. */
  const segments: Array<[[number, number], [number, number]]> = [];
  /** Subpaths as point lists, for thin filled rectangles. */
  const subpaths: Array<Array<[number, number]>> = [];
  let current: Array<[number, number]> = [];
  let start: [number, number] | undefined;
  let last: [number, number] | undefined;
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    if (op === MOVE) {
      last = start = pt(data[i++], data[i++]);
      if (current.length) subpaths.push(current);
      current = [last];
      grow(last);
    } else if (op === LINE) {
      const p = pt(data[i++], data[i++]);
      if (last) segments.push([last, p]);
      current.push(p);
      grow(p);
      last = p;
    } else if (op === CURVE || op === QUAD) {
      const n = op === CURVE ? 3 : 2;
      let p: [number, number] = [0, 0];
      for (let k = 0; k < n; k++) grow((p = pt(data[i++], data[i++])));
      current.push(p);
      last = p;
      curved = true;
    } else if (op === CLOSE) {
      if (last && start && (last[0] !== start[0] || last[1] !== start[1])) segments.push([last, start]);
      last = start;
    } else {
      return; // unknown operator: the rest of the data cannot be trusted
    }
  }
  if (current.length) subpaths.push(current);
  if (!Number.isFinite(x0)) return;

  const visibleStroke = stroked && state.stroke !== undefined && state.stroke !== 'ffffff';
  const visibleFill = filled && state.fill !== undefined && state.fill !== 'ffffff';
  let ruled = false;
  if (visibleStroke && !curved) {
    for (const [a, b] of segments) ruled = addRule(out.rules, a, b) || ruled;
  }
  if (visibleFill && !curved) {
    for (const sub of subpaths) {
      const box = boxOf(sub);
      const w = box.x1 - box.x0;
      const h = box.y1 - box.y0;
      if (!isAxisRectangle(sub, box)) continue;
      // A thin filled rectangle is how many producers (Excel, Word) draw a table border.
      if (h <= MAX_RULE_THICKNESS && w >= MIN_RULE_LENGTH) ruled = addRule(out.rules, [box.x0, (box.y0 + box.y1) / 2], [box.x1, (box.y0 + box.y1) / 2]) || ruled;
      else if (w <= MAX_RULE_THICKNESS && h >= MIN_RULE_LENGTH) ruled = addRule(out.rules, [(box.x0 + box.x1) / 2, box.y0], [(box.x0 + box.x1) / 2, box.y1]) || ruled;
    }
  }
  if (ruled && !curved) return;
  if (!visibleStroke && !(filled && (state.fill !== undefined || state.patternFill))) return;
  out.shapes.push({ x0, y0, x1, y1, fill: filled ? state.fill : undefined, stroked: visibleStroke, curved });
}

/** The page-space box of a path's points (pdf.js path data: an operator, then its coordinates). */
function pathBox(m: Matrix, data: ArrayLike<number> | undefined): { x0: number; y0: number; x1: number; y1: number } | undefined {
  if (!data) return undefined;
  const points: Array<[number, number]> = [];
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    const n = op === MOVE || op === LINE ? 1 : op === CURVE ? 3 : op === QUAD ? 2 : op === CLOSE ? 0 : -1;
    if (n < 0) return undefined;
    for (let k = 0; k < n; k++) points.push(apply(m, data[i++], data[i++]));
  }
  return points.length ? boxOf(points) : undefined;
}

/** Keeps horizontal and vertical segments long enough to be rules; true when one was kept. */
function addRule(rules: RuleLine[], a: [number, number], b: [number, number]): boolean {
  const dx = Math.abs(a[0] - b[0]);
  const dy = Math.abs(a[1] - b[1]);
  if (dy <= 0.5 && dx >= MIN_RULE_LENGTH) {
    const y = (a[1] + b[1]) / 2;
    rules.push({ x1: Math.min(a[0], b[0]), y1: y, x2: Math.max(a[0], b[0]), y2: y });
    return true;
  }
  if (dx <= 0.5 && dy >= MIN_RULE_LENGTH) {
    const x = (a[0] + b[0]) / 2;
    rules.push({ x1: x, y1: Math.min(a[1], b[1]), x2: x, y2: Math.max(a[1], b[1]) });
    return true;
  }
  return false;
}

function boxOf(points: Array<[number, number]>) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** Every point on the box's outline: a rectangle drawn with `re` or four straight sides. */
function isAxisRectangle(points: Array<[number, number]>, box: { x0: number; y0: number; x1: number; y1: number }): boolean {
  if (points.length < 4 || points.length > 6) return false;
  const near = (a: number, b: number) => Math.abs(a - b) < 0.5;
  return points.every(([x, y]) => (near(x, box.x0) || near(x, box.x1)) && (near(y, box.y0) || near(y, box.y1)));
}

/** A point through a matrix. */
export function apply(m: ArrayLike<number>, x: number, y: number): [number, number] {
  return [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]];
}

/** pdf.js hands colours as "#rrggbb" strings (or byte arrays in older paths). */
function hex(c: unknown): string | undefined {
  if (typeof c === 'string') return c.replace(/^#/, '').toLowerCase().slice(0, 6);
  if (c && typeof c === 'object' && 'length' in c) {
    const a = Array.from(c as ArrayLike<number>);
    return a
      .slice(0, 3)
      .map((v) => v.toString(16).padStart(2, '0'))
      .join('');
  }
  return undefined;
}
