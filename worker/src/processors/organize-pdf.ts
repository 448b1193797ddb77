import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/errors';
import { parsePageOrder } from '#shared/page-order';
import { compactPages, toQpdfRange } from '#shared/page-ranges';
import organizeTool from '#shared/tools/organize-pdf';
import { mapLimit } from '#shared/map-limit';
import * as qpdf from '../engines/qpdf';
import { ENGINE_PARALLELISM } from '../engines/parallelism';
import { fileStem, readyForQpdf } from '../inputs/pdf-input';
import { rebuildOutline } from '../engines/qpdf-outline';
import { defineProcessor } from '../contract/processor';

/**
 * Builds one document from the pages of one or more inputs, in exactly the order given, each page
 * optionally turned. Pages are numbered across the inputs in upload order; pages left out are gone,
 * with their bookmarks. Every input's bookmarks are kept; form fields and metadata come from the first.
 */
const organizePdf = defineProcessor(organizeTool, async (ctx) => {
  const dir = await mkdtemp(path.join(ctx.workDir, 'organize-'));
  const docs = await mapLimit(ctx.inputs, ENGINE_PARALLELISM, (input, i) => readyForQpdf(input, path.join(dir, `input-${i + 1}.pdf`), ctx.signal));
  await ctx.progress(0.4);

  const order = parsePageOrder(ctx.options.order);
  const total = docs.reduce((n, d) => n + d.pages, 0);
  if (!order || order.some((o) => o.page > total)) throw new AppError('INVALID_PAGES', `order "${ctx.options.order}" for ${total} pages`);

  // Global page numbers → runs of consecutive pages of the same input, in output order.
  const starts = docs.map((_, i) => docs.slice(0, i).reduce((n, d) => n + d.pages, 0));
  const locate = (page: number) => {
    const index = starts.findLastIndex((s) => page > s);
    return { index, local: page - starts[index] };
  };
  const runs: qpdf.PageRun[] = [];
  // A bookmark leads to the first copy of its page.
  const positions = docs.map(() => new Map<number, number>());
  let current: { index: number; pages: number[] } | undefined;
  for (const [i, { page }] of order.entries()) {
    const { index, local } = locate(page);
    if (!positions[index].has(local)) positions[index].set(local, i + 1);
    if (current && current.index === index && local === current.pages[current.pages.length - 1] + 1) current.pages.push(local);
    else {
      if (current) runs.push({ file: docs[current.index].path, range: toQpdfRange(compactPages(current.pages)) });
      current = { index, pages: [local] };
    }
  }
  if (current) runs.push({ file: docs[current.index].path, range: toQpdfRange(compactPages(current.pages)) });

  const byAngle = new Map<number, number[]>();
  order.forEach((o, i) => o.rotate && byAngle.set(o.rotate, [...(byAngle.get(o.rotate) ?? []), i + 1]));
  const rotations = [...byAngle].map(([angle, positions]) => ({ angle, pages: toQpdfRange(compactPages(positions)) }));

  const output = path.join(dir, 'output.pdf');
  await qpdf.selectPages(docs[0].path, runs, output, { rotations, signal: ctx.signal });
  await ctx.progress(0.7);
  await rebuildOutline(
    output,
    docs.map((doc, i) => ({ outlines: doc.outlines, positionOf: (page: number) => positions[i].get(page) })),
    ctx.signal,
  );
  return { outputs: [{ path: output, name: `${fileStem(ctx.inputs[0].name)}-organized.pdf` }] };
});

export default organizePdf;
