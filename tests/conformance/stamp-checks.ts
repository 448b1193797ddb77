import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { expect } from 'vitest';
import { pageTexts, pdfFixture, words } from './pdf-checks';

/**
 * Fixtures and checks of the stamping tools (page numbers, watermark, header and footer): pages
 * turned and cropped every way a viewer shows them, and where a stamp landed on the rendered page.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-stamp-fixtures-'));
process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf').file;

/** Each page of TURNED: its /Rotate, and whether its crop box is a window away from the media box's corner. */
export const TURNED_PAGES = [
  { rotation: 0, offset: false },
  { rotation: 90, offset: false },
  { rotation: 180, offset: false },
  { rotation: 270, offset: false },
  { rotation: 0, offset: true },
  { rotation: 90, offset: true },
  { rotation: 270, offset: true },
] as const;

/** The crop box of the offset pages: [x, y, width, height] inside tracemonkey's 612 × 792 media box. */
export const OFFSET_CROP = [90, 160, 400, 480] as const;

/** Tracemonkey's first seven pages, turned and cropped as TURNED_PAGES says (rotations by qpdf, crop boxes by pdf-lib). */
export const turned: Promise<string> = (async () => {
  const rotated = path.join(dir, 'turned-rotations.pdf');
  const rotations = TURNED_PAGES.flatMap((p, i) => (p.rotation ? [`--rotate=+${p.rotation}:${i + 1}`] : []));
  execFileSync('qpdf', ['--empty', '--pages', tracemonkey, '1-7', '--', ...rotations, rotated]);
  const doc = await PDFDocument.load(fs.readFileSync(rotated));
  TURNED_PAGES.forEach((p, i) => p.offset && doc.getPage(i).setCropBox(...OFFSET_CROP));
  const target = path.join(dir, 'turned.pdf');
  fs.writeFileSync(target, await doc.save());
  expect(doc.getPages().map((p) => p.getRotation().angle % 360)).toEqual(TURNED_PAGES.map((p) => p.rotation));
  return target;
})();

/** `pages` pages cut from tracemonkey repeated (qpdf), for a stamp that must be stored once however many pages it marks. */
export function longPdf(pages: number): string {
  const target = path.join(dir, `long-${pages}.pdf`);
  const copies = Math.ceil(pages / 14);
  execFileSync('qpdf', ['--empty', '--pages', ...Array.from({ length: copies }, () => [tracemonkey, '1-z']).flat(), '--', `${target}.all.pdf`]);
  execFileSync('qpdf', ['--empty', '--pages', `${target}.all.pdf`, `1-${pages}`, '--', target]);
  return target;
}

/** The first `pages` pages of tracemonkey as a file of their own (qpdf). */
export function firstPages(pages: number, name: string): string {
  const target = path.join(dir, name);
  execFileSync('qpdf', ['--empty', '--pages', tracemonkey, `1-${pages}`, '--', target]);
  return target;
}

/** A picture of a known size and colour, for image watermarks: opaque blue, or with transparency. */
export async function picture(name: string, opts: { width: number; height: number; alpha: boolean }): Promise<string> {
  const target = path.join(dir, name);
  await sharp({ create: { width: opts.width, height: opts.height, channels: opts.alpha ? 4 : 3, background: opts.alpha ? { r: 20, g: 40, b: 200, alpha: 0.6 } : { r: 20, g: 40, b: 200 } } })
    .toFormat(name.endsWith('.png') ? 'png' : 'jpeg')
    .toFile(target);
  return target;
}

/** A page rendered as viewers show it: its crop box, turned by its /Rotate (pdftoppm -cropbox), as RGB pixels. */
async function shownPage(file: string, page: number, base: string) {
  execFileSync('pdftoppm', ['-cropbox', '-png', '-r', '36', '-f', String(page), '-l', String(page), '-singlefile', file, base]);
  const { data, info } = await sharp(`${base}.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A box on the shown page, as shares of its width and height, and the page's shown size in pixels. */
export interface ShownBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Width over height of the box itself, in pixels: above 1 for a line of text set upright. */
  aspect: number;
}

/** Where the output's rendering of a page (as viewers show it) differs from the input's; null where nothing changed. */
export async function changedBox(input: string, output: string, page: number, workDir: string): Promise<ShownBox | null> {
  const [a, b] = await Promise.all([shownPage(input, page, path.join(workDir, `in-${page}`)), shownPage(output, page, path.join(workDir, `out-${page}`))]);
  expect([b.width, b.height], `page ${page} keeps its visible size`).toEqual([a.width, a.height]);
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 3;
      if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]) < 90) continue;
      [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x + 1), Math.max(bottom, y + 1)];
    }
  }
  if (left === Infinity) return null;
  return { left: left / a.width, top: top / a.height, right: right / a.width, bottom: bottom / a.height, aspect: (right - left) / (bottom - top) };
}

/** The text of each page in the order the page draws it (pdftotext -raw): a stamp over the body's text reads as one line. */
export function drawnPageTexts(file: string): string[] {
  return execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 }).split('\f').slice(0, -1);
}

/** Every font of the file is embedded (pdffonts' "emb" column). */
export function expectFontsEmbedded(file: string): string[] {
  const rows = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  const names = rows.map((row) => row.split(/\s+/)[0]);
  // The columns end with emb, sub, uni, object number and generation.
  for (const row of rows) expect(row.trim().split(/\s+/).at(-5), `embedded: ${row}`).toBe('yes');
  return names;
}

/** The words of the input's pages are all still there: a stamp adds text, it never changes what the document says. */
export async function expectOriginalText(input: string, output: string): Promise<void> {
  const [before, after] = await Promise.all([pageTexts(input), pageTexts(output)]);
  expect(after).toHaveLength(before.length);
  before.forEach((text, i) => expect([...words(text)].filter((w) => !words(after[i]).has(w)), `words lost from page ${i + 1}`).toEqual([]));
}
