import annotateTool from '#shared/tools/annotate-pdf';
import { runEditor } from '../editor/run-editor';
import { defineProcessor } from '../contract/processor';

/** Writes the editor's annotations (highlights, notes, free text, drawings) into one PDF. */
export default defineProcessor(annotateTool, (ctx) => runEditor(ctx));
