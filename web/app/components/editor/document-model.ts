/**
 * The editor's document: the objects placed on the pages and the page operations, with undo/redo.
 * Pure (no DOM, no React) so the history and the EditDocument it sends are unit tested.
 * Every coordinate is a fraction (0–1) of the page as displayed, origin top left: the shared contract.
 */
import type { EditDocument, Operation, PageOperation, Rect } from './operations';

/** Everything drawn on a page, as the contract's operation, plus what only the screen needs. */
export interface EditorObject {
  id: string;
  op: Exclude<Operation, PageOperation>;
  /** An image's local picture (object URL or data URL), shown while the server keeps the upload. */
  src?: string;
  /** The words an edited line held, so the panel can show what is being replaced. */
  original?: string;
}

export interface EditorDoc {
  objects: EditorObject[];
  pageOps: PageOperation[];
}

export interface History {
  past: EditorDoc[];
  present: EditorDoc;
  future: EditorDoc[];
}

export type DocAction =
  | { type: 'add'; object: EditorObject }
  | { type: 'update'; id: string; patch: Partial<EditorObject['op']> }
  | { type: 'place'; id: string; rect: Rect }
  | { type: 'remove'; id: string }
  | { type: 'pageOp'; op: PageOperation }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset' };

/** Enough steps back for an afternoon's work without keeping every keystroke forever. */
const HISTORY_LIMIT = 200;

export const emptyDoc: EditorDoc = { objects: [], pageOps: [] };
export const initialHistory: History = { past: [], present: emptyDoc, future: [] };

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/** A rect kept on its page: at least a sliver wide and high, never outside 0–1. */
export function clampRect([x, y, w, h]: Rect): Rect {
  const width = Math.min(1, Math.max(0.002, Math.abs(w)));
  const height = Math.min(1, Math.max(0.002, Math.abs(h)));
  const left = clamp01(w < 0 ? x + w : x);
  const top = clamp01(h < 0 ? y + h : y);
  return [Math.min(left, 1 - width), Math.min(top, 1 - height), width, height];
}

/** Maps a point of `from` to the same relative point of `to`. */
const mapPoint = (from: Rect, to: Rect) => ([px, py]: [number, number]): [number, number] => [
  to[0] + (from[2] ? ((px - from[0]) / from[2]) * to[2] : 0),
  to[1] + (from[3] ? ((py - from[1]) / from[3]) * to[3] : 0),
];

/** The object moved or resized to `rect`: ink strokes and markup rects (page fractions) follow it. */
export function placeOperation(op: EditorObject['op'], rect: Rect): EditorObject['op'] {
  const to = clampRect(rect);
  const map = mapPoint(op.rect, to);
  if (op.type === 'ink') return { ...op, rect: to, strokes: op.strokes.map((s) => s.map(map)) };
  if (op.type === 'highlight' || op.type === 'underline' || op.type === 'strikeout') {
    return {
      ...op,
      rect: to,
      rects: op.rects.map(([x, y, w, h]) => {
        const [nx, ny] = map([x, y]);
        const [ex, ey] = map([x + w, y + h]);
        return [nx, ny, ex - nx, ey - ny] as Rect;
      }),
    };
  }
  return { ...op, rect: to };
}

function apply(doc: EditorDoc, action: DocAction): EditorDoc {
  switch (action.type) {
    case 'add':
      return { ...doc, objects: [...doc.objects, action.object] };
    case 'update':
      return {
        ...doc,
        objects: doc.objects.map((o) => (o.id === action.id ? { ...o, op: { ...o.op, ...action.patch } as EditorObject['op'] } : o)),
      };
    case 'place':
      return { ...doc, objects: doc.objects.map((o) => (o.id === action.id ? { ...o, op: placeOperation(o.op, action.rect) } : o)) };
    case 'remove':
      return { ...doc, objects: doc.objects.filter((o) => o.id !== action.id) };
    case 'pageOp':
      return { ...doc, pageOps: [...doc.pageOps, action.op] };
    default:
      return doc;
  }
}

/** The document with history: every change is one undo step; undo and redo move between them. */
export function historyReducer(state: History, action: DocAction): History {
  if (action.type === 'reset') return initialHistory;
  if (action.type === 'undo') {
    const previous = state.past.at(-1);
    return previous ? { past: state.past.slice(0, -1), present: previous, future: [state.present, ...state.future] } : state;
  }
  if (action.type === 'redo') {
    const [next, ...rest] = state.future;
    return next ? { past: [...state.past, state.present], present: next, future: rest } : state;
  }
  const present = apply(state.present, action);
  if (present === state.present) return state;
  return { past: [...state.past, state.present].slice(-HISTORY_LIMIT), present, future: [] };
}

/** The pages as they will come out: what each page operation does to the count. */
export function pageCountAfter(doc: EditorDoc, pages: number): number {
  return doc.pageOps.reduce((n, op) => n + (op.type === 'deletePage' ? -1 : op.type === 'insertBlank' ? 1 : 0), pages);
}

/** The net rotation asked for a page, in degrees (0, 90, 180 or 270). */
export function rotationOf(doc: EditorDoc, page: number): number {
  return doc.pageOps.reduce((deg, op) => (op.type === 'rotatePage' && op.page === page ? (deg + op.angle) % 360 : deg), 0);
}

export const isDeleted = (doc: EditorDoc, page: number) => doc.pageOps.some((op) => op.type === 'deletePage' && op.page === page);

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const roundRect = (r: Rect): Rect => [round(r[0]), round(r[1]), round(r[2]), round(r[3])];

/**
 * The EditDocument the server applies: content operations in the order they were placed, then the
 * page operations in the order they were asked (the contract applies them last). Rotations of one
 * page add up into one.
 */
export function buildEditDocument(doc: EditorDoc): EditDocument {
  // A text box left empty draws nothing: it is not sent. (An emptied line is: it removes the line.)
  const drawn = doc.objects.filter(({ op }) => !((op.type === 'text' || op.type === 'freeText') && op.text.trim() === ''));
  const content = drawn.map(({ op }) => {
    const rounded = { ...op, rect: roundRect(op.rect) };
    if (op.type === 'ink') return { ...rounded, strokes: op.strokes.map((s) => s.map(([x, y]) => [round(x), round(y)] as [number, number])) };
    if (op.type === 'highlight' || op.type === 'underline' || op.type === 'strikeout') return { ...rounded, rects: op.rects.map(roundRect) };
    return rounded;
  }) as Operation[];
  const rotated = new Set<number>();
  const pages: PageOperation[] = [];
  for (const op of doc.pageOps) {
    if (op.type !== 'rotatePage') {
      pages.push(op);
      continue;
    }
    if (rotated.has(op.page)) continue;
    rotated.add(op.page);
    const angle = rotationOf(doc, op.page);
    if (angle) pages.push({ type: 'rotatePage', page: op.page, rect: [0, 0, 0, 0], angle: angle as 90 | 180 | 270 });
  }
  return { version: 1, operations: [...content, ...pages] };
}
