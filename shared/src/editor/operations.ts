import { z } from 'zod';
import { flagField } from '../tools/fields';

/**
 * The PDF editor's operations (edit-pdf, annotate-pdf, sign-pdf): what the browser's editor sends
 * and the worker applies. Positions are fractions (0–1) of the page AS DISPLAYED — origin top-left,
 * after /Rotate and the crop box — so the browser never needs PDF user space; the worker converts.
 */

export const EDIT_LIMITS = {
  operations: 2000,
  /** Ink and drawn-signature points over the whole document. */
  inkPoints: 50_000,
  /** Distinct uploaded images one document may place. */
  imageTokens: 20,
  text: 5000,
  /** The JSON text of a whole document, before it is parsed (the transfer call's body may be this large). */
  json: 2_000_000,
  pages: 100_000,
} as const;

const fraction = z.number().finite().min(0).max(1);
// Rounding in the browser may push an edge a hair past the page; more than that is a bad request.
const EDGE = 1e-6;

/** [x, y, width, height] in fractions of the displayed page, origin top-left. */
export const ZRect = z
  .tuple([fraction, fraction, fraction, fraction])
  .refine(([x, y, w, h]) => x + w <= 1 + EDGE && y + h <= 1 + EDGE, 'rect runs off the page');
export type TRect = z.infer<typeof ZRect>;

export const ZPoint = z.tuple([fraction, fraction]);
export type TPoint = z.infer<typeof ZPoint>;

export const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const text = z.string().max(EDIT_LIMITS.text);
const strokes = z.array(z.array(ZPoint).min(1).max(EDIT_LIMITS.inkPoints)).min(1).max(EDIT_LIMITS.inkPoints);
/** Line widths in points. */
const lineWidth = z.number().finite().min(0.1).max(100);
const fontSize = z.number().finite().min(4).max(200);
const token = z.string().min(1).max(200);

const pageNumber = z.number().int().min(1).max(EDIT_LIMITS.pages);
const base = { page: pageNumber, rect: ZRect };
const op = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.strictObject({ type: z.literal(type), ...base, ...shape });
/** An operation whose rect means nothing (a form fill, a page change): a client may leave it out. */
const unplacedOp = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), page: pageNumber, rect: ZRect.default([0, 0, 0, 0]), ...shape });

export const FONT_FAMILIES = ['sans', 'serif', 'mono'] as const;
export const SHAPES = ['rect', 'ellipse', 'line', 'arrow'] as const;
export const TEXT_MARKUPS = ['highlight', 'underline', 'strikeout'] as const;
export const STAMPS = ['initials', 'date', 'check'] as const;

/**
 * What the editor's panel starts with, and so what an API client gets for a style field it leaves
 * out: a client sends what matters (the page, the box, the words) and the rest reads as the panel's.
 */
export const STYLE_DEFAULTS = {
  font: 'sans',
  size: 14,
  color: '#111111',
  bold: false,
  italic: false,
  align: 'left',
  /** Shapes, drawings, underlines and strikeouts. */
  stroke: '#d32f2f',
  width: 2,
  /** Highlights and notes. */
  markColor: '#ffd400',
} as const;

export const ZTextOp = op('text', {
  text,
  font: z.enum(FONT_FAMILIES).default(STYLE_DEFAULTS.font),
  size: fontSize.default(STYLE_DEFAULTS.size),
  color: ZColor.default(STYLE_DEFAULTS.color),
  bold: z.boolean().default(STYLE_DEFAULTS.bold),
  italic: z.boolean().default(STYLE_DEFAULTS.italic),
  align: z.enum(['left', 'center', 'right']).default(STYLE_DEFAULTS.align),
});

/** Removes the original glyphs inside rect and writes `text` on the same baseline. */
export const ZReplaceTextOp = op('replaceText', { text, size: fontSize.optional(), color: ZColor.optional() });
export const ZWhiteoutOp = op('whiteout', { color: ZColor.optional() });
export const ZImageOp = op('image', { token, rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).default(0) });

/** For line and arrow: from the rect's top-left to its bottom-right, or bottom-left to top-right when flipped. */
export const ZShapeOp = op('shape', {
  shape: z.enum(SHAPES),
  stroke: ZColor.default(STYLE_DEFAULTS.stroke),
  fill: ZColor.nullable().default(null),
  width: lineWidth.default(STYLE_DEFAULTS.width),
  flip: z.boolean().optional(),
});

export const ZInkOp = op('ink', { strokes, color: ZColor.default(STYLE_DEFAULTS.stroke), width: lineWidth.default(STYLE_DEFAULTS.width) });

/** The smallest rect holding every rect. */
export function boundsOf(rects: readonly TRect[]): TRect {
  const x = Math.min(...rects.map((r) => r[0]));
  const y = Math.min(...rects.map((r) => r[1]));
  return [x, y, Math.max(...rects.map((r) => r[0] + r[2])) - x, Math.max(...rects.map((r) => r[1] + r[3])) - y];
}

/** A text markup's rect is the bounds of its rects: a client may send the rects alone. */
const markup = <T extends (typeof TEXT_MARKUPS)[number]>(type: T) =>
  z
    .strictObject({
      type: z.literal(type),
      page: pageNumber,
      rect: ZRect.optional(),
      rects: z.array(ZRect).min(1).max(EDIT_LIMITS.operations),
      color: ZColor.default(type === 'highlight' ? STYLE_DEFAULTS.markColor : STYLE_DEFAULTS.stroke),
    })
    .transform(({ rect, ...rest }) => ({ ...rest, rect: rect ?? boundsOf(rest.rects) }));
export const ZHighlightOp = markup('highlight');
export const ZUnderlineOp = markup('underline');
export const ZStrikeoutOp = markup('strikeout');

export const ZNoteOp = op('note', { text, color: ZColor.default(STYLE_DEFAULTS.markColor) });
export const ZFreeTextOp = op('freeText', { text, size: fontSize.default(STYLE_DEFAULTS.size), color: ZColor.default(STYLE_DEFAULTS.color) });

/** An AcroForm field fill; rect is ignored. A list field takes several values, a checkbox a boolean. */
export const ZFieldOp = unplacedOp('field', {
  name: z.string().min(1).max(EDIT_LIMITS.text),
  value: z.union([text, z.boolean(), z.array(text).max(1000)]),
});

/** draw: strokes in fractions of the rect; type: text in a script font; image: an uploaded picture. */
export const ZSignatureOp = op('signature', {
  kind: z.enum(['draw', 'type', 'image']),
  strokes: strokes.optional(),
  text: text.optional(),
  token: token.optional(),
  color: ZColor.optional(),
}).superRefine((s, ctx) => {
  const needs = { draw: 'strokes', type: 'text', image: 'token' } as const;
  if (s[needs[s.kind]] === undefined) ctx.addIssue({ code: 'custom', message: `${s.kind} signature needs ${needs[s.kind]}` });
});

export const ZStampOp = op('stamp', { stamp: z.enum(STAMPS), text: text.optional() });

export const ZRotatePageOp = unplacedOp('rotatePage', { angle: z.union([z.literal(90), z.literal(180), z.literal(270)]) });
export const ZDeletePageOp = unplacedOp('deletePage', {});
/** A blank page of the same size after `page`. */
export const ZInsertBlankOp = unplacedOp('insertBlank', {});

export const ZOperation = z.discriminatedUnion('type', [
  ZTextOp,
  ZReplaceTextOp,
  ZWhiteoutOp,
  ZImageOp,
  ZShapeOp,
  ZInkOp,
  ZHighlightOp,
  ZUnderlineOp,
  ZStrikeoutOp,
  ZNoteOp,
  ZFreeTextOp,
  ZFieldOp,
  ZSignatureOp,
  ZStampOp,
  ZRotatePageOp,
  ZDeletePageOp,
  ZInsertBlankOp,
]);
export type TOperation = z.infer<typeof ZOperation>;
export type TOperationType = TOperation['type'];
export type OperationOf<T extends TOperationType> = Extract<TOperation, { type: T }>;

/**
 * The operations that cannot be appended to a signed PDF as an update without breaking what its
 * signature covers; flattening rewrites it too. The worker saves every other edit of a signed file
 * incrementally, and the editor says before applying which of the two an edit will be.
 */
export const REWRITING_OPERATIONS = ['deletePage', 'replaceText'] as const satisfies readonly TOperationType[];

/**
 * A signed PDF holds this key in plain bytes: a signature dictionary always lies outside object
 * streams (its bytes are filled in place), so finding it tells a signed file without parsing it.
 */
export const SIGNATURE_MARK = '/ByteRange';

export const rewritesSignedFile = (doc: TEditDocument, flatten: boolean): boolean =>
  flatten || doc.operations.some((o) => (REWRITING_OPERATIONS as readonly string[]).includes(o.type));

/** Applied after every content operation, in the order sent. */
export const PAGE_OPERATIONS = ['rotatePage', 'deletePage', 'insertBlank'] as const satisfies readonly TOperationType[];

export const isPageOperation = (o: TOperation): o is OperationOf<(typeof PAGE_OPERATIONS)[number]> =>
  (PAGE_OPERATIONS as readonly string[]).includes(o.type);

/** Uploaded images the document places (image operations and image signatures). */
export function imageTokens(ops: readonly TOperation[]): string[] {
  const tokens = ops.flatMap((o) => (o.type === 'image' ? [o.token] : o.type === 'signature' && o.kind === 'image' && o.token ? [o.token] : []));
  return [...new Set(tokens)];
}

function inkPoints(ops: readonly TOperation[]): number {
  let n = 0;
  for (const o of ops) {
    if (o.type === 'ink' || (o.type === 'signature' && o.strokes)) for (const s of o.strokes ?? []) n += s.length;
  }
  return n;
}

export const ZEditDocument = z
  .strictObject({ version: z.literal(1), operations: z.array(ZOperation).max(EDIT_LIMITS.operations) })
  .superRefine((doc, ctx) => {
    if (inkPoints(doc.operations) > EDIT_LIMITS.inkPoints) ctx.addIssue({ code: 'custom', message: `must have at most ${EDIT_LIMITS.inkPoints} ink points` });
    if (imageTokens(doc.operations).length > EDIT_LIMITS.imageTokens) ctx.addIssue({ code: 'custom', message: `must place at most ${EDIT_LIMITS.imageTokens} images` });
  });
export type TEditDocument = z.infer<typeof ZEditDocument>;

/**
 * The `operations` field of a transfer request: the JSON text of an EditDocument (form posts send
 * strings); JSON API clients may send the object itself. Any fault is ILLEGAL_INPUT.
 */
export const editOperationsField = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (value.length > EDIT_LIMITS.json) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}, ZEditDocument);

/** The images a document places, uploaded beforehand: the task receives them after its PDF. */
export const editorAttachments = {
  kinds: ['png', 'jpg'] as const,
  tokens: (options: { operations: TEditDocument }) => imageTokens(options.operations.operations),
};

/** The options of the three editor tools: the operations, and whether to flatten annotations and fields. */
export const editorOptions = z.object({ operations: editOperationsField, flatten: flagField.optional() });

/**
 * Sign PDF's options: the editor's, and `seal` — close the signed PDF with the operator's
 * certificate (a PAdES signature in an incremental update), only where SIGN_CERT_P12 is configured.
 */
export const signOptions = editorOptions.extend({ seal: flagField.optional() });
