import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { AppError, isAppError } from '#shared/errors';
import { decodeBmp } from '../images/bmp-decode';
import * as poppler from '../engines/poppler';
import { PIXEL_LIMIT, passThroughJpeg } from '../images/images-to-pdf';
import { preparePdf } from '../inputs/pdf-input';
import type { InputFile } from '../contract/processor';
import { parseTextLayout, type TextPage } from '../pdf-to-office/pdftotext-layout';
import { MAX_OCR_PIXELS, MIN_TEXT_CHARS, OCR_DPI, ocrDpi, textChars } from './ocr-rules';
import { readPgm, type PageRaster } from './scan-page';

/** One page to convert: either it has text already, or it is recognised from its raster. */
export interface SourcePage {
  /** True when the page already carries text: it is kept as it is, unless asked to read it again. */
  hasText: boolean;
  /** True when images cover most of the page: a scan, whose text (if any) an earlier OCR laid over it. */
  scanned: boolean;
  /** That text with its layout (only when asked for). */
  text?: TextPage;
  /** Size of the page as displayed, in points. */
  shown: { width: number; height: number };
  /** The page as an 8-bit grey image to recognise. */
  raster(): Promise<PageRaster>;
}

export interface OcrSource {
  pages: SourcePage[];
  /** For a PDF input: the repaired copy the pages are read from. */
  pdf?: string;
  /** The document a searchable PDF is made from: the input itself, or a new PDF holding the images. */
  openDocument(): Promise<PDFDocument>;
}

/**
 * Resolution a page holding a scan is rendered at for recognition: the scan's own, within these
 * bounds (rendering a 200 dpi scan at 300 dpi invents no detail and slows Tesseract down).
 */
const MIN_SCAN_DPI = 200;
const MAX_SCAN_DPI = 400;
/**
 * A page whose images cover at least this share of it and that carries fewer letters and digits
 * than MIN_TEXT_CHARS is a scan: a page number or a Bates stamp added to a scan should not stop it
 * from being recognised. Any other page with text is left as it is.
 */
const SCAN_COVERAGE = 0.5;
/** Decoding limit for an input image (sharp's own default is 268 million pixels). */
const MAX_IMAGE_PIXELS = 150_000_000;

/** The pages of a PDF, repaired and decrypted first like every PDF input. */
export async function pdfSource(input: InputFile, dir: string, opts: { signal: AbortSignal; withText: boolean }): Promise<OcrSource> {
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), opts.signal);
  const boxes = await poppler.pageBoxes(doc.path, opts.signal);
  const texts = (await poppler.extractText(doc.path, { signal: opts.signal })).split('\f');
  const coverage = new Array<number>(doc.pages).fill(0);
  /** Resolution of the largest image of each page. */
  const scanDpi = new Array<number | undefined>(doc.pages).fill(undefined);
  const largest = new Array<number>(doc.pages).fill(0);
  // Image coverage only refines which pages count as scans: a file pdfimages cannot list still gets read.
  const images = await poppler.listImages(doc.path, opts.signal).catch((e: unknown) => {
    if (opts.signal.aborted) throw e;
    return [];
  });
  for (const image of images) {
    const i = image.page - 1;
    const box = boxes[i];
    if (!box || i >= doc.pages || image.type === 'smask' || image.type === 'mask' || !(image.xPpi > 0 && image.yPpi > 0)) continue;
    const share = ((image.width / image.xPpi) * 72 * ((image.height / image.yPpi) * 72)) / (box.width * box.height);
    coverage[i] += share;
    if (share > largest[i]) {
      largest[i] = share;
      scanDpi[i] = Math.min(image.xPpi, image.yPpi);
    }
  }
  const hasText = texts.slice(0, doc.pages).map((t, i) => {
    const chars = textChars(t);
    return chars >= MIN_TEXT_CHARS || (chars > 0 && coverage[i] < SCAN_COVERAGE);
  });
  let layouts: TextPage[] = [];
  if (opts.withText && hasText.some(Boolean)) {
    const file = path.join(dir, 'text-layout.xhtml');
    await poppler.writeTextLayout(doc.path, file, { firstPage: 1, lastPage: doc.pages, signal: opts.signal });
    layouts = parseTextLayout(await readFile(file, 'utf8'));
  }
  const pages = Array.from({ length: doc.pages }, (_, i): SourcePage => {
    const box = boxes[i] ?? { width: 612, height: 792, rotation: 0 };
    const shown = box.rotation % 180 === 0 ? { width: box.width, height: box.height } : { width: box.height, height: box.width };
    return {
      hasText: hasText[i] ?? false,
      scanned: coverage[i] >= SCAN_COVERAGE,
      text: hasText[i] ? layouts[i] : undefined,
      shown,
      async raster() {
        const scan = coverage[i] >= SCAN_COVERAGE ? scanDpi[i] : undefined;
        const wanted = scan ? Math.min(MAX_SCAN_DPI, Math.max(MIN_SCAN_DPI, scan)) : OCR_DPI;
        const dpi = ocrDpi(shown.width, shown.height, wanted);
        const pageDir = await mkdtemp(path.join(dir, `page-${i + 1}-`));
        try {
          // Raw grey pixels: pdftoppm spends longer compressing a 300 dpi PNG than rendering the page.
          const [file] = await poppler.renderPages(doc.path, pageDir, {
            first: i + 1,
            last: i + 1,
            dpi,
            format: 'gray',
            signal: opts.signal,
          });
          return { ...readPgm(await readFile(file)), dpi };
        } finally {
          await rm(pageDir, { recursive: true, force: true });
        }
      },
    };
  });
  return { pages, pdf: doc.path, openDocument: async () => PDFDocument.load(await readFile(doc.path), { updateMetadata: false }) };
}

/**
 * Resolution of a scanned image: the one it states, when plausible. Without one (or with 72, the
 * default of screen images) a scan is taken to be a page whose long side is 11 inches.
 */
export function imageDpi(density: number | undefined, width: number, height: number): number {
  if (density !== undefined && density >= 100 && density <= 2400) return density;
  return Math.min(600, Math.max(100, Math.round(Math.max(width, height) / 11)));
}

const damaged = (input: InputFile, e: unknown) => {
  if (isAppError(e)) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new AppError(PIXEL_LIMIT.test(message) ? 'IMAGE_TOO_LARGE' : 'IMAGE_DAMAGED', `${input.name}: ${message}`);
};

/** The pages of an image: one, or one per page of a multi-page TIFF; EXIF orientation applied. */
export async function imageSource(input: InputFile): Promise<OcrSource> {
  let open: (page: number) => sharp.Sharp;
  let pageCount = 1;
  let jpegBytes: Buffer | undefined;
  let density: number | undefined;
  try {
    if (input.kind === 'bmp') {
      // sharp's prebuilt libvips reads no BMP.
      const bmp = decodeBmp(await readFile(input.path), MAX_IMAGE_PIXELS);
      open = () => sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: bmp.channels } });
      density = bmp.dpi;
    } else {
      const meta = await sharp(input.path, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
      open = (page) => sharp(input.path, { limitInputPixels: MAX_IMAGE_PIXELS, page });
      pageCount = input.kind === 'tiff' ? (meta.pages ?? 1) : 1;
      // A JPEG goes into the PDF as it is, unless it needs turning or a PDF reader could not decode it.
      if (input.kind === 'jpg' && (meta.orientation ?? 1) === 1) {
        const bytes = await readFile(input.path);
        if (passThroughJpeg(bytes)) jpegBytes = bytes;
      }
    }
  } catch (e) {
    throw damaged(input, e);
  }

  const pages: SourcePage[] = [];
  for (let i = 0; i < pageCount; i++) {
    let width: number;
    let height: number;
    let dpi: number;
    try {
      const meta = await open(i).metadata();
      const turned = (meta.orientation ?? 1) >= 5;
      width = turned ? meta.height! : meta.width!;
      height = turned ? meta.width! : meta.height!;
      dpi = imageDpi(density ?? meta.density, width, height);
    } catch (e) {
      throw damaged(input, e);
    }
    // Recognised at no more than MAX_OCR_PIXELS: a huge photo is scaled down, its dpi with it.
    const shrink = Math.min(1, Math.sqrt(MAX_OCR_PIXELS / (width * height)));
    pages.push({
      hasText: false,
      scanned: true,
      shown: { width: (width * 72) / dpi, height: (height * 72) / dpi },
      async raster() {
        try {
          let image = open(i).rotate().flatten({ background: '#ffffff' });
          if (shrink < 1) image = image.resize(Math.round(width * shrink), Math.round(height * shrink), { fit: 'fill' });
          const { data, info } = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
          if (info.channels !== 1) throw new Error(`${info.channels} channels after conversion to grey`);
          return { grey: data, width: info.width, height: info.height, dpi: dpi * shrink };
        } catch (e) {
          throw damaged(input, e);
        }
      },
    });
  }

  return {
    pages,
    async openDocument() {
      const doc = await PDFDocument.create({ updateMetadata: false });
      doc.setProducer('Sheaf');
      for (const [i, page] of pages.entries()) {
        let image;
        try {
          image = jpegBytes ? await doc.embedJpg(jpegBytes) : await doc.embedPng(await open(i).rotate().png().toBuffer());
        } catch (e) {
          throw damaged(input, e);
        }
        doc
          .addPage([page.shown.width, page.shown.height])
          .drawImage(image, { x: 0, y: 0, width: page.shown.width, height: page.shown.height });
      }
      return doc;
    },
  };
}
