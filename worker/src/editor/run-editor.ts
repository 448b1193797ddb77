import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { imageTokens, type TEditDocument } from '#shared/editor/operations';
import { AppError } from '#shared/errors';
import { fileStem, preparePdf } from '../inputs/pdf-input';
import type { ProcessorContext, ProcessorResult } from '../contract/processor';
import { applyEdits } from './apply-edits';

/** What edit-pdf, annotate-pdf and sign-pdf share: one PDF in, the same PDF with the edits out. */
export async function runEditor(ctx: ProcessorContext<{ operations: TEditDocument; flatten?: boolean }>): Promise<ProcessorResult> {
  // The PDF, then the images its operations place (the tool's attachments), in imageTokens order.
  const [input, ...attached] = ctx.inputs;
  const tokens = imageTokens(ctx.options.operations.operations);
  if (!input || attached.length !== tokens.length) throw new AppError('ILLEGAL_INPUT', `${ctx.inputs.length} inputs for ${tokens.length} images`);
  const images = new Map(tokens.map((token, i) => [token, attached[i]]));
  const dir = await mkdtemp(path.join(ctx.workDir, 'edit-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.2);
  const output = path.join(dir, 'output.pdf');
  const { fontSubstituted, lineFitted } = await applyEdits(doc.path, output, ctx.options.operations, { flatten: ctx.options.flatten ?? false, images, workDir: dir, signal: ctx.signal });
  const notice = lineFitted ? (fontSubstituted ? 'FONT_SUBSTITUTED_LINE_FITTED' : 'LINE_FITTED') : fontSubstituted ? 'FONT_SUBSTITUTED' : undefined;
  return { outputs: [{ path: output, name: `${fileStem(input.name)}.pdf` }], ...(notice ? { notice } : {}) };
}
