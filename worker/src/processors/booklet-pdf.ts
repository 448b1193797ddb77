import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { bookletSides } from '#shared/imposition';
import bookletTool from '#shared/tools/booklet-pdf';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import { drawInCell, openSheets, paperSize, saveSheets } from '../pages/sheets';
import { defineProcessor } from '../contract/processor';

/**
 * Saddle-stitch imposition: two pages on each side of a landscape sheet, in the order that reads
 * 1, 2, 3… once the printed stack is folded; blank pages pad the document to a multiple of four.
 */
const bookletPdf = defineProcessor(bookletTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'booklet-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal, { decode: true });
  await ctx.progress(0.1);
  const { sheets, pages } = await openSheets(doc.path);
  await ctx.progress(0.4);

  const first = pages[0].shown;
  const paper = paperSize(ctx.options.sheet, first);
  // The paper turned landscape; `same`: two of the first page side by side.
  const sheet = ctx.options.sheet === 'same' ? { width: 2 * first.width, height: first.height } : { width: paper.height, height: paper.width };
  const half = { width: sheet.width / 2, height: sheet.height };
  for (const [left, right] of bookletSides(pages.length)) {
    ctx.signal.throwIfAborted();
    const side = sheets.addPage([sheet.width, sheet.height]);
    if (left <= pages.length) drawInCell(side, pages[left - 1], { x: 0, y: 0, ...half }, false);
    if (right <= pages.length) drawInCell(side, pages[right - 1], { x: half.width, y: 0, ...half }, false);
  }
  await ctx.progress(0.7);
  const output = path.join(dir, 'output.pdf');
  await saveSheets(sheets, output);
  return { outputs: [{ path: output, name: `${fileStem(input.name)}-booklet.pdf` }], notice: 'BOOKLET_PRINTING' };
});

export default bookletPdf;
