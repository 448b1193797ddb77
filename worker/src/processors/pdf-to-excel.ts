import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import excelTool from '#shared/tools/pdf-to-excel';
import { extractLayout } from '../pdf-to-office/extract-pdf';
import { writeXlsx } from '../pdf-to-office/write-xlsx';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

/**
 * PDF → XLSX: the repaired input read by pdf.js (text with its geometry and the ruling lines),
 * tables found on each page, the workbook written by exceljs. Pictures are not read: a cell
 * cannot hold them.
 */
const pdfToExcel = defineProcessor(excelTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'excel-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.05);
  const layout = await extractLayout(doc.path, { signal: ctx.signal, onPage: (done, total) => ctx.progress(0.05 + (0.85 * done) / total) });
  const out = path.join(dir, `${fileStem(input.name)}.xlsx`);
  await writeXlsx(layout, out, { oneSheet: ctx.options.excelonesheet });
  await ctx.progress(1);
  return { outputs: [{ path: out, name: path.basename(out) }] };
});

export default pdfToExcel;
