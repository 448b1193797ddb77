import type { OcrLanguage } from '#shared/tools/pdf-ocr';
import type { PageLayout, TextRun } from '../pdf-to-office/types';
import { lineText, type TextPage } from '../pdf-to-office/pdftotext-layout';
import { dropCjkSpaces, joinWords } from './cjk';
import type { ScannedPage } from './scan-page';

/** BCP 47 tags of the recognition languages, for the document's language hint. */
const BCP47: Record<OcrLanguage, string> = { eng: 'en', fra: 'fr', deu: 'de', spa: 'es', ita: 'it', por: 'pt', chi_sim: 'zh-Hans' };
export const languageTag = (lang: OcrLanguage) => BCP47[lang];

/** Tesseract's row height spans ascenders to descenders, a little more than the font size. */
const ROW_PER_POINT = 1.15;
/** poppler's line boxes are the font's ascent to descent, about 1.2 times its size. */
const LINE_PER_POINT = 1.2;

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * A recognised page in the shared page model: one run per line, placed on the page as it reads once
 * turned upright and straightened. `shown` is the page's displayed size in points and `raster` the
 * size in pixels of the image the scan was made from.
 */
export function scannedPageLayout(scan: ScannedPage, shown: { width: number; height: number }, raster: { width: number; height: number }): PageLayout {
  const sideways = scan.quarterTurns % 2 === 1;
  const page = sideways ? { width: shown.height, height: shown.width } : shown;
  const upright = sideways ? { width: raster.height, height: raster.width } : raster;
  const perPixel = page.width / upright.width;
  // The straightened image is the upright page on a larger canvas, centred.
  const dx = (scan.ocr.width - upright.width) / 2;
  const dy = (scan.ocr.height - upright.height) / 2;
  const runs: TextRun[] = [];
  for (const paragraph of scan.ocr.paragraphs) {
    for (const line of paragraph.lines) {
      const text = joinWords(line.words.map((w) => w.text.trim()).filter(Boolean));
      if (!text) continue;
      runs.push({
        text,
        x: round1((line.box.x0 - dx) * perPixel),
        y: round1((line.box.y0 - dy) * perPixel),
        width: round1((line.box.x1 - line.box.x0) * perPixel),
        height: round1((line.box.y1 - line.box.y0) * perPixel),
        fontSize: Math.max(4, Math.round((2 * line.rowHeight * perPixel) / ROW_PER_POINT) / 2),
      });
    }
  }
  return { width: round1(page.width), height: round1(page.height), runs, images: [], rules: [] };
}

/** A page that already had text, in the shared page model: one run per line poppler found. */
export function textPageLayout(page: TextPage): PageLayout {
  const runs: TextRun[] = page.blocks.flatMap((block) =>
    block.lines
      .map((line) => ({ line, text: lineText(line) }))
      .filter(({ text }) => text.length > 0)
      .map(({ line, text }) => ({
        text,
        x: round1(line.x0),
        y: round1(line.y0),
        width: round1(line.x1 - line.x0),
        height: round1(line.y1 - line.y0),
        fontSize: Math.max(4, Math.round((2 * (line.y1 - line.y0)) / LINE_PER_POINT) / 2),
      })),
  );
  return { width: page.width, height: page.height, runs, images: [], rules: [] };
}

/** Tesseract's text of a page: lines of words, a blank line between paragraphs. */
export function scannedPageText(scan: ScannedPage): string {
  const text = dropCjkSpaces(scan.ocr.text).replace(/\n{3,}/g, '\n\n').trim();
  return text ? `${text}\n` : '';
}
