import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SignatureCheck } from '#shared/signature-check';
import validateTool from '#shared/tools/validate-signature';
import { AppError } from '#shared/errors';
import { readSignatures } from '../engines/pdfsig';
import * as qpdf from '../engines/qpdf';
import { fileStem, singleInput } from '../inputs/pdf-input';
import { readTrustRoots } from '#shared/trust-roots';
import { chainTrust } from './signature-trust';
import { defineProcessor } from '../contract/processor';

/**
 * Reads the file as it came (rewriting it would break what is checked). qpdf first makes sure it
 * opens and has pages: pdfsig reports "no signatures" for a file it cannot read. pdfsig says what each
 * signature covers and whether the signed bytes still match it; the chain of its certificate is
 * followed here to the operator's roots, when the operator named some.
 */
const validateSignature = defineProcessor(validateTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  if (await qpdf.isPasswordRequired(input.path, ctx.signal)) throw new AppError('PDF_ENCRYPTED', 'a password is needed to read the signatures');
  if ((await qpdf.declaredPageCount(input.path, ctx.signal)) === 0) throw new AppError('PDF_DAMAGED', 'no page to be found');
  const roots = ctx.config.SIGNATURE_TRUST_ROOTS ? readTrustRoots(ctx.config.SIGNATURE_TRUST_ROOTS) : null;
  const found = await readSignatures(input.path, ctx.workDir, ctx.signal);
  await ctx.progress(0.8);
  const report: SignatureCheck = {
    tool: 'validate-signature',
    signatures: found.map(({ cms, integrity, ...signature }) => ({
      ...signature,
      validity: integrity,
      trust: roots ? chainTrust(cms, roots, signature.signedAt ? new Date(signature.signedAt) : new Date()) : 'notChecked',
    })),
  };
  const output = path.join(ctx.workDir, 'signatures.json');
  await writeFile(output, `${JSON.stringify(report.signatures, null, 2)}\n`);
  return { outputs: [{ path: output, name: `${fileStem(input.name)}-signatures.json` }], report };
});

export default validateSignature;
