import sharp from 'sharp';
import type { PageRect } from '#shared/compare';
import type { PlacedWord } from './document-words';

/** Pages are compared at this resolution: a 2-point line still shows, and a page is 425 x 550 pixels. */
export const VISUAL_DPI = 50;
const SCALE = VISUAL_DPI / 72;

/** Grey levels apart before two pixels differ: antialiasing of the same drawing stays well within it. */
const PIXEL_THRESHOLD = 48;
/** Pixels per side of the cells differences are gathered in. */
const CELL = 6;
/** A region smaller than this many differing pixels is noise (a stray antialiased edge). */
const MIN_PIXELS = 12;
/** Word boxes are widened by this many points before masking: glyphs overhang their advance box a little. */
const WORD_PAD = 2;

export interface GreyPage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A rendered page as grey pixels. */
export async function readGrey(file: string): Promise<GreyPage> {
  const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height) };
}

/** A 16 x 16 grey thumbnail, to tell apart pages without words. */
export async function thumbOf(file: string): Promise<Uint8Array> {
  return new Uint8Array(await sharp(file).greyscale().resize(16, 16, { fit: 'fill' }).raw().toBuffer());
}

/**
 * Where two renderings of a matched page differ outside their words: pictures, drawings, a scanned
 * page. Text is left to the word comparison (a word changed shifts the rest of its line, which is no
 * picture change), so pixels under any word of either page are not compared.
 */
export function visualDifferences(before: GreyPage, after: GreyPage, words: readonly PlacedWord[]): Array<Omit<PageRect, 'page'>> {
  const width = Math.max(before.width, after.width);
  const height = Math.max(before.height, after.height);
  const masked = new Uint8Array(width * height);
  for (const w of words) {
    const x0 = Math.max(0, Math.floor((w.x0 - WORD_PAD) * SCALE));
    const x1 = Math.min(width, Math.ceil((w.x1 + WORD_PAD) * SCALE));
    const y0 = Math.max(0, Math.floor((w.y0 - WORD_PAD) * SCALE));
    const y1 = Math.min(height, Math.ceil((w.y1 + WORD_PAD) * SCALE));
    for (let y = y0; y < y1; y++) masked.fill(1, y * width + x0, y * width + x1);
  }
  // A page smaller than the other is white beyond its edge.
  const pixel = (p: GreyPage, x: number, y: number) => (x < p.width && y < p.height ? p.data[y * p.width + x] : 255);
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const cells = new Uint16Array(cols * rows);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (masked[y * width + x]) continue;
      if (Math.abs(pixel(before, x, y) - pixel(after, x, y)) > PIXEL_THRESHOLD) cells[Math.floor(y / CELL) * cols + Math.floor(x / CELL)]++;
    }
  return regions(cells, cols, rows)
    .filter((r) => r.pixels >= MIN_PIXELS)
    .map((r) => ({
      x0: (r.c0 * CELL) / SCALE,
      y0: (r.r0 * CELL) / SCALE,
      x1: Math.min(width, (r.c1 + 1) * CELL) / SCALE,
      y1: Math.min(height, (r.r1 + 1) * CELL) / SCALE,
    }));
}

/** Groups of touching cells (a gap of one cell still joins them), each with its extent and its count of differing pixels. */
function regions(cells: Uint16Array, cols: number, rows: number) {
  const seen = new Uint8Array(cells.length);
  const found: Array<{ c0: number; r0: number; c1: number; r1: number; pixels: number }> = [];
  for (let start = 0; start < cells.length; start++) {
    if (!cells[start] || seen[start]) continue;
    const region = { c0: cols, r0: rows, c1: 0, r1: 0, pixels: 0 };
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const at = stack.pop()!;
      const c = at % cols;
      const r = (at - c) / cols;
      region.c0 = Math.min(region.c0, c);
      region.c1 = Math.max(region.c1, c);
      region.r0 = Math.min(region.r0, r);
      region.r1 = Math.max(region.r1, r);
      region.pixels += cells[at];
      for (let dr = -2; dr <= 2; dr++)
        for (let dc = -2; dc <= 2; dc++) {
          const nr = r + dr;
          const nc = c + dc;
          if (nr < 0 || nc < 0 || nr >= rows || nc >= cols) continue;
          const next = nr * cols + nc;
          if (cells[next] && !seen[next]) {
            seen[next] = 1;
            stack.push(next);
          }
        }
    }
    found.push(region);
  }
  return found;
}
