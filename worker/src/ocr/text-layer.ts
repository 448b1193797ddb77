import {
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFObjectCopier,
  PDFRef,
  beginText,
  degrees,
  endText,
  popGraphicsState,
  pushGraphicsState,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  TextRenderingMode,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import { AppError } from '#shared/errors';
import { apply, compose, displayedSize, displayedToUser, scale, type Matrix, type PageFrame } from '../pages/geometry';
import { spaceBetween } from './cjk';
import { straightToUpright, uprightToRaster, type ScannedPage } from './scan-page';

/** The crop box and rotation of a pdf-lib page. */
export function frameOf(page: PDFPage): PageFrame {
  const box = page.getCropBox();
  return { x0: box.x, y0: box.y, x1: box.x + box.width, y1: box.y + box.height, rotation: ((page.getRotation().angle % 360) + 360) % 360 };
}

/** Advance of every glyph of Tesseract's GlyphLessFont, in text space units (its /DW of 500). */
const GLYPH_ADVANCE = 0.5;

/** A word's text as the 2-byte codes of GlyphLessFont (Identity-H; its ToUnicode maps code = UTF-16 unit). */
const utf16Hex = (text: string) =>
  PDFHexString.of(Array.from({ length: text.length }, (_, i) => text.charCodeAt(i).toString(16).padStart(4, '0')).join(''));

/**
 * Lays invisible words (rendering mode 3) over recognised pages of a document, for search and
 * copy: the page content, the scanned image included, is not touched. Each word sits where it is
 * printed, stretched to its width there; each line is set on one level baseline of the upright
 * page (the mean of its words' baselines). On a skewed scan the ends of a long line are therefore
 * off by up to half the line's drift (about 4 pt per degree over a 7-inch line), but text
 * extractors read every line whole and in order: words on a sloped baseline, as Tesseract's own
 * PDF sets them, are cut into pieces by poppler. A page found sideways or upside down is turned
 * upright with /Rotate.
 *
 * The font is Tesseract's GlyphLessFont (one blank glyph for every code, Unicode through
 * ToUnicode), copied from the text-only PDF Tesseract writes for a page.
 */
export class TextLayer {
  private font: PDFRef | undefined;

  constructor(private readonly doc: PDFDocument) {}

  /** True until a font has been adopted: ask Tesseract for its text PDF of the next page. */
  get needsFont(): boolean {
    return this.font === undefined;
  }

  /**
   * Copies the GlyphLessFont out of a text-only PDF written by Tesseract. The PDF of a page where
   * nothing was read may carry no font: the next page's is asked for then.
   */
  async adoptFont(textPdf: Uint8Array): Promise<void> {
    if (this.font) return;
    const source = await PDFDocument.load(textPdf, { updateMetadata: false });
    const fonts = source.getPage(0).node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    const first = fonts?.values()[0];
    const font = first && source.context.lookup(first);
    // Pages read at once may each bring a font: the first one adopted is kept.
    if (!font || this.font) return;
    const copied = PDFObjectCopier.for(source.context, this.doc.context).copy(font);
    this.font = this.doc.context.register(copied);
  }

  /** Adds the words of `scan` to `page`; `raster` is the size in pixels of the image the scan was made from. */
  add(page: PDFPage, scan: ScannedPage, raster: { width: number; height: number }): void {
    if (!scan.ocr.paragraphs.some((p) => p.lines.some((l) => l.words.some((w) => w.text.trim())))) return;
    if (!this.font) throw new AppError('TASK_FAILED', 'no OCR font for a page with words');
    const frame = frameOf(page);
    const shown = displayedSize(frame);
    const toUpright = straightToUpright(scan, raster);
    // Upright page pixels → raster pixels → displayed points → the page's user space.
    const uprightToUser = compose(
      compose(uprightToRaster(scan, raster), scale(shown.width / raster.width, shown.height / raster.height)),
      displayedToUser(frame),
    );
    const fontName = page.node.newFontDictionary('OCRFont', this.font);

    const ops: PDFOperator[] = [
      pushGraphicsState(),
      beginText(),
      setTextRenderingMode(TextRenderingMode.Invisible),
      setFontAndSize(fontName, 1),
    ];
    for (const paragraph of scan.ocr.paragraphs) {
      for (const line of paragraph.lines) {
        const { baseline } = line;
        const baselineAt = (x: number) =>
          baseline.x1 === baseline.x0
            ? baseline.y1
            : baseline.y0 + ((x - baseline.x0) * (baseline.y1 - baseline.y0)) / (baseline.x1 - baseline.x0);
        const words = line.words.filter((w) => w.text.trim().length > 0);
        if (words.length === 0) continue;
        // Where each word starts and ends on the upright page, on the line's baseline.
        const placed = words.map((w) => {
          const by = baselineAt((w.box.x0 + w.box.x1) / 2);
          const [lx, ly] = apply(toUpright, w.box.x0, by);
          const [rx, ry] = apply(toUpright, w.box.x1, by);
          return { text: w.text, lx, rx, y: (ly + ry) / 2, size: Math.max(by - line.box.y0, (w.box.y1 - w.box.y0) * 0.7, 1) };
        });
        // One level baseline per line, at the mean of its words' baselines: on a skewed scan the
        // ends of a long line sit off its printed words by up to half the line's drift, but text
        // extractors read every line whole and in order.
        const y = placed.reduce((sum, w) => sum + w.y, 0) / placed.length;
        const size = Math.max(...placed.map((w) => w.size));
        placed.forEach((word, i) => {
          // A word runs to the start of the next one, carrying the space between them (none in Chinese).
          const next = placed[i + 1];
          const text = next && spaceBetween(word.text, next.text) ? `${word.text} ` : word.text;
          const width = Math.max((next ? next.lx : word.rx) - word.lx, 1);
          // Glyph space (y up) → the word's place on the upright page (y down) → user space.
          const glyphs: Matrix = [width / (text.length * GLYPH_ADVANCE), 0, 0, -size, word.lx, y];
          const [ma, mb, mc, md, me, mf] = compose(glyphs, uprightToUser);
          ops.push(setTextMatrix(ma, mb, mc, md, me, mf), showText(utf16Hex(text)));
        });
      }
    }
    ops.push(endText(), popGraphicsState());
    page.pushOperators(...ops);
    if (scan.quarterTurns % 4 !== 0) page.setRotation(degrees((frame.rotation + 90 * scan.quarterTurns) % 360));
  }
}
