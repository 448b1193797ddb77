import { readFile } from 'node:fs/promises';

/** Margins of a page as displayed, in points from each edge. */
export interface Margins {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A grey level darker than this is ink; paper that is nearly white (a scan's background) is not. */
const INK_BELOW = 235;

/**
 * The white margins of a page rendered as binary PGM at `dpi`: the distance from each edge to the
 * first pixel of ink, in points. Undefined for a blank page, which has nothing to trim to.
 */
export async function whiteMargins(pgmFile: string, dpi: number): Promise<Margins | undefined> {
  const { width, height, pixels } = readPgm(await readFile(pgmFile));
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (pixels[row + x] >= INK_BELOW) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      maxY = y;
    }
  }
  if (maxX < 0) return undefined;
  const pt = 72 / dpi;
  return { left: minX * pt, top: minY * pt, right: (width - 1 - maxX) * pt, bottom: (height - 1 - maxY) * pt };
}

/** The header of a binary 8-bit PGM (P5), as pdftoppm writes it, and its pixels. */
function readPgm(bytes: Buffer): { width: number; height: number; pixels: Buffer } {
  const fields: string[] = [];
  let at = 2;
  while (fields.length < 3) {
    while (/\s/.test(String.fromCharCode(bytes[at]))) at++;
    const start = at;
    while (!/\s/.test(String.fromCharCode(bytes[at]))) at++;
    fields.push(bytes.toString('latin1', start, at));
  }
  if (bytes.toString('latin1', 0, 2) !== 'P5' || fields[2] !== '255') throw new Error('pdftoppm wrote no 8-bit PGM');
  const [width, height] = fields.map(Number);
  return { width, height, pixels: bytes.subarray(at + 1, at + 1 + width * height) };
}
