import sharp from 'sharp';
import { encodeBackground } from '../pdf-to-office/slide-backgrounds';
import type { ImageBox } from '../pdf-to-office/types';
import { openRaster, uprightSize, type PageRaster, type ScannedPage } from './scan-page';

/**
 * The slide background of a recognised page (OCR to PowerPoint): the image Tesseract read, turned
 * upright and straightened as it was (so the text boxes, placed from what it read, land where the
 * words were), cropped back to the page, with each recognised word painted over in the colour of
 * the paper around it: the words are in the text boxes, and shown twice they would not line up.
 */

/** A background has no more detail than this: the text is in the text boxes. */
const MAX_DPI = 150;
/** Pixels painted around each word's box, for the anti-aliased edges of its letters. */
const PAD = 2;

export async function scanBackground(
  scan: ScannedPage,
  raster: PageRaster,
  page: { width: number; height: number },
): Promise<ImageBox | undefined> {
  // The same turn scanPage gave the image it recognised.
  const degrees = 90 * scan.quarterTurns - scan.skew;
  const read = degrees === 0 ? openRaster(raster) : openRaster(raster).rotate(degrees, { background: '#ffffff' });
  const { data, info } = await read.greyscale().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8Array(data.buffer, data.byteOffset, data.length);
  for (const word of scan.ocr.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words))) {
    if (word.text.trim()) paintOver(pixels, info.width, info.height, word.box);
  }
  const upright = uprightSize(scan, raster);
  const left = Math.max(0, Math.round((info.width - upright.width) / 2));
  const top = Math.max(0, Math.round((info.height - upright.height) / 2));
  const width = Math.min(upright.width, info.width - left);
  const height = Math.min(upright.height, info.height - top);
  const shrink = Math.min(1, MAX_DPI / raster.dpi);
  const image = sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.length), {
    raw: { width: info.width, height: info.height, channels: 1 },
  })
    .extract({ left, top, width, height })
    .resize(Math.max(1, Math.round(width * shrink)), Math.max(1, Math.round(height * shrink)));
  const encoded = await encodeBackground(await image.png({ compressionLevel: 9 }).toBuffer());
  return encoded && { x: 0, y: 0, width: page.width, height: page.height, ...encoded };
}

/** Fills a box (padded) with the median grey of the pixels just around it. */
function paintOver(pixels: Uint8Array, width: number, height: number, box: { x0: number; y0: number; x1: number; y1: number }) {
  const x0 = Math.max(0, Math.floor(box.x0) - PAD);
  const y0 = Math.max(0, Math.floor(box.y0) - PAD);
  const x1 = Math.min(width - 1, Math.ceil(box.x1) + PAD);
  const y1 = Math.min(height - 1, Math.ceil(box.y1) + PAD);
  if (x1 <= x0 || y1 <= y0) return;
  const ring: number[] = [];
  for (let x = x0; x <= x1; x++) ring.push(pixels[y0 * width + x], pixels[y1 * width + x]);
  for (let y = y0; y <= y1; y++) ring.push(pixels[y * width + x0], pixels[y * width + x1]);
  ring.sort((a, b) => a - b);
  const paper = ring[Math.floor(ring.length / 2)];
  for (let y = y0; y <= y1; y++) pixels.fill(paper, y * width + x0, y * width + x1 + 1);
}
