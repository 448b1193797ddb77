import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import dwgToPdfTool from '#shared/tools/dwg-to-pdf';
import { CAD_TIMEOUT_MS, convertCad, drawingInput } from '../cad/convert';
import { fileStem } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

/** A DWG or DXF drawing to a one-page vector PDF. */
const dwgToPdf = defineProcessor(dwgToPdfTool, async (ctx) => {
  const { input, kind } = await drawingInput(ctx.inputs);
  await ctx.progress(0.05);
  const stem = fileStem(input.name);
  const result = await convertCad({ file: input.path, kind, format: 'pdf', paper: ctx.options.pagesize, colors: ctx.options.colors, title: stem }, { timeoutMs: CAD_TIMEOUT_MS, signal: ctx.signal });
  const file = path.join(ctx.workDir, 'drawing.pdf');
  await writeFile(file, result.pdf!);
  await ctx.progress(1);
  return { outputs: [{ path: file, name: `${stem}.pdf` }] };
});

export default dwgToPdf;
