import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import txtTool from '#shared/tools/pdf-to-txt';
import * as poppler from '../engines/poppler';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import { hasRightToLeft, pageText, parseTextLayout } from '../pdf-to-office/pdftotext-layout';
import { defineProcessor } from '../contract/processor';

/** Pages per pdftotext call: bounds the XHTML held in memory and paces progress reports. */
const PAGES_PER_CALL = 25;

/**
 * The text of every page in reading order, UTF-8, a form feed between pages. poppler finds the
 * words, lines and blocks (`-bbox-layout`); we order the blocks ourselves, because poppler's own
 * order reads across the columns of some two-column layouts (its plain output is kept for
 * right-to-left pages, which need its bidi handling).
 */
const pdfToTxt = defineProcessor(txtTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'txt-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.05);

  const out = path.join(dir, `${fileStem(input.name)}.txt`);
  await writeFile(out, '');
  const layout = path.join(dir, 'layout.xhtml');
  for (let first = 1; first <= doc.pages; first += PAGES_PER_CALL) {
    const last = Math.min(doc.pages, first + PAGES_PER_CALL - 1);
    await poppler.writeTextLayout(doc.path, layout, { firstPage: first, lastPage: last, signal: ctx.signal });
    const pages = parseTextLayout(await readFile(layout, 'utf8'));
    await rm(layout, { force: true });
    const texts: string[] = [];
    for (let i = 0; i <= last - first; i++) {
      const page = pages[i];
      if (!page) texts.push('');
      // poppler's own output applies the bidi algorithm that Hebrew and Arabic lines need.
      else if (hasRightToLeft(page)) texts.push((await poppler.extractText(doc.path, { firstPage: first + i, lastPage: first + i, signal: ctx.signal })).replace(/\f$/, ''));
      else texts.push(pageText(page));
    }
    await appendFile(out, (first > 1 ? '\f' : '') + texts.join('\f'));
    await ctx.progress(0.05 + (0.95 * last) / doc.pages);
  }
  return { outputs: [{ path: out, name: path.basename(out) }] };
});

export default pdfToTxt;
