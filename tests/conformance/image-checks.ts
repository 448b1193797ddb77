import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { renderPage } from '../../worker/src/engines/poppler';

/** Checks on PDFs made from images and web pages: page sizes, embedded images, rendered pixels. */

/** Width and height of every page, in points. */
export async function pageSizes(file: string): Promise<Array<{ width: number; height: number }>> {
  const doc = await PDFDocument.load(fs.readFileSync(file), { updateMetadata: false });
  return doc.getPages().map((p) => p.getSize());
}

export interface EmbeddedImage {
  page: number;
  width: number;
  height: number;
  color: string;
  encoding: string;
  /** Object number of the image stream. */
  object: number;
  smask: boolean;
}

/** The images pdfimages finds, in page order. */
export function embeddedImages(file: string): EmbeddedImage[] {
  const out = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return out
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => line.trim().split(/\s+/))
    .map((c) => ({
      page: Number(c[0]),
      width: Number(c[3]),
      height: Number(c[4]),
      color: c[5],
      encoding: c[8],
      object: Number(c[10]),
      smask: c[2] === 'smask',
    }));
}

/** The bytes of a stream exactly as stored in the file (no filter undone). */
export function rawStream(file: string, object: number): Buffer {
  return execFileSync('qpdf', [`--show-object=${object}`, '--raw-stream-data', file], { maxBuffer: 256 << 20 });
}

export interface Pixels {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel. */
  data: Buffer;
}

/** A page rendered by poppler at `dpi`, as RGB pixels. */
export async function renderedPage(file: string, page: number, workDir: string, dpi = 20): Promise<Pixels> {
  const png = await renderPage(file, path.join(workDir, `render-${page}`), { page, dpi, format: 'png' });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/**
 * An image (a sharp pipeline) scaled to a size, as RGB pixels over white. The pipeline is run first:
 * sharp keeps one setting per operation, so a second resize or flatten would replace the caller's.
 */
export async function imagePixels(image: sharp.Sharp, width: number, height: number): Promise<Pixels> {
  const { data, info } = await sharp(await image.png().toBuffer())
    .flatten({ background: '#ffffff' })
    .resize(width, height, { fit: 'fill' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** Mean absolute difference per channel (0–255) of two images of the same size. */
export function meanDifference(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height) return 255;
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / a.data.length;
}

/** How the rendered page compares with the expected picture and with a wrong one (e.g. unrotated). */
export async function compareRendering(pdf: string, page: number, workDir: string, expected: sharp.Sharp, wrong?: sharp.Sharp) {
  const rendered = await renderedPage(pdf, page, workDir);
  const right = meanDifference(rendered, await imagePixels(expected, rendered.width, rendered.height));
  const other = wrong ? meanDifference(rendered, await imagePixels(wrong, rendered.width, rendered.height)) : undefined;
  return { right, wrong: other };
}

/** Share of pixels close to an RGB colour. */
export function shareOfColor(pixels: Pixels, [r, g, b]: [number, number, number], tolerance = 60): number {
  let hits = 0;
  for (let i = 0; i < pixels.data.length; i += 3) {
    if (Math.abs(pixels.data[i] - r) + Math.abs(pixels.data[i + 1] - g) + Math.abs(pixels.data[i + 2] - b) <= tolerance) hits++;
  }
  return hits / (pixels.data.length / 3);
}

/**
 * Share of pixels that differ (any channel by more than `tolerance`) between the renders of the same
 * page of two PDFs at `dpi`: 0 for pages that look the same; 1 when their sizes differ.
 */
export async function differingPixelShare(a: string, b: string, page: number, workDir: string, dpi = 50, tolerance = 48): Promise<number> {
  const dirs = [path.join(workDir, 'render-a'), path.join(workDir, 'render-b')];
  dirs.forEach((dir) => fs.mkdirSync(dir, { recursive: true }));
  const [pa, pb] = await Promise.all([renderedPage(a, page, dirs[0], dpi), renderedPage(b, page, dirs[1], dpi)]);
  if (pa.width !== pb.width || pa.height !== pb.height) return 1;
  let differing = 0;
  for (let i = 0; i < pa.data.length; i += 3) {
    if ([0, 1, 2].some((c) => Math.abs(pa.data[i + c] - pb.data[i + c]) > tolerance)) differing++;
  }
  return differing / (pa.data.length / 3);
}
