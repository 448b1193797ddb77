import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { AppError } from '../../../shared/src/errors';
import type mergeTool from '../../../shared/src/tools/merge-pdf';
import * as qpdf from '../engines/qpdf';
import { ENGINE_PARALLELISM, mapLimit } from '../parallel';
import { fileStem, preparePdf } from '../pdf-input';
import type { Processor } from './types';

/** Two or more PDFs, in the order the user chose, become one. */
const mergePdf: Processor<z.output<typeof mergeTool.options>> = async (ctx) => {
  if (ctx.inputs.length < 2) throw new AppError('TOO_FEW_FILES', `${ctx.inputs.length} input(s)`);
  const dir = await mkdtemp(path.join(ctx.workDir, 'merge-'));

  let prepared = 0;
  const docs = await mapLimit(ctx.inputs, ENGINE_PARALLELISM, async (input, i) => {
    const doc = await preparePdf(input, path.join(dir, `input-${i + 1}.pdf`), ctx.signal);
    await ctx.progress((0.7 * ++prepared) / ctx.inputs.length);
    return doc;
  });

  const output = path.join(dir, 'merged.pdf');
  await qpdf.merge(
    docs.map((d) => d.path),
    output,
    ctx.signal,
  );
  await ctx.progress(0.95);
  return { outputs: [{ path: output, name: `${fileStem(ctx.inputs[0].name)}-merged.pdf` }] };
};

export default mergePdf;
