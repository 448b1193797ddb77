/**
 * The shared contract's operations (issue 18, version 1), as the browser builds them.
 * TODO(E1): replace with the types of #shared/editor/operations once that file is committed.
 */
export type Rect = [number, number, number, number];
export type Point = [number, number];
export type FontFamily = 'sans' | 'serif' | 'mono';
export type Align = 'left' | 'center' | 'right';
export type ShapeKind = 'rect' | 'ellipse' | 'line' | 'arrow';
export type MarkupType = 'highlight' | 'underline' | 'strikeout';

interface Base {
  page: number;
  rect: Rect;
}

export type TextOperation = Base & { type: 'text'; text: string; font: FontFamily; size: number; color: string; bold: boolean; italic: boolean; align: Align };
export type ReplaceTextOperation = Base & { type: 'replaceText'; text: string; size?: number; color?: string };
export type WhiteoutOperation = Base & { type: 'whiteout'; color?: string };
export type ImageOperation = Base & { type: 'image'; token: string; rotation: 0 | 90 | 180 | 270 };
export type ShapeOperation = Base & { type: 'shape'; shape: ShapeKind; stroke: string; fill: string | null; width: number; flip?: boolean };
export type InkOperation = Base & { type: 'ink'; strokes: Point[][]; color: string; width: number };
export type MarkupOperation = Base & { type: MarkupType; rects: Rect[]; color: string };
export type NoteOperation = Base & { type: 'note'; text: string; color: string };
export type FreeTextOperation = Base & { type: 'freeText'; text: string; size: number; color: string };
export type SignatureOperation = Base & { type: 'signature'; kind: 'draw' | 'type' | 'image'; strokes?: Point[][]; text?: string; token?: string; color?: string };
export type StampOperation = Base & { type: 'stamp'; stamp: 'initials' | 'date' | 'check'; text?: string };
export type PageOperation = Base & ({ type: 'rotatePage'; angle: 90 | 180 | 270 } | { type: 'deletePage' } | { type: 'insertBlank' });

export type Operation =
  | TextOperation
  | ReplaceTextOperation
  | WhiteoutOperation
  | ImageOperation
  | ShapeOperation
  | InkOperation
  | MarkupOperation
  | NoteOperation
  | FreeTextOperation
  | SignatureOperation
  | StampOperation
  | PageOperation;

export interface EditDocument {
  version: 1;
  operations: Operation[];
}
