import { AppError } from '#shared/errors';

/** Decoded pixels, top row first, 3 (RGB) or 4 (RGBA) bytes per pixel. */
export interface BmpImage {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Buffer;
  /** Horizontal resolution in dots per inch, when the file gives one. */
  dpi?: number;
}

const BI_RGB = 0;
const BI_RLE8 = 1;
const BI_RLE4 = 2;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

const damaged = (why: string) => new AppError('IMAGE_DAMAGED', `BMP: ${why}`);

/** Value of a channel under a bit mask, scaled to 0–255. */
function channel(pixel: number, mask: number): number {
  if (mask === 0) return 0;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const max = mask >>> shift;
  return Math.round((((pixel & mask) >>> shift) * 255) / max);
}

/**
 * Decodes a Windows or OS/2 bitmap: 1, 4, 8 bits with a palette (also RLE8 / RLE4), 16 and 32 bits
 * with or without bit masks, 24 bits. sharp's prebuilt libvips has no BMP loader, and BMP is simple
 * enough not to pull in another dependency. JPEG- or PNG-compressed BMPs (printer formats) are refused.
 */
export function decodeBmp(buf: Buffer, maxPixels: number): BmpImage {
  if (buf.length < 26 || buf.toString('latin1', 0, 2) !== 'BM') throw new AppError('UNSUPPORTED_TYPE', 'not a BMP');
  const dataOffset = buf.readUInt32LE(10);
  const headerSize = buf.readUInt32LE(14);
  const core = headerSize === 12;
  if (!core && (headerSize < 40 || buf.length < 14 + headerSize)) throw damaged(`header of ${headerSize} bytes`);
  const width = core ? buf.readUInt16LE(18) : buf.readInt32LE(18);
  const rawHeight = core ? buf.readInt16LE(20) : buf.readInt32LE(22);
  const bpp = core ? buf.readUInt16LE(24) : buf.readUInt16LE(28);
  const compression = core ? BI_RGB : buf.readUInt32LE(30);
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) throw damaged(`size ${width}x${rawHeight}`);
  if (width * height > maxPixels) throw new AppError('IMAGE_TOO_LARGE', `BMP of ${width}x${height} pixels`);
  const ppm = core ? 0 : buf.readInt32LE(38);
  const dpi = ppm > 0 ? Math.round(ppm * 0.0254) : undefined;

  // Bit masks: inside V2+ headers, or right after a 40-byte header.
  let masks = { r: 0, g: 0, b: 0, a: 0 };
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    const at = 54;
    if (buf.length < at + 12) throw damaged('bit masks missing');
    masks = { r: buf.readUInt32LE(at), g: buf.readUInt32LE(at + 4), b: buf.readUInt32LE(at + 8), a: 0 };
    if (headerSize >= 56 || compression === BI_ALPHABITFIELDS) masks.a = buf.length >= at + 16 ? buf.readUInt32LE(at + 12) : 0;
  } else if (bpp === 16) {
    masks = { r: 0x7c00, g: 0x03e0, b: 0x001f, a: 0 };
  } else if (bpp === 32) {
    masks = { r: 0x00ff0000, g: 0x0000ff00, b: 0x000000ff, a: 0 };
  }
  if (![BI_RGB, BI_RLE8, BI_RLE4, BI_BITFIELDS, BI_ALPHABITFIELDS].includes(compression)) {
    throw new AppError('UNSUPPORTED_TYPE', `BMP compression ${compression}`);
  }

  // The palette follows the header (and the masks of a 40-byte BITFIELDS header).
  let palette: Array<[number, number, number]> = [];
  if (bpp <= 8) {
    const entrySize = core ? 3 : 4;
    const paletteAt = 14 + headerSize + (headerSize === 40 && compression === BI_BITFIELDS ? 12 : 0);
    const used = core ? 0 : buf.readUInt32LE(46);
    const count = Math.min(used || 2 ** bpp, 2 ** bpp, Math.floor((dataOffset - paletteAt) / entrySize));
    if (count <= 0) throw damaged('no palette');
    palette = Array.from({ length: count }, (_, i) => {
      const at = paletteAt + i * entrySize;
      return [buf[at + 2], buf[at + 1], buf[at]];
    });
  }

  const channels: 3 | 4 = masks.a !== 0 && (bpp === 16 || bpp === 32) ? 4 : 3;
  const out = Buffer.alloc(width * height * channels, 0xff);
  const put = (x: number, fileRow: number, r: number, g: number, b: number, a = 255) => {
    const y = topDown ? fileRow : height - 1 - fileRow;
    const at = (y * width + x) * channels;
    out[at] = r;
    out[at + 1] = g;
    out[at + 2] = b;
    if (channels === 4) out[at + 3] = a;
  };
  const paletteColor = (index: number) => palette[index] ?? palette[0];

  if (compression === BI_RLE8 || compression === BI_RLE4) {
    decodeRle(buf, dataOffset, width, height, compression === BI_RLE4, (x, row, index) => put(x, row, ...paletteColor(index)));
    return { width, height, channels, data: out, dpi };
  }

  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) throw new AppError('UNSUPPORTED_TYPE', `BMP of ${bpp} bits per pixel`);
  if (dataOffset + stride * height > buf.length) throw damaged('pixel data truncated');
  for (let row = 0; row < height; row++) {
    const base = dataOffset + row * stride;
    for (let x = 0; x < width; x++) {
      if (bpp <= 8) {
        const bit = x * bpp;
        const index = (buf[base + (bit >> 3)] >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        put(x, row, ...paletteColor(index));
      } else if (bpp === 24) {
        const at = base + x * 3;
        put(x, row, buf[at + 2], buf[at + 1], buf[at]);
      } else {
        const pixel = bpp === 16 ? buf.readUInt16LE(base + x * 2) : buf.readUInt32LE(base + x * 4);
        put(x, row, channel(pixel, masks.r), channel(pixel, masks.g), channel(pixel, masks.b), masks.a ? channel(pixel, masks.a) : 255);
      }
    }
  }
  return { width, height, channels, data: out, dpi };
}

/** Run-length decoding of BI_RLE8 / BI_RLE4 into palette indexes; rows count from the bottom. */
function decodeRle(buf: Buffer, at: number, width: number, height: number, nibbles: boolean, put: (x: number, row: number, index: number) => void) {
  let x = 0;
  let row = 0;
  const emit = (index: number) => {
    if (x < width && row < height) put(x, row, index);
    x++;
  };
  while (at + 1 < buf.length && row < height) {
    const count = buf[at];
    const value = buf[at + 1];
    at += 2;
    if (count > 0) {
      for (let i = 0; i < count; i++) emit(nibbles ? (i % 2 === 0 ? value >> 4 : value & 0x0f) : value);
    } else if (value === 0) {
      x = 0;
      row++;
    } else if (value === 1) {
      return;
    } else if (value === 2) {
      x += buf[at];
      row += buf[at + 1];
      at += 2;
    } else {
      // Absolute run of `value` pixels, padded to a 16-bit boundary.
      const bytes = nibbles ? Math.ceil(value / 2) : value;
      for (let i = 0; i < value; i++) emit(nibbles ? (i % 2 === 0 ? buf[at + (i >> 1)] >> 4 : buf[at + (i >> 1)] & 0x0f) : buf[at + i]);
      at += bytes + (bytes % 2);
    }
  }
}
