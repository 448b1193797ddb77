import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/errors';
import unlockTool from '#shared/tools/unlock-pdf';
import * as qpdf from '../engines/qpdf';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

/**
 * Removes the password and the restrictions with the password the user knows. We never guess
 * passwords; a file that was not encrypted comes back as it is, with a notice saying so.
 */
const unlockPdf = defineProcessor(unlockTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'unlock-'));
  const output = path.join(dir, 'output.pdf');
  const name = `${fileStem(input.name)}-unlocked.pdf`;

  if (!(await qpdf.isEncrypted(input.path, ctx.signal))) {
    const doc = await preparePdf(input, output, ctx.signal);
    await ctx.progress(1);
    return { outputs: [{ path: doc.path, name }], notice: 'NOT_ENCRYPTED' };
  }
  const needsPassword = await qpdf.isPasswordRequired(input.path, ctx.signal);
  if (needsPassword && ctx.options.password === '') throw new AppError('PASSWORD_EMPTY', 'unlock without a password');
  await ctx.progress(0.3);
  await qpdf.decrypt(input.path, output, { password: needsPassword ? ctx.options.password : '', workDir: dir, signal: ctx.signal });
  if (!((await qpdf.pageCount(output, ctx.signal)) > 0)) throw new AppError('PDF_DAMAGED', `${input.name}: no pages after decrypt`);
  await ctx.progress(1);
  return { outputs: [{ path: output, name }] };
});

export default unlockPdf;
