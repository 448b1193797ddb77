/**
 * PDF → DocumentLayout with pdf.js: every text item with its position, font, size, weight, slant
 * and colour; the pictures, with their pixels; the ruling lines that outline tables. Vector
 * drawings (charts, diagrams) are pictured whole from a poppler render of the page, their labels
 * with them, since no word processor can rebuild them.
 *
 *   extractLayout(pdfPath, { workDir, images, figures, signal, onPage }): Promise<DocumentLayout>
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { AnnotationMode, getDocument, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError } from '#shared/errors';
import { renderPage } from '../engines/poppler';
import { figureRegions, inside, type Box } from './figures';
import { encodeImage, placeImages } from './pdf-images';
import { walkOperators } from './pdf-operators';
import { fontFacts, GlyphColours, itemRuns, type FontFacts, type PdfjsTextItem } from './pdf-text';
import type { DocumentLayout, ImageBox, PageLayout, TextRun } from './types';

export interface ExtractOptions {
  /** Scratch space for page renders (only used when `figures` is on). */
  workDir?: string;
  /** Decode and keep the pictures (Word wants them; Excel and the PowerPoint background do not). */
  images?: boolean;
  /** Picture vector drawings whole, taking their labels out of the text. */
  figures?: boolean;
  signal?: AbortSignal;
  onPage?(done: number, total: number): void | Promise<void>;
}

/** Pictures larger than this (pixels) are skipped: their memory is no task's to spend. */
const MAX_IMAGE_PIXELS = 100_000_000;
/** Render resolution of pictured drawings. */
const FIGURE_DPI = 150;

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export async function extractLayout(pdfPath: string, opts: ExtractOptions = {}): Promise<DocumentLayout> {
  const data = new Uint8Array(await fs.readFile(pdfPath));
  const task = getDocument({
    data,
    verbosity: 0,
    disableFontFace: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // A picture of billions of pixels in a few compressed megabytes is left out, not decoded.
    maxImageSize: MAX_IMAGE_PIXELS,
    useSystemFonts: false,
    // CJK text in fonts that use Adobe's predefined CMaps needs them; JPX and JBIG2 need the wasm.
    cMapUrl: `${pdfjsRoot}/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
    wasmUrl: `${pdfjsRoot}/wasm/`,
  } as Parameters<typeof getDocument>[0]);
  try {
    const doc = await task.promise.catch((e: unknown) => {
      throw new AppError('PDF_DAMAGED', `pdf.js could not open ${path.basename(pdfPath)}: ${String(e)}`);
    });
    const pages: PageLayout[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      if (opts.signal?.aborted) throw new AppError('TASK_FAILED', 'aborted while reading the PDF');
      const page = await doc.getPage(n);
      try {
        pages.push(await extractPage(page, pdfPath, n, opts));
      } finally {
        page.cleanup();
      }
      await opts.onPage?.(n, doc.numPages);
    }
    return { pages };
  } finally {
    await task.destroy();
  }
}

type PdfjsPage = Awaited<ReturnType<Awaited<ReturnType<typeof getDocument>['promise']>['getPage']>>;

async function extractPage(page: PdfjsPage, pdfPath: string, pageNumber: number, opts: ExtractOptions): Promise<PageLayout> {
  const viewport = page.getViewport({ scale: 1 });
  const width = viewport.width;
  const height = viewport.height;
  const opList = await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
  const graphics = walkOperators(opList as { fnArray: number[]; argsArray: unknown[][] }, viewport.transform);
  // A text stream pdf.js cannot decode (damaged beyond qpdf's repair) leaves the page without
  // text, as a viewer shows it, rather than failing the whole document.
  const content = await page.getTextContent().catch(() => ({ items: [], styles: {} as Record<string, { ascent?: number; descent?: number; fontFamily?: string }> }));

  const fonts = new Map<string, FontFacts>();
  const factsOf = (fontName: string) => {
    let facts = fonts.get(fontName);
    if (!facts) {
      let pdfjsFont: { name?: string; bold?: boolean; italic?: boolean; black?: boolean } | undefined;
      try {
        pdfjsFont = page.commonObjs.has(fontName) ? (page.commonObjs.get(fontName) as typeof pdfjsFont) : undefined;
      } catch {
        pdfjsFont = undefined;
      }
      facts = fontFacts(pdfjsFont, content.styles[fontName]);
      fonts.set(fontName, facts);
    }
    return facts;
  };
  const colours = new GlyphColours(graphics.glyphs);
  let runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const textItem = item as PdfjsTextItem;
    const angle = turnOf(textItem, viewport.transform);
    const family = genericFamily(content.styles[textItem.fontName]?.fontFamily);
    const extra = { ...(angle === undefined ? {} : { angle }), ...(family ? { family } : {}) };
    runs.push(...itemRuns(textItem, viewport.transform, factsOf(textItem.fontName), colours).map((r) => ({ ...r, ...extra })));
  }
  runs = runs.filter((r) => r.x + r.width > 0 && r.x < width && r.y + r.height > 0 && r.y < height);

  let placements = placeImages(graphics.images, width, height);
  // A page-sized picture under text is a scan with an OCR layer, or a backdrop: the text is the content.
  if (runs.length) placements = placements.filter((p) => p.width * p.height < 0.85 * width * height);
  let rules = graphics.rules;
  const images: ImageBox[] = [];

  if (opts.figures) {
    const regions = figureRegions({ width, height }, graphics.shapes, placements, runs, graphics.rules);
    if (regions.length && opts.workDir) {
      images.push(...(await pictureRegions(pdfPath, pageNumber, regions, runs, { width, height }, opts)));
      runs = runs.filter((r) => !regions.some((b) => inside(r, b)));
      placements = placements.filter((p) => !regions.some((b) => inside(p, b, 2)));
      rules = rules.filter((l) => !regions.some((b) => inside({ x: l.x1, y: l.y1, width: l.x2 - l.x1, height: l.y2 - l.y1 }, b, 2)));
    }
  }
  if (opts.images) {
    // pdf.js decodes pictures after it has handed over the operator list: wait for each one.
    const pixels = new Map<string, unknown>();
    for (const p of placements) {
      const id = p.image.source;
      if (typeof id === 'string' && !pixels.has(id)) pixels.set(id, await pdfjsObject(id.startsWith('g_') ? page.commonObjs : page.objs, id));
    }
    for (const p of placements) {
      const image = await encodeImage(p, (id) => pixels.get(id)).catch(() => undefined);
      if (image) images.push(image);
    }
  }
  images.sort((a, b) => a.y - b.y || a.x - b.x);
  return { width, height, runs, images, rules };
}

/** Crops each drawing out of a render of the page; the runs inside a drawing become its labels. */
async function pictureRegions(
  pdfPath: string,
  pageNumber: number,
  regions: Box[],
  runs: readonly TextRun[],
  page: { width: number; height: number },
  opts: ExtractOptions,
): Promise<ImageBox[]> {
  const base = path.join(opts.workDir!, `figure-page-${pageNumber}`);
  const png = await renderPage(pdfPath, base, { page: pageNumber, dpi: FIGURE_DPI, format: 'png', signal: opts.signal });
  try {
    const meta = await sharp(png).metadata();
    const scaleX = (meta.width ?? 1) / page.width;
    const scaleY = (meta.height ?? 1) / page.height;
    const out: ImageBox[] = [];
    for (const r of regions) {
      const pad = 2;
      const x0 = Math.max(0, r.x0 - pad);
      const y0 = Math.max(0, r.y0 - pad);
      const x1 = Math.min(page.width, r.x1 + pad);
      const y1 = Math.min(page.height, r.y1 + pad);
      const left = Math.floor(x0 * scaleX);
      const top = Math.floor(y0 * scaleY);
      const w = Math.min((meta.width ?? 0) - left, Math.ceil((x1 - x0) * scaleX));
      const h = Math.min((meta.height ?? 0) - top, Math.ceil((y1 - y0) * scaleY));
      if (w < 4 || h < 4) continue;
      const data = await sharp(png).extract({ left, top, width: w, height: h }).png({ compressionLevel: 9 }).toBuffer();
      const labels = runs.filter((run) => inside(run, r));
      out.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0, data: new Uint8Array(data), format: 'png', ...(labels.length ? { labels } : {}) });
    }
    return out;
  } finally {
    await fs.rm(png, { force: true });
  }
}

/** How long to wait for pdf.js to decode a picture before leaving it out. */
const PICTURE_WAIT_MS = 15_000;

/** A pdf.js object once it is resolved; undefined when it never comes. */
function pdfjsObject(store: { get(id: string, callback: (data: unknown) => void): unknown }, id: string): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), PICTURE_WAIT_MS);
    try {
      store.get(id, (data) => {
        clearTimeout(timer);
        resolve(data);
      });
    } catch {
      clearTimeout(timer);
      resolve(undefined);
    }
  });
}

/** The clockwise turn of a text item that does not read left to right (see TextRun.angle); undefined when it does. */
function turnOf(item: PdfjsTextItem, viewport: number[]): number | undefined {
  const m = Util.transform(viewport, item.transform);
  // The same test as itemRuns' for horizontal text.
  if (Math.abs(m[1]) < 0.05 * Math.abs(m[0]) && m[0] > 0) return undefined;
  return Math.round(((((Math.atan2(m[1], m[0]) * 180) / Math.PI) % 360) + 360) % 360);
}

const GENERIC_FAMILIES = ['serif', 'sans-serif', 'monospace'] as const;
const genericFamily = (family: string | undefined) => GENERIC_FAMILIES.find((f) => f === family);
