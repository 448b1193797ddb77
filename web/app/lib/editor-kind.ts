import { getTool } from '#shared/tools';

/** The tools whose page is the editor (their declarations say `page: 'editor'`, which isEditorKind reads). */
export type EditorKind = 'edit-pdf' | 'annotate-pdf' | 'sign-pdf';

/**
 * Whether a tool's page is the editor, as its declaration says. Apart from the editor's modules
 * (components/editor) so they do not bring the tool registry (and zod) to the browser.
 */
export const isEditorKind = (id: string): id is EditorKind => getTool(id)?.page === 'editor';
