/** The shared contract's operations (issue 18, version 1) under the names the workspace uses. */
import type { FONT_FAMILIES, OperationOf, SHAPES, TEXT_MARKUPS } from '#shared/editor/operations';

export type { TEditDocument as EditDocument, TOperation as Operation, TPoint as Point, TRect as Rect } from '#shared/editor/operations';
export type FontFamily = (typeof FONT_FAMILIES)[number];
export type ShapeKind = (typeof SHAPES)[number];
export type MarkupType = (typeof TEXT_MARKUPS)[number];
export type Align = OperationOf<'text'>['align'];
export type PageOperation = OperationOf<'rotatePage' | 'deletePage' | 'insertBlank'>;
