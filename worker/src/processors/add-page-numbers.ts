import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/errors';
import { pagesIn } from '#shared/page-ranges';
import pageNumbersTool from '#shared/tools/add-page-numbers';
import { fileStem, singleInput } from '../inputs/pdf-input';
import { pageLabel } from '../stamps/page-labels';
import { PageLines } from '../stamps/page-lines';
import { openForStamps } from '../stamps/stamp-document';
import { resolveRanges } from './page-selection';
import { defineProcessor } from '../contract/processor';

/**
 * Numbers the pages where they are seen: a cell of the 3×3 grid of the visible page, upright on
 * turned pages. Skipped pages get no number and are not counted, so a skipped cover leaves page 2 as
 * the first number; {total} is the last number shown.
 */
const addPageNumbers = defineProcessor(pageNumbersTool, async (ctx) => {
  const o = ctx.options;
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'page-numbers-'));
  const target = await openForStamps(input, dir, ctx.signal);
  await ctx.progress(0.3);

  const skipped = o.skip === undefined ? new Set<number>() : pagesIn(resolveRanges(o.skip, target.pages));
  const numbered = Array.from({ length: target.pages }, (_, i) => i + 1).filter((page) => !skipped.has(page));
  if (numbered.length === 0) throw new AppError('INVALID_PAGES', 'every page skipped');
  const last = o.start + numbered.length - 1;
  const labels = numbered.map((_, i) => pageLabel(o, o.start + i, last));

  const lines = await PageLines.create();
  const style = { family: o.font, bold: false, size: o.size, color: o.color };
  // Every label is made of the same characters as the widest ones: one setter embeds them all.
  const setter = await lines.setter(style, labels.join(''));
  numbered.forEach((page, i) => lines.text(page, target.frames[page - 1], setter, labels[i], style, { position: o.position, margin: o.margin }));
  await ctx.progress(0.6);

  const output = path.join(dir, 'output.pdf');
  await lines.write(target, output, { workDir: dir, signal: ctx.signal });
  return { outputs: [{ path: output, name: `${fileStem(input.name)}-numbered.pdf` }] };
});

export default addPageNumbers;
