import { getTool } from '#shared/tools';
import type { EditorKind } from './editor-tools';

/**
 * Whether a tool's page is the editor, as its declaration says. Apart from editor-tools.ts so the
 * editor's own modules do not bring the tool registry (and zod) to the browser.
 */
export const isEditorKind = (id: string): id is EditorKind => getTool(id)?.page === 'editor';
