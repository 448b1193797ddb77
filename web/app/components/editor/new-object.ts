/** What a tool places where the user clicked or dragged, in the style the panel shows. */
import { STYLE_DEFAULTS } from '#shared/editor/operations';
import type { EditorObject } from './document-model';
import type { ToolName } from './editor-tools';
import type { Align, FontFamily, Point, Rect } from './operations';

export interface ToolStyle {
  font: FontFamily;
  size: number;
  color: string;
  bold: boolean;
  italic: boolean;
  align: Align;
  stroke: string;
  fill: string | null;
  width: number;
  markColor: string;
}

/** The contract's defaults: what the panel starts with is what an API client gets when it leaves a field out. */
export const DEFAULT_STYLE: ToolStyle = { ...STYLE_DEFAULTS, fill: null };

/** A saved signature: strokes in fractions of its box, or typed words, or an uploaded picture. */
export type SavedSignature =
  | { kind: 'draw'; strokes: Point[][]; aspect: number; color: string }
  | { kind: 'type'; text: string; color: string }
  | { kind: 'image'; token: string; src: string; aspect: number };

let counter = 0;
export const newId = () => `obj-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export interface PlaceContext {
  page: number;
  rect: Rect;
  style: ToolStyle;
  /** The page's width over its height, to keep signatures and stamps in proportion. */
  pageAspect: number;
  signature?: SavedSignature;
  initials?: string;
  /** Today's date as the page's language writes it. */
  today: string;
}

/** A box `w` wide (page fraction) and `ratio` times as high in real proportions, centred on the rect's top left. */
const boxAt = ([x, y]: Rect, w: number, ratio: number, pageAspect: number): Rect => {
  const h = w * ratio * pageAspect;
  return [x - w / 2, y - h / 2, w, h];
};

export function newObject(tool: ToolName, ctx: PlaceContext): EditorObject | undefined {
  const { page, rect, style } = ctx;
  const base = { page, rect };
  const id = newId();
  switch (tool) {
    case 'text':
      return { id, op: { ...base, type: 'text', text: '', font: style.font, size: style.size, color: style.color, bold: style.bold, italic: style.italic, align: style.align } };
    case 'whiteout':
      return { id, op: { ...base, type: 'whiteout', color: '#ffffff' } };
    case 'rect':
    case 'ellipse':
    case 'line':
    case 'arrow':
      return { id, op: { ...base, type: 'shape', shape: tool, stroke: style.stroke, fill: tool === 'rect' || tool === 'ellipse' ? style.fill : null, width: style.width } };
    case 'note':
      return { id, op: { ...base, type: 'note', text: '', color: style.markColor } };
    case 'signature': {
      const sig = ctx.signature;
      if (!sig) return undefined;
      if (sig.kind === 'draw') return { id, op: { page, rect: boxAt(rect, 0.3, 1 / sig.aspect, ctx.pageAspect), type: 'signature', kind: 'draw', strokes: sig.strokes, color: sig.color } };
      if (sig.kind === 'type') return { id, op: { page, rect: boxAt(rect, 0.3, 0.3, ctx.pageAspect), type: 'signature', kind: 'type', text: sig.text, color: sig.color } };
      return { id, src: sig.src, op: { page, rect: boxAt(rect, 0.3, 1 / sig.aspect, ctx.pageAspect), type: 'signature', kind: 'image', token: sig.token } };
    }
    case 'initials':
      return { id, op: { page, rect: boxAt(rect, 0.1, 0.5, ctx.pageAspect), type: 'stamp', stamp: 'initials', text: ctx.initials || '' } };
    case 'date':
      return { id, op: { page, rect: boxAt(rect, 0.2, 0.2, ctx.pageAspect), type: 'stamp', stamp: 'date', text: ctx.today } };
    case 'check':
      return { id, op: { page, rect: boxAt(rect, 0.04, 1, ctx.pageAspect), type: 'stamp', stamp: 'check' } };
    default:
      return undefined;
  }
}

/** A style change from the panel, as the fields of the selected object it applies to. */
export function stylePatch(type: string, patch: Partial<ToolStyle> & { rotation?: number }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'stroke') out[type === 'ink' ? 'color' : 'stroke'] = value;
    else if (key === 'markColor') out.color = value;
    else out[key] = value;
  }
  return out;
}
