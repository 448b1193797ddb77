import { describe, expect, it } from 'vitest';
import { decodeBmp } from '../../worker/src/images/bmp-decode';

/** A 5 × 3 picture (odd width, so rows need padding) in four colours, top row first. */
const COLORS: Array<[number, number, number]> = [
  [255, 0, 0],
  [0, 255, 0],
  [0, 0, 255],
  [255, 255, 255],
];
const W = 5;
const H = 3;
const INDEX = [
  [0, 1, 2, 3, 0],
  [1, 2, 3, 0, 1],
  [3, 3, 0, 0, 2],
];
const expectedRgb = Buffer.from(INDEX.flat().flatMap((i) => COLORS[i]));

interface BmpParts {
  bpp: number;
  compression?: number;
  /** Pixel rows in file order (bottom row first unless topDown). */
  rows: Buffer[];
  palette?: Array<[number, number, number]>;
  masks?: number[];
  headerSize?: number;
  topDown?: boolean;
  ppm?: number;
}

/** Writes a BMP from its parts: file header, info header (40 or V4), masks, palette, padded rows. */
function bmp(p: BmpParts): Buffer {
  const headerSize = p.headerSize ?? 40;
  const masksAfterHeader = headerSize === 40 && p.masks ? p.masks.length * 4 : 0;
  const palette = Buffer.from((p.palette ?? []).flatMap(([r, g, b]) => [b, g, r, 0]));
  const stride = p.compression === 1 || p.compression === 2 ? 0 : Math.floor((p.bpp * W + 31) / 32) * 4;
  const pixels = Buffer.concat(p.rows.map((r) => (stride ? Buffer.concat([r, Buffer.alloc(stride - r.length)]) : r)));
  const offset = 14 + headerSize + masksAfterHeader + palette.length;
  const header = Buffer.alloc(14 + headerSize + masksAfterHeader);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(offset + pixels.length, 2);
  header.writeUInt32LE(offset, 10);
  header.writeUInt32LE(headerSize, 14);
  header.writeInt32LE(W, 18);
  header.writeInt32LE(p.topDown ? -H : H, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(p.bpp, 28);
  header.writeUInt32LE(p.compression ?? 0, 30);
  header.writeInt32LE(p.ppm ?? 0, 38);
  header.writeUInt32LE(p.palette?.length ?? 0, 46);
  (p.masks ?? []).forEach((m, i) => header.writeUInt32LE(m, 54 + i * 4));
  return Buffer.concat([header, palette, pixels]);
}

/** File order of the rows: bottom first. */
const fileRows = (make: (row: number[]) => Buffer, topDown = false) => {
  const rows = INDEX.map(make);
  return topDown ? rows : rows.reverse();
};
const packed = (bits: number) => (row: number[]) => {
  const out = Buffer.alloc(Math.ceil((row.length * bits) / 8));
  row.forEach((index, x) => (out[(x * bits) >> 3] |= index << (8 - bits - ((x * bits) & 7))));
  return out;
};

describe('decodeBmp', () => {
  it.each([
    ['24-bit, bottom-up', bmp({ bpp: 24, rows: fileRows((r) => Buffer.from(r.flatMap((i) => [...COLORS[i]].reverse()))) })],
    ['24-bit, top-down', bmp({ bpp: 24, topDown: true, rows: fileRows((r) => Buffer.from(r.flatMap((i) => [...COLORS[i]].reverse())), true) })],
    ['32-bit BI_RGB (the fourth byte is not alpha)', bmp({ bpp: 32, rows: fileRows((r) => Buffer.from(r.flatMap((i) => [...[...COLORS[i]].reverse(), 0]))) })],
    [
      '16-bit 5-5-5',
      bmp({
        bpp: 16,
        rows: fileRows((r) => {
          const out = Buffer.alloc(r.length * 2);
          r.forEach((i, x) => out.writeUInt16LE(((COLORS[i][0] >> 3) << 10) | ((COLORS[i][1] >> 3) << 5) | (COLORS[i][2] >> 3), x * 2));
          return out;
        }),
      }),
    ],
    [
      '16-bit 5-6-5 bit fields',
      bmp({
        bpp: 16,
        compression: 3,
        masks: [0xf800, 0x07e0, 0x001f],
        rows: fileRows((r) => {
          const out = Buffer.alloc(r.length * 2);
          r.forEach((i, x) => out.writeUInt16LE(((COLORS[i][0] >> 3) << 11) | ((COLORS[i][1] >> 2) << 5) | (COLORS[i][2] >> 3), x * 2));
          return out;
        }),
      }),
    ],
    ['8-bit palette', bmp({ bpp: 8, palette: COLORS, rows: fileRows((r) => Buffer.from(r)) })],
    ['4-bit palette', bmp({ bpp: 4, palette: COLORS, rows: fileRows(packed(4)) })],
    [
      '1-bit palette (two colours: white where the picture is white, red elsewhere)',
      bmp({ bpp: 1, palette: [COLORS[0], COLORS[3]], rows: fileRows((r) => packed(1)(r.map((i) => (i === 3 ? 1 : 0)))) }),
      Buffer.from(INDEX.flat().flatMap((i) => (i === 3 ? COLORS[3] : COLORS[0]))),
    ],
    [
      'RLE8',
      bmp({
        bpp: 8,
        compression: 1,
        palette: COLORS,
        // Bottom row as an absolute run, the middle row as encoded runs, the top row mixed; then end of bitmap.
        rows: [
          Buffer.from([0, 5, ...INDEX[2], 0, 0, 0]),
          Buffer.from([1, 1, 1, 2, 1, 3, 1, 0, 1, 1, 0, 0]),
          Buffer.from([1, 0, 1, 1, 1, 2, 1, 3, 1, 0, 0, 0, 0, 1]),
        ],
      }),
    ],
    [
      'RLE4',
      bmp({
        bpp: 4,
        compression: 2,
        palette: COLORS,
        // Bottom row as runs, the middle row as an absolute run (padded), the top row as runs; then end of bitmap.
        rows: [
          Buffer.from([2, 0x33, 2, 0x00, 1, 0x20, 0, 0]),
          Buffer.from([0, 5, 0x12, 0x30, 0x10, 0x00, 0, 0]),
          Buffer.from([2, 0x01, 2, 0x23, 1, 0x00, 0, 1]),
        ],
      }),
    ],
  ])('reads %s', (_name, file, expected = expectedRgb) => {
    const image = decodeBmp(file, 1e6);
    expect({ width: image.width, height: image.height, channels: image.channels }).toEqual({ width: W, height: H, channels: 3 });
    expect([...image.data]).toEqual([...expected]);
  });

  it('reads 32-bit pixels with an alpha mask (V4 header) as RGBA', () => {
    const rows = fileRows((r) => Buffer.from(r.flatMap((i, x) => [...[...COLORS[i]].reverse(), x * 60])));
    const image = decodeBmp(bmp({ bpp: 32, compression: 3, headerSize: 108, masks: [0xff0000, 0xff00, 0xff, 0xff000000], rows }), 1e6);
    expect(image.channels).toBe(4);
    expect([...image.data.subarray(0, 8)]).toEqual([255, 0, 0, 0, 0, 255, 0, 60]);
  });

  it('reads the resolution', () => {
    const file = bmp({ bpp: 8, palette: COLORS, ppm: 11811, rows: fileRows((r) => Buffer.from(r)) });
    expect(decodeBmp(file, 1e6).dpi).toBe(300);
  });

  it('refuses JPEG-compressed bitmaps with UNSUPPORTED_TYPE', () => {
    expect(() => decodeBmp(bmp({ bpp: 24, compression: 4, rows: [] }), 1e6)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_TYPE' }));
  });

  it('refuses truncated pixel data with IMAGE_DAMAGED', () => {
    const file = bmp({ bpp: 24, rows: fileRows((r) => Buffer.from(r.flatMap((i) => COLORS[i]))) });
    expect(() => decodeBmp(file.subarray(0, file.length - 10), 1e6)).toThrow(expect.objectContaining({ code: 'IMAGE_DAMAGED' }));
  });

  it('refuses a bitmap over the pixel limit before allocating it', () => {
    const file = bmp({ bpp: 24, rows: fileRows((r) => Buffer.from(r.flatMap((i) => COLORS[i]))) });
    expect(() => decodeBmp(file, 10)).toThrow(expect.objectContaining({ code: 'IMAGE_TOO_LARGE' }));
  });
});
