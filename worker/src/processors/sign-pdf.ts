import path from 'node:path';
import signTool from '#shared/tools/sign-pdf';
import { runEditor } from '../editor/run-editor';
import { addSealPlaceholder } from '../editor/seal';
import { defineProcessor } from '../contract/processor';

/**
 * Places signatures, initials, dates and form fills the editor sends onto one PDF. Asked to seal, it
 * appends the empty seal last (after flattening); the worker signs it with the operator's key.
 */
export default defineProcessor(signTool, async (ctx) => {
  const result = await runEditor(ctx);
  if (!ctx.options.seal) return result;
  const [signed] = result.outputs;
  const sealed = path.join(path.dirname(signed.path), 'sealed.pdf');
  await addSealPlaceholder(signed.path, sealed, new Date());
  return { ...result, outputs: [{ ...signed, path: sealed }] };
});
