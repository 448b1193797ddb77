import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import wordTool from '#shared/tools/pdf-to-word';
import { extractLayout } from '../pdf-to-office/extract-pdf';
import { writeDocx } from '../pdf-to-office/write-docx';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

/**
 * A PDF as an editable Word document: pdf.js reads the text with its geometry, fonts and colours,
 * the pictures and the table rules; the layout code rebuilds paragraphs, headings, lists, tables
 * and columns in reading order; the docx package writes them, one Word page per PDF page, the
 * running heads and feet in Word's header and footer (see layout/page-furniture.ts).
 */
const pdfToWord = defineProcessor(wordTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'word-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.05);
  const layout = await extractLayout(doc.path, {
    workDir: dir,
    images: true,
    figures: true,
    signal: ctx.signal,
    onPage: (done, total) => ctx.progress(0.05 + (0.85 * done) / total),
  });
  const out = path.join(dir, `${fileStem(input.name)}.docx`);
  await writeDocx(layout, out);
  await ctx.progress(1);
  return { outputs: [{ path: out, name: path.basename(out) }] };
});

export default pdfToWord;
