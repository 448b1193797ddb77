import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AiHeading } from '#shared/ai/api';
import * as poppler from '../engines/poppler';
import * as qpdf from '../engines/qpdf';
import { preparePdf, singleInput } from '../inputs/pdf-input';
import { scannedPageText } from '../ocr/ocr-layout';
import { imageSource } from '../ocr/page-sources';
import { MIN_TEXT_CHARS, ocrDpi, textChars } from '../ocr/ocr-rules';
import { scanPage, type PageRaster } from '../ocr/scan-page';
import { ocrEngineKind } from '../ocr/start-engine';
import { mapOnEngines, ocrPool } from '../ocr/ocr-pool';
import type { InputFile, Processor, ProcessorContext } from '../contract/processor';
import { parseTextLayout } from '../pdf-to-office/pdftotext-layout';
import { headingsBySize } from './headings';

/** What the reader hands back to the indexing job, as JSON in its output file. */
export interface DocumentText {
  /** Each physical page's text, in page order. */
  pages: string[];
  /** Pages whose text came from OCR. */
  ocrPages: number;
  outline: AiHeading[];
}

/** The languages scans are read in: the site's own. */
const OCR_LANGUAGES = ['eng', 'fra'] as const;
/** Headings found by type size are looked for in the first pages only: the outline must stay cheap. */
const HEADING_PAGES = 300;
const MAX_HEADINGS = 150;
/** Share of the progress the text layer takes; OCR and the outline share the rest. */
const TEXT_SHARE = 0.1;

/**
 * Reads an AI document's text page by page, in a task host (time and memory limits): the text
 * layer of each page, OCR for the pages without one (or an image's picture), and the outline (the
 * PDF's bookmarks, else headings found by type size). Writes a DocumentText as JSON.
 */
export const readDocument: Processor<unknown> = async (ctx) => {
  const input = singleInput(ctx.inputs);
  const text = input.kind === 'pdf' ? await readPdf(input, ctx) : await readImage(input, ctx);
  const out = path.join(ctx.workDir, 'document-text.json');
  await writeFile(out, JSON.stringify(text));
  return { outputs: [{ path: out, name: 'document-text.json' }] };
};

async function readPdf(input: InputFile, ctx: ProcessorContext<unknown>): Promise<DocumentText> {
  const { signal } = ctx;
  const doc = await preparePdf(input, path.join(ctx.workDir, 'input.pdf'), signal);
  // One pdftotext run: pages end with a form feed, so each text keeps its physical page.
  const pages = (await poppler.extractText(doc.path, { signal })).split('\f').slice(0, doc.pages);
  while (pages.length < doc.pages) pages.push('');
  await ctx.progress(TEXT_SHARE);

  const scans = pages.flatMap((t, i) => (textChars(t) < MIN_TEXT_CHARS ? [i] : []));
  let ocrPages = 0;
  if (scans.length) {
    const boxes = await poppler.pageBoxes(doc.path, signal);
    const read = await recognise(scans.length, (k) => renderForOcr(doc.path, scans[k] + 1, boxes[scans[k]], ctx.workDir, signal), ctx, [TEXT_SHARE, 1 - TEXT_SHARE]);
    for (const [k, i] of scans.entries()) {
      if (textChars(read[k]) <= textChars(pages[i])) continue;
      pages[i] = read[k];
      ocrPages++;
    }
  }
  const outline = await outlineOf(doc.path, doc.pages, ctx);
  return { pages, ocrPages, outline };
}

/** A page as a grey picture at 300 dpi, less for a page too large to recognise at that. */
async function renderForOcr(pdf: string, page: number, box: poppler.PageBox | undefined, workDir: string, signal: AbortSignal): Promise<PageRaster> {
  const { width, height } = box ?? { width: 612, height: 792 };
  const dpi = ocrDpi(width, height);
  const dir = await mkdtemp(path.join(workDir, `page-${page}-`));
  try {
    const [file] = await poppler.renderPages(pdf, dir, { first: page, last: page, dpi, format: 'gray-png', signal });
    const png = await readFile(file);
    return { png, width: png.readUInt32BE(16), height: png.readUInt32BE(20), dpi };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An image is a one-page document (a multi-page TIFF, one page per picture): its text is OCR's. */
async function readImage(input: InputFile, ctx: ProcessorContext<unknown>): Promise<DocumentText> {
  const source = await imageSource(input);
  const pages = await recognise(source.pages.length, (i) => source.pages[i].raster(), ctx, [0, 1]);
  return { pages, ocrPages: pages.filter((t) => textChars(t) > 0).length, outline: [] };
}

/**
 * The text of `count` pictures, read by Tesseract on the process's OCR engines (one per core, within
 * the task's memory; the same pool and engine as the OCR tool), in page order; progress moves within `span`.
 */
async function recognise(count: number, raster: (i: number) => Promise<PageRaster>, ctx: ProcessorContext<unknown>, span: [number, number]): Promise<string[]> {
  const pages = Array.from({ length: count }, (_, i) => i);
  return mapOnEngines(
    ocrPool,
    pages,
    { engine: await ocrEngineKind(ctx.config.OCR_ENGINE), languages: OCR_LANGUAGES, workDir: ctx.workDir, signal: ctx.signal },
    async (engine, i, _n, progress) => scannedPageText(await scanPage(engine, await raster(i), { textPdf: false, onProgress: progress })),
    (fraction) => ctx.progress(span[0] + (span[1] - span[0]) * fraction),
  );
}

/** The PDF's bookmarks with a page, by depth; without any, the headings of its first pages by type size. */
async function outlineOf(pdf: string, pageCount: number, ctx: ProcessorContext<unknown>): Promise<AiHeading[]> {
  const bookmarks: AiHeading[] = [];
  const walk = (items: qpdf.OutlineItem[], level: number) => {
    for (const item of items) {
      const title = item.title.replace(/\s+/g, ' ').trim();
      if (item.page !== null && title && bookmarks.length < MAX_HEADINGS) bookmarks.push({ level, title, page: item.page });
      walk(item.kids, level + 1);
    }
  };
  walk(await qpdf.outlines(pdf, ctx.signal), 1);
  if (bookmarks.length) return bookmarks;

  const layout = path.join(ctx.workDir, 'text-layout.xhtml');
  await poppler.writeTextLayout(pdf, layout, { firstPage: 1, lastPage: Math.min(pageCount, HEADING_PAGES), signal: ctx.signal });
  return headingsBySize(parseTextLayout(await readFile(layout, 'utf8')));
}
