import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { compactPages, pagesIn, toQpdfRange } from '#shared/page-ranges';
import rotateTool from '#shared/tools/rotate-pdf';
import * as qpdf from '../engines/qpdf';
import { fileStem, readyForQpdf, singleInput } from '../inputs/pdf-input';
import { resolveRanges } from './page-selection';
import { defineProcessor } from '../contract/processor';

/** Turns all or some pages clockwise, on top of the rotation each page already has. */
const rotatePdf = defineProcessor(rotateTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'rotate-'));
  const doc = await readyForQpdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.3);

  // qpdf applies each range in turn: "1-3,2-4" would turn pages 2 and 3 twice.
  const selected = ctx.options.pages === undefined ? undefined : [...pagesIn(resolveRanges(ctx.options.pages, doc.pages))].sort((a, b) => a - b);
  const pages = selected ? toQpdfRange(compactPages(selected)) : '1-z';
  const output = path.join(dir, 'output.pdf');
  await qpdf.rotatePages(doc.path, output, ctx.options.angle, pages, ctx.signal);
  return { outputs: [{ path: output, name: `${fileStem(input.name)}-rotated.pdf` }] };
});

export default rotatePdf;
