import { mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ocrTool from '#shared/tools/pdf-ocr';
import type { OcrLanguage } from '#shared/tools/pdf-ocr';
import { addPageBackgrounds } from '../pdf-to-office/slide-backgrounds';
import type { PageLayout } from '../pdf-to-office/types';
import { languageTag, scannedPageLayout, scannedPageText, textPageLayout } from '../ocr/ocr-layout';
import { removeInvisibleText } from '../ocr/invisible-text';
import { OFFICE_WRITERS } from '../ocr/office-writers';
import { imageSource, pdfSource, type SourcePage } from '../ocr/page-sources';
import { scanBackground } from '../ocr/scan-background';
import { scanPage } from '../ocr/scan-page';
import { ocrEngineKind } from '../ocr/start-engine';
import { mapOnEngines, ocrPool } from '../ocr/ocr-pool';
import { TextLayer } from '../ocr/text-layer';
import { fileStem, singleInput } from '../inputs/pdf-input';
import { pageText } from '../pdf-to-office/pdftotext-layout';
import { defineProcessor } from '../contract/processor';

/**
 * Scanned PDFs and images to text. Each page without text is rendered (or read) as a grey image,
 * turned upright, straightened and recognised by Tesseract; pages that already have text are kept
 * as they are, and the result says so. With `redo`, scans that carry text are read again, their old
 * invisible text removed: a poor earlier OCR is replaced, drawn text is kept. The searchable PDF is the input itself (or the images, placed on pages at their
 * resolution) with Tesseract's invisible words laid over each recognised page. Word, Excel and
 * PowerPoint outputs go through the writers of the PDF converters; a slide shows the page (the
 * scan, its recognised words painted out) behind the text.
 */
const pdfOcr = defineProcessor(ocrTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const { outtype } = ctx.options;
  const languages = ctx.options.language.split('+') as OcrLanguage[];
  const dir = await mkdtemp(path.join(ctx.workDir, 'ocr-'));
  const source =
    input.kind === 'pdf' ? await pdfSource(input, dir, { signal: ctx.signal, withText: outtype !== 'pdf' }) : await imageSource(input);
  await ctx.progress(0.05);

  const recognise = (p: SourcePage) => !p.hasText || (ctx.options.redo && p.scanned);
  const doc = outtype === 'pdf' ? await source.openDocument() : undefined;
  if (doc)
    removeInvisibleText(
      doc,
      source.pages.flatMap((p, i) => (p.hasText && recognise(p) ? [doc.getPage(i)] : [])),
    );
  const layer = doc && new TextLayer(doc);
  const texts: string[] = [];
  const layouts: PageLayout[] = [];
  for (const page of source.pages) {
    texts.push(page.text ? pageText(page.text) : '');
    layouts.push(page.text ? textPageLayout(page.text) : { ...page.shown, runs: [], images: [], rules: [] });
  }
  const toRead = source.pages.flatMap((p, i) => (recognise(p) ? [i] : []));
  // Pages are read on as many engines as the process's pool allows, and placed in page order;
  // progress is how far they have got together.
  const onPages = (fraction: number) => ctx.progress(0.05 + 0.9 * fraction);
  await mapOnEngines(
    ocrPool,
    toRead,
    { engine: await ocrEngineKind(ctx.config.OCR_ENGINE), languages, workDir: dir, signal: ctx.signal },
    async (engine, i, _n, progress) => {
      const raster = await source.pages[i].raster();
      const scan = await scanPage(engine, raster, { textPdf: layer?.needsFont ?? false, onProgress: progress });
      if (layer && doc) {
        if (scan.ocr.textPdf) await layer.adoptFont(scan.ocr.textPdf);
        layer.add(doc.getPage(i), scan, raster);
      }
      texts[i] = scannedPageText(scan);
      const layout = scannedPageLayout(scan, source.pages[i].shown, raster);
      // A slide shows the scan behind the recognised text.
      if (outtype === 'ppt') layout.background = await scanBackground(scan, raster, layout);
      layouts[i] = layout;
    },
    onPages,
  );

  const stem = fileStem(input.name);
  let out: string;
  if (outtype === 'pdf') {
    out = path.join(dir, `${stem}.pdf`);
    await writeFile(out, await doc!.save());
  } else if (outtype === 'txt') {
    out = path.join(dir, `${stem}.txt`);
    await writeFile(out, texts.join('\f'));
  } else {
    if (outtype === 'ppt' && source.pdf) {
      // Pages kept as they were show their drawings and pictures behind their text, as PDF to PPT does.
      const kept = source.pages.flatMap((p, i) => (!recognise(p) ? [{ number: i + 1, layout: layouts[i] }] : []));
      await addPageBackgrounds(source.pdf, kept, { workDir: dir, signal: ctx.signal });
    }
    const writer = OFFICE_WRITERS[outtype];
    out = path.join(dir, `${stem}.${writer.ext}`);
    await writer.write({ pages: layouts, lang: languageTag(languages[0]) }, out, { oneSheet: ctx.options.excelonesheet });
  }
  await ctx.progress(1);
  const kept = source.pages.filter((p) => !recognise(p));
  const notice = kept.some((p) => p.scanned) ? 'OCR_KEPT_SCANS' : kept.length > 0 ? 'OCR_KEPT_TEXT' : undefined;
  return { outputs: [{ path: out, name: path.basename(out) }], notice };
});

export default pdfOcr;
