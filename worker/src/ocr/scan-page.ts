import sharp from 'sharp';
import { analysePage, type GreyImage } from './deskew';
import { turnAboutCentre, type Matrix } from '../pages/geometry';
import { greyPgm, type OcrEngine, type OcrPage } from './ocr-engine';

/**
 * A page as 8-bit grey pixels, and its resolution: either raw (`grey`, width × height bytes row by
 * row, as a PGM holds them) or a grey PNG.
 */
export type PageRaster = ({ grey: Buffer; png?: undefined } | { png: Buffer; grey?: undefined }) & {
  width: number;
  height: number;
  dpi: number;
};

/** The raster as a sharp image, one grey channel. */
export function openRaster(raster: PageRaster): sharp.Sharp {
  return raster.grey ? sharp(raster.grey, { raw: { width: raster.width, height: raster.height, channels: 1 } }) : sharp(raster.png);
}

/** The pixels of a binary PGM (as pdftoppm -gray writes it). */
export function readPgm(pgm: Buffer): { grey: Buffer; width: number; height: number } {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 64));
  if (!header) throw new Error('not an 8-bit binary PGM');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const grey = pgm.subarray(header[0].length, header[0].length + width * height);
  if (grey.length !== width * height) throw new Error(`PGM cut short: ${grey.length} of ${width * height} bytes`);
  return { grey, width, height };
}

export interface ScannedPage {
  /** What Tesseract read, in the pixels of the straightened image. */
  ocr: OcrPage;
  /** Quarter turns (clockwise) that made the text upright: 0 to 3. */
  quarterTurns: number;
  /** Angle of the text lines on the upright page, degrees clockwise; undone before recognition. */
  skew: number;
}

/** Size in pixels of the raster turned upright (quarter turns only, still skewed). */
export function uprightSize(scan: ScannedPage, raster: { width: number; height: number }) {
  return scan.quarterTurns % 2 === 1 ? { width: raster.height, height: raster.width } : { width: raster.width, height: raster.height };
}

/** From the straightened image Tesseract read to the upright page (the skew put back). */
export function straightToUpright(scan: ScannedPage, raster: { width: number; height: number }): Matrix {
  return turnAboutCentre(scan.ocr, scan.skew, uprightSize(scan, raster));
}

/** From the upright page to the raster, the page as displayed before it was turned. */
export function uprightToRaster(scan: ScannedPage, raster: { width: number; height: number }): Matrix {
  return turnAboutCentre(uprightSize(scan, raster), -90 * scan.quarterTurns, raster);
}

/** The size the page analysis works at: enough for a skew angle to a few hundredths of a degree. */
const ANALYSIS_SIZE = 1500;
/** Below this share of dark pixels a page is blank: nothing to recognise. */
const BLANK_INK = 0.0005;
/** A smaller skew is left alone: straightening resamples the image for no gain. */
const MIN_SKEW = 0.1;
/** How far a page has got once it is analysed, and once straightened (of its recognition's share). */
const ANALYSED = 0.03;
const STRAIGHTENED = 0.08;
/** Mean confidence below which the page may be upside down (or on its other side): try it turned round. */
const CONFIDENT = 60;

/** The raster's pixels, decoded once: every image below is cut, turned or scaled from them. */
interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

const open = (pixels: Pixels) => sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 1 } });

async function analysisImage(pixels: Pixels, quarterTurns: number): Promise<GreyImage> {
  const { data, info } = await open(pixels)
    .rotate(90 * quarterTurns)
    .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

const emptyPage = (width: number, height: number): OcrPage => ({ width, height, confidence: 0, text: '', paragraphs: [] });

/** Mean confidence of the words whose centre lies between rows `top` and `bottom`, weighted by length. */
function bandConfidence(ocr: OcrPage, top: number, bottom: number): number | undefined {
  let sum = 0;
  let weight = 0;
  for (const word of ocr.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words))) {
    const y = (word.box.y0 + word.box.y1) / 2;
    if (y < top || y > bottom) continue;
    sum += word.confidence * word.text.length;
    weight += word.text.length;
  }
  return weight > 0 ? sum / weight : undefined;
}

/**
 * Turns a page upright, straightens it and recognises it. Sideways text is found from projection
 * profiles (rows against columns). Upside-down text cannot be told from its profile: when a page
 * is read with low confidence, the middle third of it is read again turned half round, and only if
 * that reads clearly better is the whole page read that way (a poor scan or a language not chosen
 * costs a third more, not double). The skew angle is the sharpest row profile's (see deskew.ts).
 */
export async function scanPage(
  engine: OcrEngine,
  raster: PageRaster,
  opts: { textPdf: boolean; onProgress?: (fraction: number) => void },
): Promise<ScannedPage> {
  let pixels: Pixels;
  if (raster.grey) pixels = { data: raster.grey, width: raster.width, height: raster.height };
  else {
    const decoded = await sharp(raster.png).greyscale().raw().toBuffer({ resolveWithObject: true });
    pixels = { data: decoded.data, width: decoded.info.width, height: decoded.info.height };
  }
  const geometry = analysePage(await analysisImage(pixels, 0));
  opts.onProgress?.(ANALYSED);
  if (geometry.ink < BLANK_INK) {
    return { ocr: emptyPage(raster.width, raster.height), quarterTurns: 0, skew: 0 };
  }

  // Tesseract is handed raw grey pixels (PGM): no PNG written here to be inflated again.
  const straighten = async (quarterTurns: number): Promise<Pixels & { skew: number }> => {
    // Half a turn keeps the lines' angle; a quarter turn needs the angle measured on the turned page.
    const measured = quarterTurns % 2 === 0 ? geometry.skew.angle : analysePage(await analysisImage(pixels, quarterTurns)).skew.angle;
    const skew = Math.abs(measured) < MIN_SKEW ? 0 : measured;
    const degrees = 90 * quarterTurns - skew;
    if (degrees === 0) return { ...pixels, skew };
    const { data, info } = await open(pixels)
      .rotate(degrees, { background: '#ffffff' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, skew };
  };
  const read = async (quarterTurns: number, share: [number, number]): Promise<ScannedPage> => {
    const straight = await straighten(quarterTurns);
    // Each step moves the bar: native Tesseract says nothing until its page is read.
    opts.onProgress?.(share[0] + STRAIGHTENED * (share[1] - share[0]));
    const ocr = await engine.recognise(greyPgm(straight.data, straight.width, straight.height), {
      dpi: raster.dpi,
      textPdf: opts.textPdf,
      onProgress: (f) => opts.onProgress?.(share[0] + f * (share[1] - share[0])),
    });
    return { ocr, quarterTurns, skew: straight.skew };
  };

  const first = geometry.isSideways ? 1 : 0;
  const upright = await read(first, [0, 0.9]);
  if (upright.ocr.confidence >= CONFIDENT) return upright;

  // The half-turned image is the first one turned round its centre: its middle third is the same band.
  const { width, height } = upright.ocr;
  const top = Math.round(height / 3);
  const band = Math.round(height / 3);
  const flipped = await straighten(first + 2);
  // Rows top to top + band of the flipped image: one slice of its pixels.
  const bandPixels = flipped.data.subarray(top * flipped.width, (top + band) * flipped.width);
  const flippedBand = await engine.recognise(greyPgm(bandPixels, flipped.width, band), { dpi: raster.dpi, textPdf: false });
  const uprightBand = bandConfidence(upright.ocr, top, top + band) ?? upright.ocr.confidence;
  if (flippedBand.confidence < uprightBand + 10) return upright;
  const turned = await read(first + 2, [0.9, 1]);
  return turned.ocr.confidence > upright.ocr.confidence ? turned : upright;
}
