import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from './run';

const TIMEOUT_MS = 120_000;

/** The text of a PDF (or of some pages), UTF-8, in poppler's reading order. */
export async function extractText(
  file: string,
  opts: { firstPage?: number; lastPage?: number; signal?: AbortSignal } = {},
): Promise<string> {
  const range = [...(opts.firstPage ? ['-f', String(opts.firstPage)] : []), ...(opts.lastPage ? ['-l', String(opts.lastPage)] : [])];
  const { stdout } = await runEngine('pdftotext', ['-q', '-enc', 'UTF-8', ...range, path.resolve(file), '-'], {
    timeoutMs: TIMEOUT_MS,
    signal: opts.signal,
  });
  return stdout;
}

export type RenderFormat = 'png' | 'jpeg' | 'gray';
const EXTENSION: Record<RenderFormat, string> = { png: 'png', jpeg: 'jpg', gray: 'pgm' };

/**
 * Renders one page (1-based) to `<outputBase>.<png|jpg|pgm>` and returns that path. `gray` writes
 * binary PGM, which is easy to read pixel by pixel.
 */
export async function renderPage(
  file: string,
  outputBase: string,
  opts: { page: number; dpi: number; format: RenderFormat; signal?: AbortSignal },
): Promise<string> {
  const page = String(opts.page);
  await runEngine(
    'pdftoppm',
    [`-${opts.format}`, '-r', String(opts.dpi), '-f', page, '-l', page, '-singlefile', path.resolve(file), path.resolve(outputBase)],
    { timeoutMs: TIMEOUT_MS, signal: opts.signal },
  );
  return `${path.resolve(outputBase)}.${EXTENSION[opts.format]}`;
}

/** A page's crop box in points (before its /Rotate) and its clockwise rotation. */
export interface PageBox {
  width: number;
  height: number;
  rotation: number;
}

/** The crop box and rotation of every page, from pdfinfo. */
export async function pageBoxes(file: string, signal?: AbortSignal): Promise<PageBox[]> {
  const { stdout } = await runEngine('pdfinfo', ['-f', '1', '-l', '2147483647', path.resolve(file)], { timeoutMs: TIMEOUT_MS, signal });
  const pages: PageBox[] = [];
  for (const m of stdout.matchAll(/^Page\s+(\d+)\s+size:\s+([\d.]+) x ([\d.]+)/gm)) pages[Number(m[1]) - 1] = { width: Number(m[2]), height: Number(m[3]), rotation: 0 };
  for (const m of stdout.matchAll(/^Page\s+(\d+)\s+rot:\s+(-?\d+)/gm)) {
    const page = pages[Number(m[1]) - 1];
    if (page) page.rotation = ((Number(m[2]) % 360) + 360) % 360;
  }
  return pages;
}

/** A box as pdfinfo prints it: [x0, y0, x1, y1] in points. */
export type Box = [number, number, number, number];

/** What a stamp needs of a page to land where it is seen: its boxes and its clockwise rotation. */
export interface PageFrameBoxes {
  media: Box;
  crop: Box;
  trim: Box;
  rotation: number;
}

/** Every page's media, crop and trim boxes (the crop box already clipped to the media box, as viewers show it) and rotation. */
export async function pageFrames(file: string, signal?: AbortSignal): Promise<PageFrameBoxes[]> {
  const { stdout } = await runEngine('pdfinfo', ['-box', '-f', '1', '-l', '2147483647', path.resolve(file)], { timeoutMs: TIMEOUT_MS, signal });
  const pages: PageFrameBoxes[] = [];
  const at = (n: string) => (pages[Number(n) - 1] ??= { media: [0, 0, 0, 0], crop: [0, 0, 0, 0], trim: [0, 0, 0, 0], rotation: 0 });
  for (const m of stdout.matchAll(/^Page\s+(\d+)\s+(MediaBox|CropBox|TrimBox):\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)/gm)) {
    const key = m[2] === 'MediaBox' ? 'media' : m[2] === 'CropBox' ? 'crop' : 'trim';
    at(m[1])[key] = [Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])];
  }
  for (const m of stdout.matchAll(/^Page\s+(\d+)\s+rot:\s+(-?\d+)/gm)) at(m[1]).rotation = ((Number(m[2]) % 360) + 360) % 360;
  return pages;
}

export type PagesFormat = 'jpeg' | 'png' | 'gray-png' | 'gray' | 'ppm';
const PAGES_FLAGS: Record<PagesFormat, { flags: string[]; ext: string }> = {
  jpeg: { flags: ['-jpeg'], ext: 'jpg' },
  png: { flags: ['-png'], ext: 'png' },
  'gray-png': { flags: ['-png', '-gray'], ext: 'png' },
  // Binary PGM: no compression, about ten times quicker to write than a PNG of a 300 dpi page.
  gray: { flags: ['-gray'], ext: 'pgm' },
  ppm: { flags: [], ext: 'ppm' },
};

/**
 * Renders pages `first`..`last` (1-based) of the crop box, as viewers show it, into `dir` (which
 * must hold nothing else) and returns the files in page order.
 */
export async function renderPages(
  file: string,
  dir: string,
  opts: { first: number; last: number; dpi: number; format: PagesFormat; jpegQuality?: number; signal?: AbortSignal },
): Promise<string[]> {
  const { flags, ext } = PAGES_FLAGS[opts.format];
  const jpeg = opts.format === 'jpeg' ? ['-jpegopt', `quality=${opts.jpegQuality ?? 85},optimize=y`] : [];
  const base = path.join(path.resolve(dir), 'p');
  await runEngine(
    'pdftoppm',
    [...flags, ...jpeg, '-cropbox', '-r', String(opts.dpi), '-f', String(opts.first), '-l', String(opts.last), path.resolve(file), base],
    { timeoutMs: TIMEOUT_MS * 5, signal: opts.signal },
  );
  return numberedFiles(dir, 'p', ext);
}

/** `<prefix>-<n>.<ext>` files of a directory, in numeric order (poppler pads n to varying widths). */
async function numberedFiles(dir: string, prefix: string, ext?: string): Promise<string[]> {
  const pattern = new RegExp(`^${prefix}-(\\d+)\\.${ext ?? '[a-z0-9]+'}$`);
  const names = (await readdir(dir)).filter((n) => pattern.test(n));
  const number = (n: string) => Number(pattern.exec(n)![1]);
  return names.sort((a, b) => number(a) - number(b)).map((n) => path.join(dir, n));
}

/** One row of `pdfimages -list`. */
export interface PdfImageInfo {
  page: number;
  /** Position in pdfimages' numbering, the number in its output file names. */
  num: number;
  type: 'image' | 'mask' | 'smask' | 'stencil';
  width: number;
  height: number;
  /** Encoding in the PDF: jpeg, jpx, jbig2, ccitt, image (Flate and the like)... */
  encoding: string;
  /** "12 0" for an image object, null for an inline image. */
  object: string | null;
  /** Resolution at which it is drawn on the page, pixels per inch. */
  xPpi: number;
  yPpi: number;
}

/** Every image drawn on the pages, with its soft mask right after it, as pdfimages lists them. */
export async function listImages(file: string, signal?: AbortSignal): Promise<PdfImageInfo[]> {
  const { stdout } = await runEngine('pdfimages', ['-list', path.resolve(file)], { timeoutMs: TIMEOUT_MS, signal });
  return stdout
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((c) => c.length >= 12)
    .map((c) => {
      // An inline image has "[inline]" where others have an object number and generation.
      const object = /^\d+$/.test(c[10]) && /^\d+$/.test(c[11]) ? `${c[10]} ${c[11]}` : null;
      const ppi = object ? 12 : 11;
      return {
        page: Number(c[0]),
        num: Number(c[1]),
        type: c[2] as PdfImageInfo['type'],
        width: Number(c[3]),
        height: Number(c[4]),
        encoding: c[8],
        object,
        xPpi: Number(c[ppi]),
        yPpi: Number(c[ppi + 1]),
      };
    });
}

/**
 * Writes every image (masks included) to `dir` as `i-<num>.<ext>` and returns the files by num.
 * `native` keeps JPEG and JPEG 2000 data as they are stored and writes the rest as PNG; `png`
 * decodes everything to PNG.
 */
export async function extractImages(file: string, dir: string, opts: { format: 'native' | 'png'; signal?: AbortSignal }): Promise<Map<number, string>> {
  const flags = opts.format === 'native' ? ['-j', '-jp2', '-png'] : ['-png'];
  await runEngine('pdfimages', [...flags, path.resolve(file), path.join(path.resolve(dir), 'i')], { timeoutMs: TIMEOUT_MS * 5, signal: opts.signal });
  const files = await numberedFiles(dir, 'i');
  return new Map(files.map((f) => [Number(/-(\d+)\.[a-z0-9]+$/.exec(f)![1]), f]));
}

/** Words with their boxes, grouped in lines, blocks and flows, as XHTML (`pdftotext -bbox-layout`) in `target`. */
export async function writeTextLayout(file: string, target: string, opts: { firstPage: number; lastPage: number; signal?: AbortSignal }): Promise<void> {
  await runEngine(
    'pdftotext',
    ['-q', '-enc', 'UTF-8', '-bbox-layout', '-f', String(opts.firstPage), '-l', String(opts.lastPage), path.resolve(file), path.resolve(target)],
    { timeoutMs: TIMEOUT_MS, signal: opts.signal },
  );
}
