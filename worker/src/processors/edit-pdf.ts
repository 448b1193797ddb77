import editTool from '#shared/tools/edit-pdf';
import { runEditor } from '../editor/run-editor';
import { defineProcessor } from '../contract/processor';

/** Applies the editor's operations (text, replaced lines, shapes, drawings, annotations, form fills, page changes) to one PDF. */
export default defineProcessor(editTool, (ctx) => runEditor(ctx));
