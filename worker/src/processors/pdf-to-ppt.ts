import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import pptTool from '#shared/tools/pdf-to-ppt';
import * as poppler from '../engines/poppler';
import { extractLayout } from '../pdf-to-office/extract-pdf';
import { renderBackgrounds } from '../pdf-to-office/slide-backgrounds';
import { writePptx } from '../pdf-to-office/write-pptx';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

/**
 * A PDF as a PowerPoint deck, one slide per page: pdf.js reads the text with its geometry, fonts
 * and colours; Ghostscript draws each page without its text as the slide's background, at the
 * same time; the text goes over it in editable text boxes where it was (pptxgenjs).
 */
const pdfToPpt = defineProcessor(pptTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'ppt-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.05);
  const shown = (await poppler.pageBoxes(doc.path, ctx.signal)).map((box, i) =>
    box.rotation % 180 === 0 ? { number: i + 1, width: box.width, height: box.height } : { number: i + 1, width: box.height, height: box.width },
  );
  // Progress is the two halves together; each only moves forward.
  const done = { text: 0, backgrounds: 0 };
  const report = (part: keyof typeof done, fraction: number) => {
    done[part] = fraction;
    return ctx.progress(0.05 + 0.85 * ((done.text + done.backgrounds) / 2));
  };
  const [layout, backgrounds] = await Promise.all([
    extractLayout(doc.path, { signal: ctx.signal, onPage: (n, total) => report('text', n / total) }),
    renderBackgrounds(doc.path, shown, { workDir: dir, signal: ctx.signal, onPages: (n, total) => report('backgrounds', n / total) }),
  ]);
  layout.pages.forEach((page, i) => {
    const image = backgrounds.get(i + 1);
    if (image) page.background = { x: 0, y: 0, width: page.width, height: page.height, ...image };
  });
  const out = path.join(dir, `${fileStem(input.name)}.pptx`);
  await writePptx(layout, out);
  await ctx.progress(1);
  return { outputs: [{ path: out, name: path.basename(out) }] };
});

export default pdfToPpt;
