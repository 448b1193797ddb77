import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { AppError } from '#shared/errors';
import { parsePageRanges, rangesPastEnd, resolvePageRanges } from '#shared/page-ranges';
import splitTool from '#shared/tools/split-pdf';
import { mapLimit } from '#shared/map-limit';
import * as qpdf from '../engines/qpdf';
import { ENGINE_PARALLELISM } from '../jobs/parallel';
import { fileStem, readyForQpdf, singleInput } from '../inputs/pdf-input';
import { defineProcessor } from './types';

type SplitOptions = z.output<typeof splitTool.options>;

/** One PDF becomes several: one per page range the user gave, else one per `splitcount` pages. */
const splitPdf = defineProcessor(splitTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'split-'));
  const doc = await readyForQpdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.1);

  const { parts, cut } = partRanges(ctx.options, doc.pages);
  const stem = fileStem(input.name);
  let written = 0;
  const outputs = await mapLimit(parts, ENGINE_PARALLELISM, async ([from, to], i) => {
    const file = path.join(dir, `part-${i + 1}.pdf`);
    await qpdf.extractPages(doc.path, from, to, file, ctx.signal);
    await ctx.progress(0.1 + (0.9 * ++written) / parts.length);
    return { path: file, name: `${stem}-${from === to ? from : `${from}-${to}`}.pdf` };
  });
  return cut ? { outputs, notice: 'PAGES_CUT' } : { outputs };
});

/** First and last page (1-based, inclusive) of each part, and whether a range given was cut at the last page. */
function partRanges(options: SplitOptions, pageCount: number): { parts: Array<[number, number]>; cut: boolean } {
  if (options.pages !== undefined) {
    const ranges = parsePageRanges(options.pages);
    const resolved = ranges && resolvePageRanges(ranges, pageCount);
    if (!resolved) throw new AppError('INVALID_PAGES', `"${options.pages}" for a ${pageCount}-page document`);
    return { parts: resolved, cut: rangesPastEnd(ranges, pageCount) };
  }
  const size = options.splitcount ?? 1;
  return { parts: Array.from({ length: Math.ceil(pageCount / size) }, (_, i) => [i * size + 1, Math.min((i + 1) * size, pageCount)]), cut: false };
}

export default splitPdf;
