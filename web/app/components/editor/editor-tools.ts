import type { EditorKind } from '~/lib/editor-kind';

/** The workspace's tools, and which come first on each page (edit, annotate, sign). */
export type ToolName =
  | 'select'
  | 'text'
  | 'editText'
  | 'whiteout'
  | 'rect'
  | 'ellipse'
  | 'line'
  | 'arrow'
  | 'ink'
  | 'image'
  | 'highlight'
  | 'underline'
  | 'strikeout'
  | 'note'
  | 'signature'
  | 'initials'
  | 'date'
  | 'check';

const EDIT: ToolName[] = ['select', 'text', 'editText', 'whiteout', 'image', 'rect', 'ellipse', 'line', 'arrow', 'ink'];
const ANNOTATE: ToolName[] = ['select', 'highlight', 'underline', 'strikeout', 'note', 'ink', 'rect', 'ellipse', 'line', 'arrow'];
const SIGN: ToolName[] = ['select', 'signature', 'initials', 'date', 'check'];

/** Each page's own tools first, then the rest of the workspace's. */
export function toolsFor(kind: EditorKind): ToolName[] {
  const first = kind === 'sign-pdf' ? SIGN : kind === 'annotate-pdf' ? ANNOTATE : EDIT;
  return [...new Set([...first, ...EDIT, ...ANNOTATE, ...SIGN])];
}

/** Tools that draw a box by dragging (a click gives a default size). */
export const DRAGGED: ReadonlySet<ToolName> = new Set(['whiteout', 'rect', 'ellipse', 'line', 'arrow', 'highlight', 'underline', 'strikeout', 'text']);
