import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { cellSize, sheetLayout, slotPosition, SHEET_GAP, SHEET_MARGIN } from '#shared/imposition';
import nUpTool from '#shared/tools/n-up-pdf';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import { drawInCell, openSheets, paperSize, saveSheets } from '../pages/sheets';
import { defineProcessor } from '../contract/processor';

/** Several pages on each sheet, in a grid filled across or down, on A4, Letter or the pages' own size. */
const nUpPdf = defineProcessor(nUpTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'n-up-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal, { decode: true });
  await ctx.progress(0.1);
  const { sheets, pages } = await openSheets(doc.path);
  await ctx.progress(0.4);

  const { perSheet, order, borders } = ctx.options;
  // One layout for the whole document, made for its first page, as a printer's N-up does.
  const layout = sheetLayout(perSheet, paperSize(ctx.options.sheet, pages[0].shown), pages[0].shown);
  const cell = cellSize(layout);
  for (let start = 0; start < pages.length; start += perSheet) {
    ctx.signal.throwIfAborted();
    const sheet = sheets.addPage([layout.sheet.width, layout.sheet.height]);
    pages.slice(start, start + perSheet).forEach((page, slot) => {
      const { column, row } = slotPosition(slot, layout, order);
      const x = SHEET_MARGIN + column * (cell.width + SHEET_GAP);
      const y = layout.sheet.height - SHEET_MARGIN - (row + 1) * cell.height - row * SHEET_GAP;
      drawInCell(sheet, page, { x, y, ...cell }, borders);
    });
  }
  await ctx.progress(0.7);
  const output = path.join(dir, 'output.pdf');
  await saveSheets(sheets, output);
  return { outputs: [{ path: output, name: `${fileStem(input.name)}-${perSheet}-up.pdf` }] };
});

export default nUpPdf;
