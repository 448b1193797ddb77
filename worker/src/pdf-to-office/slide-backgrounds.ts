import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { renderPagesWithoutText } from '../engines/ghostscript';
import type { ImageBox, PageLayout } from './types';

/**
 * Slide backgrounds for the PowerPoint writer: PDF pages drawn by Ghostscript without their text
 * (drawings, pictures, shading and rules stay; the text goes in text boxes over them).
 */

/** Sharp enough for pictures and thin rules on a projector, light enough for a deck of a hundred slides. */
const DPI = 150;
/** No background is larger than this (a poster page at 150 dpi would be hundreds of millions of pixels). */
const MAX_PIXELS = 12_000_000;
/** Longest side of a background, in pixels: JPEG stops at 65,535, and a ribbon-shaped page (1 × 14,400 pt) must still fit. */
const MAX_SIDE = 16_000;
/** Pages per Ghostscript call: its start-up is paid once per call; progress is reported per call. */
const PAGES_PER_CALL = 10;
/** A render whose every pixel is at least this light is blank paper: the slide needs no picture. */
const BLANK = 250;

export interface BackgroundPage {
  /** 1-based page number in the PDF. */
  number: number;
  /** Displayed size in points. */
  width: number;
  height: number;
}

/**
 * Each page rendered without its text, by page number; a page that is blank paper without its
 * text has none.
 */
export async function renderBackgrounds(
  pdfPath: string,
  pages: readonly BackgroundPage[],
  opts: { workDir: string; signal?: AbortSignal; onPages?(done: number, total: number): void | Promise<void> },
): Promise<Map<number, Pick<ImageBox, 'data' | 'format'>>> {
  const out = new Map<number, Pick<ImageBox, 'data' | 'format'>>();
  let done = 0;
  for (const group of callGroups(pages)) {
    const dir = await mkdtemp(path.join(opts.workDir, 'backgrounds-'));
    try {
      const files = await renderPagesWithoutText(pdfPath, dir, { first: group.pages[0].number, last: group.pages.at(-1)!.number, dpi: group.dpi, signal: opts.signal });
      for (const [i, page] of group.pages.entries()) {
        const file = files[i];
        const image = file ? await encodeBackground(await readFile(file)) : undefined;
        if (image) out.set(page.number, image);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    done += group.pages.length;
    await opts.onPages?.(done, pages.length);
  }
  return out;
}

/** Sets the background of these pages of a layout (1-based numbers) to the page rendered without its text. */
export async function addPageBackgrounds(
  pdfPath: string,
  pages: ReadonlyArray<{ number: number; layout: PageLayout }>,
  opts: { workDir: string; signal?: AbortSignal },
): Promise<void> {
  const images = await renderBackgrounds(pdfPath, pages.map((p) => ({ number: p.number, width: p.layout.width, height: p.layout.height })), opts);
  for (const { number, layout } of pages) {
    const image = images.get(number);
    if (image) layout.background = { x: 0, y: 0, width: layout.width, height: layout.height, ...image };
  }
}

/** Runs of consecutive pages rendered at the same resolution, at most PAGES_PER_CALL long. */
function callGroups(pages: readonly BackgroundPage[]): Array<{ dpi: number; pages: BackgroundPage[] }> {
  const groups: Array<{ dpi: number; pages: BackgroundPage[] }> = [];
  for (const page of pages) {
    const area = Math.max(1, page.width * page.height);
    const dpi = Math.max(1, Math.min(DPI, Math.floor(72 * Math.sqrt(MAX_PIXELS / area)), Math.floor((72 * MAX_SIDE) / Math.max(page.width, page.height))));
    const last = groups.at(-1);
    if (last && last.dpi === dpi && last.pages.length < PAGES_PER_CALL && last.pages.at(-1)!.number === page.number - 1) last.pages.push(page);
    else groups.push({ dpi, pages: [page] });
  }
  return groups;
}

/**
 * A background image, a PNG, as it is or as a JPEG when that is smaller (photographs, scans);
 * undefined when the image is blank paper.
 */
export async function encodeBackground(png: Buffer): Promise<Pick<ImageBox, 'data' | 'format'> | undefined> {
  const { channels } = await sharp(png).stats();
  if (channels.every((c) => c.min >= BLANK)) return undefined;
  const jpg = await sharp(png).jpeg({ quality: 85 }).toBuffer();
  return png.length <= jpg.length ? { data: new Uint8Array(png), format: 'png' } : { data: new Uint8Array(jpg), format: 'jpg' };
}
