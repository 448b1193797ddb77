import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import protectTool from '#shared/tools/protect-pdf';
import * as qpdf from '../engines/qpdf';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

/**
 * Below AES-256 a password is bytes, and readers disagree on how typed characters become bytes:
 * the spec and qpdf map them to PDFDocEncoding, pdf.js keeps the low byte of each, poppler sends
 * UTF-8. Only printable ASCII comes out the same in all of them.
 */
const SAME_IN_EVERY_READER = /^[\x20-\x7e]*$/;

/**
 * Encrypts with the user's password: AES-128 by default (the spec), AES-256 when asked. A password
 * beyond ASCII ("pässwört", "密码") gets AES-256, whose passwords are UTF-8 in every reader: a
 * stronger file beats one that some readers cannot open with the password the user typed. The
 * user is told, with the AES256_FOR_PASSWORD notice.
 */
const protectPdf = defineProcessor(protectTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'protect-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.4);
  const output = path.join(dir, 'output.pdf');
  const upgraded = ctx.options.encryption !== 'aes256' && !SAME_IN_EVERY_READER.test(ctx.options.userpassword);
  const bits = ctx.options.encryption === 'aes256' || upgraded ? 256 : 128;
  await qpdf.encrypt(doc.path, output, { userPassword: ctx.options.userpassword, bits, workDir: dir, signal: ctx.signal });
  return {
    outputs: [{ path: output, name: `${fileStem(input.name)}-protected.pdf` }],
    ...(upgraded && { notice: 'AES256_FOR_PASSWORD' as const }),
  };
});

export default protectPdf;
