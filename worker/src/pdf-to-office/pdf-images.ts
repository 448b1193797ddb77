import sharp from 'sharp';
import { ImageKind } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { apply, type InlineImage, type PaintedImage } from './pdf-operators';
import type { ImageBox } from './types';

/** Pixels per inch kept for embedded pictures: sharp on screen and in print, without bloating the file. */
const KEEP_DPI = 200;
/** Pictures smaller than this on the page (points) are bullets, rules or dust. */
const MIN_SIDE = 6;

export interface ImagePlacement {
  image: PaintedImage;
  x: number;
  y: number;
  width: number;
  height: number;
  /** What sharp must do so the pixels come out the way they appear on the page. */
  orient: { rotate: 0 | 90 | 180 | 270; flip: boolean; flop: boolean };
}

/** Where each painted image lands on the page, in top-left points; off-page and tiny ones dropped. */
export function placeImages(images: readonly PaintedImage[], pageWidth: number, pageHeight: number): ImagePlacement[] {
  const out: ImagePlacement[] = [];
  for (const image of images) {
    const m = image.matrix;
    const p00 = apply(m, 0, 0);
    const p10 = apply(m, 1, 0);
    const p01 = apply(m, 0, 1);
    const p11 = apply(m, 1, 1);
    const xs = [p00[0], p10[0], p01[0], p11[0]];
    const ys = [p00[1], p10[1], p01[1], p11[1]];
    const x0 = Math.max(0, Math.min(...xs));
    const y0 = Math.max(0, Math.min(...ys));
    const x1 = Math.min(pageWidth, Math.max(...xs));
    const y1 = Math.min(pageHeight, Math.max(...ys));
    if (x1 - x0 < MIN_SIDE || y1 - y0 < MIN_SIDE) continue;
    // u: the way image columns run on the page; v: the way its rows run (row 0 sits at unit y = 1).
    const u = [p10[0] - p00[0], p10[1] - p00[1]];
    const v = [p00[0] - p01[0], p00[1] - p01[1]];
    out.push({ image, x: x0, y: y0, width: x1 - x0, height: y1 - y0, orient: orientation(u, v) });
  }
  return out;
}

function orientation(u: number[], v: number[]): ImagePlacement['orient'] {
  const horizontal = Math.abs(u[0]) >= Math.abs(u[1]);
  if (horizontal) {
    const flop = u[0] < 0;
    const flip = v[1] < 0;
    return flop && flip ? { rotate: 180, flip: false, flop: false } : { rotate: 0, flip, flop };
  }
  // Columns run vertically: the picture is turned a quarter.
  return u[1] > 0 ? { rotate: 90, flip: v[0] > 0, flop: false } : { rotate: 270, flip: v[0] < 0, flop: false };
}

interface PdfjsImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8ClampedArray | Uint8Array;
}

/**
 * Encodes one placed image from pdf.js's decoded pixels: JPEG for opaque photos, PNG for the rest,
 * scaled down to KEEP_DPI at its size on the page. Undefined when pdf.js has no pixels for it.
 */
export async function encodeImage(placement: ImagePlacement, lookup: (id: string) => unknown): Promise<ImageBox | undefined> {
  const source = placement.image.source;
  const img = (typeof source === 'string' ? lookup(source) : source) as PdfjsImage | InlineImage | undefined;
  if (!img?.data || !img.width || !img.height) return undefined;
  const raw = toRaw(img as PdfjsImage);
  if (!raw) return undefined;

  const { rotate, flip, flop } = placement.orient;
  const quarter = rotate === 90 || rotate === 270;
  const shownW = quarter ? placement.height : placement.width;
  const shownH = quarter ? placement.width : placement.height;
  const maxW = Math.max(16, Math.ceil((shownW / 72) * KEEP_DPI));
  const maxH = Math.max(16, Math.ceil((shownH / 72) * KEEP_DPI));

  let pipeline = sharp(raw.pixels, { raw: { width: img.width, height: img.height, channels: raw.channels } });
  if (img.width > maxW || img.height > maxH) pipeline = pipeline.resize(maxW, maxH, { fit: 'inside' });
  if (flip) pipeline = pipeline.flip();
  if (flop) pipeline = pipeline.flop();
  if (rotate) pipeline = pipeline.rotate(rotate);
  const photo = !raw.translucent && img.width * img.height > 96 * 96;
  const data = photo
    ? await pipeline.removeAlpha().jpeg({ quality: 85, mozjpeg: true }).toBuffer()
    : await pipeline.png({ compressionLevel: 9 }).toBuffer();
  return { x: placement.x, y: placement.y, width: placement.width, height: placement.height, data: new Uint8Array(data), format: photo ? 'jpg' : 'png' };
}

/** pdf.js's decoded image kinds to 8-bit pixels sharp can read. */
function toRaw(img: PdfjsImage): { pixels: Buffer; channels: 1 | 3 | 4; translucent: boolean } | undefined {
  const { width, height, data } = img;
  if (!data) return undefined;
  if (img.kind === ImageKind.RGBA_32BPP && data.length >= width * height * 4) {
    let translucent = false;
    for (let i = 3; i < width * height * 4; i += 4) {
      if (data[i] < 250) {
        translucent = true;
        break;
      }
    }
    return { pixels: Buffer.from(data.buffer, data.byteOffset, width * height * 4), channels: 4, translucent };
  }
  if (img.kind === ImageKind.RGB_24BPP && data.length >= width * height * 3) {
    return { pixels: Buffer.from(data.buffer, data.byteOffset, width * height * 3), channels: 3, translucent: false };
  }
  if (img.kind === ImageKind.GRAYSCALE_1BPP) {
    // One bit per pixel, rows padded to whole bytes; pdf.js paints a set bit white.
    const rowBytes = (width + 7) >> 3;
    if (data.length < rowBytes * height) return undefined;
    const pixels = Buffer.alloc(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) pixels[y * width + x] = data[y * rowBytes + (x >> 3)] & (0x80 >> (x & 7)) ? 255 : 0;
    }
    return { pixels, channels: 1, translucent: false };
  }
  return undefined;
}
