import { mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import { imageTokens, rewritesSignedFile, SIGNATURE_MARK, type TEditDocument } from '#shared/editor/operations';
import { AppError } from '#shared/errors';
import * as qpdf from '../engines/qpdf';
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
  const incremental = await keepsSignatures(input.path, ctx.options, ctx.signal);
  const source = incremental ? input.path : (await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal)).path;
  await ctx.progress(0.2);
  const output = path.join(dir, 'output.pdf');
  const edit = { flatten: ctx.options.flatten ?? false, incremental, images, workDir: dir, signal: ctx.signal };
  const { fontSubstituted, lineFitted } = await applyEdits(source, output, ctx.options.operations, edit);
  const notice = lineFitted ? (fontSubstituted ? 'FONT_SUBSTITUTED_LINE_FITTED' : 'LINE_FITTED') : fontSubstituted ? 'FONT_SUBSTITUTED' : undefined;
  return { outputs: [{ path: output, name: `${fileStem(input.name)}.pdf` }], ...(notice ? { notice } : {}) };
}

/**
 * A signed PDF is edited as an incremental update, its signatures kept valid, when it can be: it
 * opens as it is (no repair, no encryption, which a rewrite would change) and the edits only add to
 * it. Deleting pages, replacing text and flattening rewrite the file, which invalidates its
 * signatures. A signature dictionary always lies outside object streams (its bytes are filled in
 * place), so /ByteRange in the raw bytes tells a signed file cheaply.
 */
async function keepsSignatures(file: string, options: { operations: TEditDocument; flatten?: boolean }, signal: AbortSignal): Promise<boolean> {
  if (rewritesSignedFile(options.operations, options.flatten ?? false)) return false;
  if (!(await readFile(file)).includes(SIGNATURE_MARK)) return false;
  const probe = await qpdf.probe(file, signal);
  return Boolean(probe?.sound && probe.pages > 0);
}
