import { readFile, writeFile } from 'node:fs/promises';
import { PDFArray, PDFDocument, PDFRawStream, PDFStream, decodePDFRawStream, degrees, rgb, type PDFEmbeddedPage, type PDFPage } from '@cantoo/pdf-lib';
import { PAPER_POINTS, type SheetPaper, type Size } from '#shared/imposition';
import { pageFrame } from './page-frame';

/** A source page ready to draw on sheets: embedded once, however many sheets show it. */
export interface SheetPage {
  /** Undefined for a page without content, or whose content is damaged past decoding: nothing to draw. */
  embedded?: PDFEmbeddedPage;
  /** Size as a viewer shows it, after /Rotate. */
  shown: Size;
  rotation: number;
}

/** Opens the source and embeds its pages (crop box, not media box) into a new document of sheets. */
export async function openSheets(file: string): Promise<{ sheets: PDFDocument; pages: SheetPage[] }> {
  const source = await PDFDocument.load(await readFile(file), { updateMetadata: false });
  const sheets = await PDFDocument.create({ updateMetadata: false });
  const pages = source.getPages();
  const frames = pages.map(pageFrame);
  const drawable = pages.map((p, i) => ({ page: p, i })).filter(({ page }) => hasContent(page));
  const embedded = await sheets.embedPages(
    drawable.map((d) => d.page),
    drawable.map((d) => ({ left: frames[d.i].x0, bottom: frames[d.i].y0, right: frames[d.i].x1, top: frames[d.i].y1 })),
  );
  const byIndex = new Map(drawable.map((d, k) => [d.i, embedded[k]]));
  return {
    sheets,
    pages: frames.map((f, i) => ({ embedded: byIndex.get(i), shown: { width: f.width, height: f.height }, rotation: f.rotation })),
  };
}

/**
 * Whether a page has content pdf-lib can copy into a sheet: embedding decodes the page's streams,
 * and a stream damaged past decoding (which viewers draw as nothing) would fail the whole document.
 */
function hasContent(page: PDFPage): boolean {
  const contents = page.node.Contents();
  if (!contents) return false;
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  try {
    for (const stream of streams) {
      if (stream instanceof PDFRawStream) decodePDFRawStream(stream).decode();
      else if (!(stream instanceof PDFStream)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** The paper of the sheets, portrait; `same` is the first page's size as shown. */
export function paperSize(paper: SheetPaper, first: Size): Size {
  if (paper !== 'same') return PAPER_POINTS[paper];
  return first.width <= first.height ? first : { width: first.height, height: first.width };
}

/**
 * Draws a page upright, as large as fits, centred in a cell whose bottom-left corner is (x, y) in
 * sheet points: the page's /Rotate is applied by turning its embedded content.
 */
export function drawInCell(sheet: PDFPage, page: SheetPage, cell: { x: number; y: number; width: number; height: number }, border: boolean): void {
  const scale = Math.min(cell.width / page.shown.width, cell.height / page.shown.height);
  const w = page.shown.width * scale;
  const h = page.shown.height * scale;
  const x = cell.x + (cell.width - w) / 2;
  const y = cell.y + (cell.height - h) / 2;
  if (page.embedded) {
    // The content is drawn in its own space (unturned), then turned about its corner into place.
    const at: Record<number, [number, number]> = { 0: [x, y], 90: [x, y + h], 180: [x + w, y + h], 270: [x + w, y] };
    const [ox, oy] = at[page.rotation];
    sheet.drawPage(page.embedded, { x: ox, y: oy, xScale: scale, yScale: scale, rotate: degrees(-page.rotation) });
  }
  if (border) sheet.drawRectangle({ x, y, width: w, height: h, borderColor: rgb(0.55, 0.55, 0.55), borderWidth: 0.5 });
}

export async function saveSheets(sheets: PDFDocument, output: string): Promise<void> {
  await writeFile(output, await sheets.save({ useObjectStreams: true }));
}
