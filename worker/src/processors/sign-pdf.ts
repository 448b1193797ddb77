import signTool from '#shared/tools/sign-pdf';
import { runEditor } from '../editor/run-editor';
import { defineProcessor } from './types';

/** Places signatures, initials, dates and form fills the editor sends onto one PDF. */
export default defineProcessor(signTool, (ctx) => runEditor(ctx));
