import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type { TEditDocument } from '#shared/editor/operations';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import type { ProcessorContext, ProcessorResult } from '../processors/types';
import { applyEdits } from './apply-edits';

/** What edit-pdf, annotate-pdf and sign-pdf share: one PDF in, the same PDF with the edits out. */
export async function runEditor(ctx: ProcessorContext<{ operations: TEditDocument; flatten?: boolean }>): Promise<ProcessorResult> {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'edit-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.2);
  const output = path.join(dir, 'output.pdf');
  await applyEdits(doc.path, output, ctx.options.operations, { flatten: ctx.options.flatten ?? false, workDir: dir, signal: ctx.signal });
  return { outputs: [{ path: output, name: `${fileStem(input.name)}.pdf` }] };
}
