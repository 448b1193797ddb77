import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  closePath,
  concatTransformationMatrix,
  degrees,
  fill,
  LineCapStyle,
  lineTo,
  moveTo,
  PDFBool,
  PDFCheckBox,
  PDFDict,
  PDFDocument,
  PDFDropdown,
  type PDFFont,
  type PDFImage,
  PDFHexString,
  PDFName,
  PDFOptionList,
  type PDFOperator,
  type PDFPage,
  PDFRadioGroup,
  PDFTextField,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingColor,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingColor,
  stroke,
  LineJoinStyle,
  beginText,
  endText,
  setFontAndSize,
  moveText,
  showText,
  setGraphicsState,
  setCharacterSpacing,
  fillAndStroke,
} from '@cantoo/pdf-lib';
import { isPageOperation, type OperationOf, type TEditDocument, type TOperation, type TPoint } from '#shared/editor/operations';
import { AppError } from '#shared/errors';
import { runEngine } from '../engines/run';
import { apply, invert } from '../pages/geometry';
import { fitLine } from './fit-line';
import { markChanged, objectBytes } from './incremental';
import { FontBook, closestFamily } from './fonts';
import { OriginalFonts, showInFont, type OriginalFont } from './original-font';
import type { ScriptSetter } from './script-runs';
import { pageSpace, type PageSpace, uprightPoint, uprightRect, userBox, userQuad } from './page-space';
import { removeText, type LineStyle, type TextRemoval } from './pdfium';
import { withTransparentPaper } from './signature-image';

type Rgb = ReturnType<typeof rgb>;
const hex = (color: string): Rgb => rgb(parseInt(color.slice(1, 3), 16) / 255, parseInt(color.slice(3, 5), 16) / 255, parseInt(color.slice(5, 7), 16) / 255);
const comps = (color: string) => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255);

const PLAIN = { family: 'sans', bold: false, italic: false } as const;

/** Room between lines of a text box, as a share of the font size. */
const LINE_HEIGHT = 1.2;

export interface EditOptions {
  flatten: boolean;
  /** The input is the user's own signed file: the edits are appended as an incremental update (see incremental.ts). */
  incremental?: boolean;
  /** The uploaded images by token. */
  images: ReadonlyMap<string, { path: string; kind: string }>;
  workDir: string;
  signal: AbortSignal;
}

/**
 * Applies an editor document to a prepared (repaired, unencrypted) PDF: replaced lines first (the
 * old glyphs leave the content stream), then every content and annotation operation in the order
 * sent, then the page operations in order, each reading page numbers as the document stands after
 * the previous one. `flatten` burns annotations and fields into the pages.
 */
export async function applyEdits(input: string, output: string, edits: TEditDocument, opts: EditOptions): Promise<{ fontSubstituted: boolean; lineFitted: boolean }> {
  let bytes: Uint8Array = await readFile(input);
  let pdf = await PDFDocument.load(bytes, { updateMetadata: false, forIncrementalUpdate: opts.incremental ?? false });
  const original = opts.incremental ? objectBytes(pdf) : undefined;
  const ops = edits.operations;
  for (const op of ops) {
    if (!isPageOperation(op) && op.page > pdf.getPageCount()) throw new AppError('ILLEGAL_INPUT', `page ${op.page} of ${pdf.getPageCount()}`);
  }

  const replaced = ops.filter((o): o is OperationOf<'replaceText'> => o.type === 'replaceText');
  let styles: (LineStyle | null)[] = [];
  let originalFonts: OriginalFonts | undefined;
  if (replaced.length) {
    const removals: TextRemoval[] = replaced.map((o) => {
      const space = pageSpace(pdf.getPage(o.page - 1));
      // The middle band of the line only: a rect drawn a little generously must not touch the lines above and below.
      // It reaches to 85 % down: the editor's line box puts the baseline (where glyph origins sit) at 80 %.
      const [x, y, w, h] = o.rect;
      const [left, bottom, right, top] = userBox(space, [x, y + h * 0.2, w, h * 0.65]);
      return { pageIndex: o.page - 1, rect: { left, bottom, right, top } };
    });
    ({ bytes, styles } = await removeText(bytes, removals));
    originalFonts = new OriginalFonts(pdf);
    pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  }

  const fonts = new FontBook(pdf);
  const images = new ImageBook(pdf, opts.images);
  let replacedIndex = 0;
  const replacements: Replacement[] = [];
  for (const op of ops) {
    opts.signal.throwIfAborted();
    if (isPageOperation(op)) continue;
    const page = pdf.getPage(op.page - 1);
    const space = pageSpace(page);
    if (op.type === 'replaceText') {
      const style = styles[replacedIndex++];
      const original = style ? originalFonts?.find(page, op.page - 1, style.fontName) : undefined;
      replacements.push(await drawReplacement(page, space, fonts, op, style, original));
    } else await applyContent(pdf, page, space, fonts, images, op);
  }
  const fieldOps = ops.filter((o): o is OperationOf<'field'> => o.type === 'field');
  if (fieldOps.length) await fillFields(pdf, fonts, fieldOps);

  for (const op of ops) if (isPageOperation(op)) applyPageOperation(pdf, op);

  const result = { fontSubstituted: replacements.some((r) => r.substituted), lineFitted: replacements.some((r) => r.fitted) };
  if (original) {
    markChanged(pdf, original);
    await writeFile(output, await pdf.commit({ useObjectStreams: false }));
    return result;
  }
  const saved = await pdf.save({ useObjectStreams: false });
  if (!opts.flatten) {
    await writeFile(output, saved);
    return result;
  }
  const unflattened = path.join(opts.workDir, 'unflattened.pdf');
  await writeFile(unflattened, saved);
  await runEngine('qpdf', ['--generate-appearances', '--flatten-annotations=all', path.resolve(unflattened), path.resolve(output)], {
    timeoutMs: 120_000,
    signal: opts.signal,
    okCodes: [0, 3],
    errorCode: 'PDF_DAMAGED',
  });
  return result;
}

/** Runs `draw` with upright page points (origin bottom-left of the page as displayed) as the coordinates. */
export function upright(page: PDFPage, space: PageSpace, draw: () => void) {
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...space.toUser));
  draw();
  page.pushOperators(popGraphicsState());
}

async function applyContent(pdf: PDFDocument, page: PDFPage, space: PageSpace, fonts: FontBook, images: ImageBook, op: Exclude<TOperation, OperationOf<'replaceText'>>) {
  const r = uprightRect(space, op.rect);
  switch (op.type) {
    case 'text': {
      const setter = await fonts.setter({ family: op.font, bold: op.bold, italic: op.italic }, op.text);
      upright(page, space, () => drawTextBox(page, setter, op.text, op.size, hex(op.color), r, op.align));
      return;
    }
    case 'whiteout':
      upright(page, space, () => page.drawRectangle({ ...r, color: hex(op.color ?? '#ffffff') }));
      return;
    case 'shape':
      upright(page, space, () => drawShape(page, op, r));
      return;
    case 'ink':
      upright(page, space, () => pushAll(page, strokeOps(op.strokes.map((s) => s.map((p) => uprightPoint(space, p))), op.color, op.width)));
      return;
    case 'signature':
      await drawSignature(page, space, fonts, images, op, r);
      return;
    case 'stamp':
      await drawStamp(page, space, fonts, op, r);
      return;
    case 'highlight':
    case 'underline':
    case 'strikeout':
      addMarkup(pdf, page, space, op);
      return;
    case 'note':
      addNote(pdf, page, space, op);
      return;
    case 'freeText':
      addFreeText(pdf, page, space, await fonts.setter(PLAIN, op.text), op);
      return;
    case 'image': {
      const image = await images.get(op.token);
      upright(page, space, () => drawTurnedImage(page, image, r, op.rotation));
      return;
    }
    case 'field':
      return;
  }
}

/** Where a line may break: after a space, and around each Chinese or Japanese character (those scripts use no spaces). */
const BREAK = /(?<=\s)|(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])|(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/u;

/** Breaks text into lines that fit `width` (at word boundaries; a longer word keeps its own line). */
export function wrap(text: string, setter: ScriptSetter, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(BREAK)) {
      const next = line + word;
      if (line && width > 0 && setter.width(next.trimEnd(), size) > width) {
        lines.push(line.trimEnd());
        line = word.trimStart();
      } else line = next;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/**
 * One line, its runs side by side from `x` (each in its script's face). `spacing` is the character
 * spacing (Tc) the caller set, which each glyph's advance carries.
 */
export function drawLine(page: PDFPage, setter: ScriptSetter, line: string, at: { x: number; y: number; size: number; color: Rgb; spacing?: number }) {
  let x = at.x;
  for (const run of setter.runs(line)) {
    page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.color });
    x += run.font.widthOfTextAtSize(run.text, at.size) + (at.spacing ?? 0) * [...run.text].length;
  }
}

function drawTextBox(
  page: PDFPage,
  setter: ScriptSetter,
  text: string,
  size: number,
  color: Rgb,
  r: { x: number; y: number; width: number; height: number },
  align: 'left' | 'center' | 'right',
) {
  let baseline = r.y + r.height - setter.base.heightAtSize(size, { descender: false });
  for (const line of wrap(text, setter, size, r.width)) {
    const w = setter.width(line, size);
    const x = align === 'left' ? r.x : align === 'center' ? r.x + (r.width - w) / 2 : r.x + r.width - w;
    drawLine(page, setter, line, { x, y: baseline, size, color });
    baseline -= size * LINE_HEIGHT;
  }
}

/** How a replaced line was set: in a shipped font standing in for the document's, and whether it had to be fitted. */
interface Replacement {
  substituted: boolean;
  fitted: boolean;
}

/** The room a replaced line has: from its first glyph's origin to where the old glyphs reached, along the line. */
function roomOf(space: PageSpace, style: LineStyle): number {
  const toUpright = invert(space.toUser);
  const [originX] = apply(toUpright, style.x, style.y);
  const { left, right, bottom, top } = style.extent;
  const corners = [apply(toUpright, left, bottom), apply(toUpright, left, top), apply(toUpright, right, bottom), apply(toUpright, right, top)];
  return Math.max(...corners.map(([x]) => x)) - originX;
}

/**
 * Writes a replaced line's new text where the old one sat: in the line's own embedded font when it
 * holds every character, else in the shipped face closest to it (family from its name and flags,
 * weight and slant from the original). A longer text is fitted to the old line's width — tighter
 * first, then smaller — so it never runs past where the old line ended.
 */
async function drawReplacement(
  page: PDFPage,
  space: PageSpace,
  fonts: FontBook,
  op: OperationOf<'replaceText'>,
  style: LineStyle | null,
  original: OriginalFont | undefined,
): Promise<Replacement> {
  const none = { substituted: false, fitted: false };
  if (op.text.trim() === '') return none;
  const r = uprightRect(space, op.rect);
  const color = op.color ? hex(op.color) : style ? rgb(style.color[0] / 255, style.color[1] / 255, style.color[2] / 255) : rgb(0, 0, 0);
  const shipped = () =>
    fonts.setter({ family: closestFamily(style?.fontName ?? '', style?.flags), bold: style?.bold ?? false, italic: style?.italic ?? false }, op.text);
  if (!style) {
    // No text was there: write into the rect, sized to its height.
    const size = op.size ?? Math.max(4, Math.min(200, r.height * 0.75));
    const setter = await shipped();
    upright(page, space, () => drawLine(page, setter, op.text, { x: r.x, y: r.y + r.height * 0.2, size, color }));
    return none;
  }
  // The original glyph origin is in user space; draw there, turned like the page's text.
  const [a, b, c, d] = space.toUser;
  const wanted = op.size ?? style.size;
  const room = roomOf(space, style);
  const shown = original && showInFont(original, op.text, page.doc.context);
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(a, b, c, d, style.x, style.y));
  if (original && shown) {
    const fit = fitLine((shown.width / 1000) * wanted, shown.glyphs, wanted, room);
    const key = page.node.newFontDictionary('Orig', original.ref);
    page.pushOperators(beginText(), setFontAndSize(key, fit.size), setCharacterSpacing(fit.spacing), setFillingColor(color), shown.operator, endText(), popGraphicsState());
    return { substituted: false, fitted: fit.fitted };
  }
  const setter = await shipped();
  const fit = fitLine(setter.width(op.text, wanted), [...op.text].length, wanted, room);
  page.pushOperators(setCharacterSpacing(fit.spacing));
  drawLine(page, setter, op.text, { x: 0, y: 0, size: fit.size, color, spacing: fit.spacing });
  page.pushOperators(popGraphicsState());
  return { substituted: true, fitted: fit.fitted };
}

function drawShape(page: PDFPage, op: OperationOf<'shape'>, r: { x: number; y: number; width: number; height: number }) {
  const border = { borderColor: hex(op.stroke), borderWidth: op.width, color: op.fill ? hex(op.fill) : undefined };
  if (op.shape === 'rect') return page.drawRectangle({ ...r, ...border });
  if (op.shape === 'ellipse') return page.drawEllipse({ x: r.x + r.width / 2, y: r.y + r.height / 2, xScale: r.width / 2, yScale: r.height / 2, ...border });
  const start: [number, number] = op.flip ? [r.x, r.y] : [r.x, r.y + r.height];
  const end: [number, number] = op.flip ? [r.x + r.width, r.y + r.height] : [r.x + r.width, r.y];
  const lines = [[start, end]];
  if (op.shape === 'arrow') {
    const angle = Math.atan2(end[1] - start[1], end[0] - start[0]);
    const head = Math.max(8, op.width * 4);
    for (const turn of [Math.PI - 0.45, Math.PI + 0.45]) {
      lines.push([end, [end[0] + head * Math.cos(angle + turn), end[1] + head * Math.sin(angle + turn)]]);
    }
  }
  pushAll(page, strokeOps(lines, op.stroke, op.width));
}

/** Operators handed to pdf-lib per call: spread as one call's arguments, a drawing's 50,000 lines would overflow the stack. */
const OPERATORS_PER_CALL = 4096;

function pushAll(page: PDFPage, ops: readonly PDFOperator[]) {
  for (let i = 0; i < ops.length; i += OPERATORS_PER_CALL) page.pushOperators(...ops.slice(i, i + OPERATORS_PER_CALL));
}

/** Round-capped polylines; a single point becomes a dot. */
function strokeOps(lines: readonly (readonly (readonly [number, number])[])[], color: string, width: number): PDFOperator[] {
  const ops: PDFOperator[] = [pushGraphicsState(), setStrokingColor(hex(color)), setLineWidth(width), setLineCap(LineCapStyle.Round), setLineJoin(LineJoinStyle.Round)];
  for (const line of lines) {
    ops.push(moveTo(...line[0]));
    for (const p of line.length > 1 ? line.slice(1) : line) ops.push(lineTo(...p));
    ops.push(stroke());
  }
  ops.push(popGraphicsState());
  return ops;
}

async function drawSignature(page: PDFPage, space: PageSpace, fonts: FontBook, images: ImageBook, op: OperationOf<'signature'>, r: { x: number; y: number; width: number; height: number }) {
  const color = op.color ?? '#000000';
  if (op.kind === 'draw' && op.strokes) {
    const inRect = (p: TPoint): [number, number] => [r.x + p[0] * r.width, r.y + (1 - p[1]) * r.height];
    const lines = op.strokes.map((s) => s.map(inRect));
    upright(page, space, () => pushAll(page, strokeOps(lines, color, Math.max(1, r.height / 40))));
    return;
  }
  if (op.kind === 'type' && op.text !== undefined) {
    const text = op.text;
    const setter = await fonts.setter({ family: 'serif', bold: false, italic: true }, text);
    upright(page, space, () => drawFitted(page, setter, text, hex(color), r));
    return;
  }
  if (op.kind === 'image' && op.token) {
    // Kept in proportion and centred: a signature must not look stretched.
    const image = await images.signature(op.token);
    const scale = Math.min(r.width / image.width, r.height / image.height);
    const [w, h] = [image.width * scale, image.height * scale];
    upright(page, space, () => page.drawImage(image, { x: r.x + (r.width - w) / 2, y: r.y + (r.height - h) / 2, width: w, height: h }));
    return;
  }
  throw new AppError('ILLEGAL_INPUT', `${op.kind} signature without its content`);
}

/** Fills the rect with the image turned clockwise by `rotation` (as the user sees the page). */
function drawTurnedImage(page: PDFPage, image: PDFImage, r: { x: number; y: number; width: number; height: number }, rotation: number) {
  const sideways = rotation % 180 !== 0;
  const [w, h] = sideways ? [r.height, r.width] : [r.width, r.height];
  const rad = (-rotation * Math.PI) / 180;
  const [cos, sin] = [Math.round(Math.cos(rad)), Math.round(Math.sin(rad))];
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(cos, sin, -sin, cos, r.x + r.width / 2, r.y + r.height / 2));
  page.drawImage(image, { x: -w / 2, y: -h / 2, width: w, height: h });
  page.pushOperators(popGraphicsState());
}

/** The uploaded images, embedded once each (as a picture, and as a signature) however often they are placed. */
class ImageBook {
  private readonly embedded = new Map<string, Promise<PDFImage>>();

  constructor(
    private readonly pdf: PDFDocument,
    private readonly files: ReadonlyMap<string, { path: string; kind: string }>,
  ) {}

  /** As uploaded; a PNG's transparency becomes the image's soft mask. */
  get(token: string): Promise<PDFImage> {
    return this.embed(token, 'picture', (bytes, kind) => (kind === 'png' ? this.pdf.embedPng(bytes) : this.pdf.embedJpg(bytes)));
  }

  /** With its paper made transparent, so only the ink covers the page. */
  signature(token: string): Promise<PDFImage> {
    return this.embed(token, 'signature', async (bytes) => this.pdf.embedPng(await withTransparentPaper(bytes)));
  }

  private embed(token: string, use: string, make: (bytes: Uint8Array, kind: string) => Promise<PDFImage>): Promise<PDFImage> {
    const key = `${use}:${token}`;
    let image = this.embedded.get(key);
    if (!image) {
      const file = this.files.get(token);
      if (!file) throw new AppError('ILLEGAL_INPUT', `image ${token} was not attached`);
      image = readFile(file.path).then(async (bytes) => {
        try {
          return await make(bytes, file.kind);
        } catch (error) {
          throw new AppError('IMAGE_DAMAGED', `${token}: ${(error as Error).message}`);
        }
      });
      this.embedded.set(key, image);
    }
    return image;
  }
}

/** One line as large as fits the rect, centred vertically. */
function drawFitted(page: PDFPage, setter: ScriptSetter, text: string, color: Rgb, r: { x: number; y: number; width: number; height: number }) {
  const byHeight = r.height * 0.7;
  const width = setter.width(text, byHeight);
  const size = Math.max(1, width > r.width && width > 0 ? (byHeight * r.width) / width : byHeight);
  drawLine(page, setter, text, { x: r.x, y: r.y + (r.height - size * 0.7) / 2, size, color });
}

async function drawStamp(page: PDFPage, space: PageSpace, fonts: FontBook, op: OperationOf<'stamp'>, r: { x: number; y: number; width: number; height: number }) {
  const color = '#1a3f8f';
  if (op.stamp === 'check') {
    const mark: [number, number][] = [
      [r.x + r.width * 0.15, r.y + r.height * 0.5],
      [r.x + r.width * 0.4, r.y + r.height * 0.2],
      [r.x + r.width * 0.85, r.y + r.height * 0.85],
    ];
    upright(page, space, () => pushAll(page, strokeOps([mark], color, Math.max(1, Math.min(r.width, r.height) / 10))));
    return;
  }
  const text = op.text ?? (op.stamp === 'date' ? new Date().toISOString().slice(0, 10) : '');
  const setter = await fonts.setter({ family: 'sans', bold: true, italic: false }, text);
  upright(page, space, () => drawFitted(page, setter, text, hex(color), r));
}

/** An appearance stream drawn in upright page points, for an annotation whose /Rect is `box` (user space). */
function appearance(pdf: PDFDocument, space: PageSpace, box: number[], ops: PDFOperator[], resources: Record<string, unknown> = {}) {
  const stream = pdf.context.formXObject([pushGraphicsState(), concatTransformationMatrix(...space.toUser), ...ops, popGraphicsState()], {
    BBox: box,
    Resources: resources as never,
  });
  return pdf.context.register(stream);
}

function addAnnotation(pdf: PDFDocument, page: PDFPage, dict: Record<string, unknown>) {
  const ref = pdf.context.register(pdf.context.obj({ Type: 'Annot', F: 4, P: page.ref, M: PDFHexString.fromText(new Date().toISOString()), ...dict } as never));
  page.node.addAnnot(ref);
}

function addMarkup(pdf: PDFDocument, page: PDFPage, space: PageSpace, op: OperationOf<'highlight' | 'underline' | 'strikeout'>) {
  const boxes = op.rects.map((rect) => userBox(space, rect));
  const box = [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
  const color = hex(op.color);
  const ops: PDFOperator[] = [];
  const resources: Record<string, unknown> = {};
  if (op.type === 'highlight') {
    resources.ExtGState = { GS0: { Type: 'ExtGState', BM: 'Multiply', ca: 1 } };
    ops.push(setGraphicsState('GS0'), setFillingColor(color));
    for (const rect of op.rects) {
      const r = uprightRect(space, rect);
      ops.push(moveTo(r.x, r.y), lineTo(r.x + r.width, r.y), lineTo(r.x + r.width, r.y + r.height), lineTo(r.x, r.y + r.height), closePath(), fill());
    }
  } else {
    const lines = op.rects.map((rect) => {
      const r = uprightRect(space, rect);
      const y = op.type === 'underline' ? r.y + r.height * 0.08 : r.y + r.height * 0.45;
      return [[r.x, y], [r.x + r.width, y]] as [number, number][];
    });
    const width = Math.max(0.5, Math.min(...op.rects.map((rect) => uprightRect(space, rect).height)) * 0.07);
    for (const o of strokeOps(lines, op.color, width)) ops.push(o);
  }
  const subtype = { highlight: 'Highlight', underline: 'Underline', strikeout: 'StrikeOut' }[op.type];
  addAnnotation(pdf, page, {
    Subtype: subtype,
    Rect: box,
    QuadPoints: op.rects.flatMap((rect) => userQuad(space, rect)),
    C: comps(op.color),
    AP: { N: appearance(pdf, space, box, ops, resources) },
  });
}

function addNote(pdf: PDFDocument, page: PDFPage, space: PageSpace, op: OperationOf<'note'>) {
  const r = uprightRect(space, op.rect);
  const icon = { x: r.x, y: r.y + r.height - 20, width: 20, height: 20 };
  const box = userBox(space, [icon.x / space.width, 1 - (icon.y + 20) / space.height, 20 / space.width, 20 / space.height].map((v) => Math.min(1, Math.max(0, v))) as never);
  const ops: PDFOperator[] = [
    setFillingColor(hex(op.color)),
    setStrokingColor(rgb(0.3, 0.3, 0.3)),
    setLineWidth(0.8),
    moveTo(icon.x + 1, icon.y + 1),
    lineTo(icon.x + 19, icon.y + 1),
    lineTo(icon.x + 19, icon.y + 19),
    lineTo(icon.x + 1, icon.y + 19),
    closePath(),
    fillAndStroke(),
  ];
  addAnnotation(pdf, page, {
    Subtype: 'Text',
    Rect: box,
    Contents: PDFHexString.fromText(op.text),
    Name: 'Comment',
    Open: false,
    C: comps(op.color),
    AP: { N: appearance(pdf, space, box, ops) },
  });
}

function addFreeText(pdf: PDFDocument, page: PDFPage, space: PageSpace, setter: ScriptSetter, op: OperationOf<'freeText'>) {
  const r = uprightRect(space, op.rect);
  const box = userBox(space, op.rect);
  const color = hex(op.color);
  const ops: PDFOperator[] = [];
  // F1 is the base face (the one /DA names); the other scripts' faces follow.
  const keys = new Map<PDFFont, string>([[setter.base, 'F1']]);
  let baseline = r.y + r.height - setter.base.heightAtSize(op.size, { descender: false });
  for (const line of wrap(op.text, setter, op.size, r.width)) {
    let x = r.x;
    for (const run of setter.runs(line)) {
      if (!keys.has(run.font)) keys.set(run.font, `F${keys.size + 1}`);
      ops.push(beginText(), setFontAndSize(keys.get(run.font)!, op.size), setFillingColor(color), moveText(x, baseline), showText(run.font.encodeText(run.text)), endText());
      x += run.font.widthOfTextAtSize(run.text, op.size);
    }
    baseline -= op.size * LINE_HEIGHT;
  }
  const [cr, cg, cb] = comps(op.color);
  addAnnotation(pdf, page, {
    Subtype: 'FreeText',
    Rect: box,
    Contents: PDFHexString.fromText(op.text),
    DA: PDFHexString.fromText(`/F1 ${op.size} Tf ${cr} ${cg} ${cb} rg`),
    AP: { N: appearance(pdf, space, box, ops, { Font: Object.fromEntries([...keys].map(([font, key]) => [key, font.ref])) }) },
  });
}

async function fillFields(pdf: PDFDocument, fonts: FontBook, ops: readonly OperationOf<'field'>[]) {
  const form = pdf.getForm();
  for (const op of ops) {
    const field = form.getFieldMaybe(op.name);
    if (!field) throw new AppError('ILLEGAL_INPUT', `no field named ${op.name}`);
    const values = Array.isArray(op.value) ? op.value : [String(op.value)];
    try {
      if (field instanceof PDFTextField) field.setText(values.join(''));
      else if (field instanceof PDFCheckBox) {
        if (op.value === true || op.value === 'true' || op.value === 'On') field.check();
        else field.uncheck();
      } else if (field instanceof PDFRadioGroup) field.select(values[0]);
      else if (field instanceof PDFDropdown) field.select(values.length > 1 ? values : values[0]);
      else if (field instanceof PDFOptionList) field.select(values);
      else throw new AppError('ILLEGAL_INPUT', `field ${op.name} cannot be filled`);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('ILLEGAL_INPUT', `field ${op.name}: ${(error as Error).message}`);
    }
  }
  // Appearances in a Unicode font, so values in any script show in every viewer: a value in a script
  // the base face lacks is drawn in that script's face (one face per field: a field appearance has one).
  const base = await fonts.get(PLAIN);
  const used = new Set([base]);
  for (const op of ops) {
    const field = form.getField(op.name);
    const value = Array.isArray(op.value) ? op.value.join('') : String(op.value);
    const setter = await fonts.setter(PLAIN, value);
    const face = setter.runs(value).find((run) => run.font !== setter.base)?.font;
    if (face && (field instanceof PDFTextField || field instanceof PDFDropdown || field instanceof PDFOptionList)) {
      field.updateAppearances(face);
      used.add(face);
    }
  }
  form.updateFieldAppearances(base);
  // The appearances are made: a viewer must show them, not redraw them from /DA with fonts it lacks.
  // Their fonts go in the form's resources too, for a viewer that redraws a field the user edits.
  const acroForm = form.acroForm.dict;
  const resources = acroForm.lookupMaybe(PDFName.of('DR'), PDFDict) ?? pdf.context.obj({});
  const fontResources = resources.lookupMaybe(PDFName.of('Font'), PDFDict) ?? pdf.context.obj({});
  for (const font of used) fontResources.set(PDFName.of(font.name), font.ref);
  resources.set(PDFName.of('Font'), fontResources);
  acroForm.set(PDFName.of('DR'), resources);
  acroForm.set(PDFName.of('NeedAppearances'), PDFBool.False);
}

function applyPageOperation(pdf: PDFDocument, op: OperationOf<'rotatePage' | 'deletePage' | 'insertBlank'>) {
  const count = pdf.getPageCount();
  if (op.page > count) throw new AppError('ILLEGAL_INPUT', `page ${op.page} of ${count}`);
  const page = pdf.getPage(op.page - 1);
  if (op.type === 'rotatePage') page.setRotation(degrees((page.getRotation().angle + op.angle) % 360));
  else if (op.type === 'deletePage') {
    if (count === 1) throw new AppError('CANNOT_DELETE_ALL', 'the only page');
    pdf.removePage(op.page - 1);
  } else {
    const crop = page.getCropBox();
    const blank = pdf.insertPage(op.page, [crop.width, crop.height]);
    blank.setRotation(page.getRotation());
  }
}
