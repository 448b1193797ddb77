import { copyFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { z } from 'zod';
import { AppError } from '#shared/errors';
import jpgTool from '#shared/tools/pdf-to-jpg';
import { JPG_QUALITIES } from '#shared/tools/pdf-to-jpg';
import { mapLimit } from '#shared/map-limit';
import { encodeBmp } from '../images/bmp-encode';
import * as poppler from '../engines/poppler';
import { ENGINE_PARALLELISM } from '../engines/parallelism';
import { fileStem, preparePdf, singleInput, type PreparedPdf } from '../inputs/pdf-input';
import { defineProcessor, type OutputFile, type ProcessorContext } from '../contract/processor';

type JpgOptions = z.output<typeof jpgTool.options>;

/** One page of a poster at 300 dpi would be gigapixels: a page never exceeds this many pixels. */
const MAX_PAGE_PIXELS = 40_000_000;
/** All pages together stay under this (500 A4 pages at 150 dpi are about 1.1 billion pixels). */
const MAX_TOTAL_PIXELS = 2_500_000_000;
/** Pages per pdftoppm call: fewer re-parses of the document, progress still reported often. */
const PAGES_PER_CALL = 8;

/** PDF pages as pictures, or the pictures a PDF contains; several outputs come back as imageurls and a zip. */
const pdfToJpg = defineProcessor(jpgTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'jpg-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.05);
  const outputs =
    ctx.options.mode === 'images' ? await extractPictures(ctx, doc, dir, fileStem(input.name)) : await renderPages(ctx, doc, dir, fileStem(input.name));
  await ctx.progress(1);
  return { outputs };
});

const pad = (n: number, count: number) => String(n).padStart(String(count).length, '0');
const extensionOf = (outtype: JpgOptions['outtype'], keep: string) => (outtype === 'keep' ? keep : outtype);

/**
 * The resolution of each page: the one asked for, lowered for a page that would exceed
 * MAX_PAGE_PIXELS, and for every page when the whole document would exceed MAX_TOTAL_PIXELS.
 */
export function pageResolutions(boxes: readonly poppler.PageBox[], dpi: number): number[] {
  const pixelsAt = (box: poppler.PageBox, d: number) => ((box.width * d) / 72) * ((box.height * d) / 72);
  const each = boxes.map((box) => Math.min(dpi, Math.floor(dpi * Math.sqrt(MAX_PAGE_PIXELS / pixelsAt(box, dpi)))));
  const total = boxes.reduce((sum, box, i) => sum + pixelsAt(box, each[i]), 0);
  const scale = total > MAX_TOTAL_PIXELS ? Math.sqrt(MAX_TOTAL_PIXELS / total) : 1;
  return each.map((d) => Math.max(1, Math.floor(d * scale)));
}

async function renderPages(ctx: ProcessorContext<JpgOptions>, doc: PreparedPdf, dir: string, stem: string): Promise<OutputFile[]> {
  const { outtype } = ctx.options;
  const format: poppler.PagesFormat = outtype === 'png' ? 'png' : outtype === 'bmp' ? 'ppm' : 'jpeg';
  const ext = extensionOf(outtype, 'jpg');
  const dpis = pageResolutions(await poppler.pageBoxes(doc.path, ctx.signal), ctx.options.dpi);

  // Runs of consecutive pages at the same resolution, cut into calls of PAGES_PER_CALL pages.
  const calls: Array<{ first: number; last: number; dpi: number }> = [];
  dpis.forEach((dpi, i) => {
    const call = calls.at(-1);
    if (call && call.dpi === dpi && call.last === i && call.last - call.first + 1 < PAGES_PER_CALL) call.last = i + 1;
    else calls.push({ first: i + 1, last: i + 1, dpi });
  });

  let done = 0;
  const rendered = await mapLimit(calls, ENGINE_PARALLELISM, async (call, i) => {
    const callDir = await mkdtemp(path.join(dir, `pages-${i}-`));
    const files = await poppler.renderPages(doc.path, callDir, { ...call, format, jpegQuality: JPG_QUALITIES[ctx.options.quality], signal: ctx.signal });
    if (files.length !== call.last - call.first + 1) throw new AppError('TASK_FAILED', `pdftoppm wrote ${files.length} pages for ${call.first}-${call.last}`);
    const outputs: OutputFile[] = [];
    for (const [k, file] of files.entries()) {
      const page = call.first + k;
      const out = path.join(dir, `page-${page}.${ext}`);
      if (format === 'ppm') {
        await writeFile(out, encodeBmp({ ...readPpm(await readFile(file)), dpi: call.dpi }));
        await rm(file);
      } else {
        await rename(file, out);
      }
      outputs.push({ path: out, name: `${stem}-${pad(page, doc.pages)}.${ext}` });
    }
    await rm(callDir, { recursive: true, force: true });
    done += files.length;
    await ctx.progress(0.05 + (0.9 * done) / doc.pages);
    return outputs;
  });
  return rendered.flat();
}

/** Reads a binary PPM (P6, 8 bits), as pdftoppm writes it. */
function readPpm(buf: Buffer): { width: number; height: number; channels: 3; data: Uint8Array } {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(buf.subarray(0, 64).toString('latin1'));
  if (!header) throw new AppError('TASK_FAILED', 'pdftoppm wrote no P6 PPM');
  return { width: Number(header[1]), height: Number(header[2]), channels: 3, data: buf.subarray(header[0].length) };
}

/** A picture to hand back, and the soft mask that gives it transparency, if any. */
interface Picture {
  image: poppler.PdfImageInfo;
  mask?: poppler.PdfImageInfo;
}

/**
 * The pictures drawn on the pages, each once (a logo repeated on every page is one picture), in page
 * order. Soft masks are not pictures of their own: they become the transparency of their image.
 */
export function picturesOf(list: readonly poppler.PdfImageInfo[]): Picture[] {
  const seen = new Set<string>();
  const pictures: Picture[] = [];
  list.forEach((row, i) => {
    if (row.type !== 'image' && row.type !== 'stencil') return;
    if (row.object !== null) {
      if (seen.has(row.object)) return;
      seen.add(row.object);
    }
    const next = list[i + 1];
    pictures.push({ image: row, mask: next?.type === 'smask' && next.page === row.page ? next : undefined });
  });
  return pictures;
}

/** Extension of the file pdfimages writes for an image in `native` mode. */
const nativeExtension = (image: poppler.PdfImageInfo) => (image.encoding === 'jpeg' ? 'jpg' : image.encoding === 'jpx' ? 'jp2' : 'png');

async function extractPictures(ctx: ProcessorContext<JpgOptions>, doc: PreparedPdf, dir: string, stem: string): Promise<OutputFile[]> {
  const pictures = picturesOf(await poppler.listImages(doc.path, ctx.signal));
  if (pictures.length === 0) throw new AppError('NO_IMAGES', 'pdfimages lists no image');
  const { outtype } = ctx.options;
  // Stored bytes are handed back as they are whenever the format asked for is the stored one.
  const asStored = (p: Picture) => !p.mask && (outtype === 'keep' || (nativeExtension(p.image) === 'jpg' && (outtype === 'jpg' || outtype === 'jpeg')));
  const stored = pictures.some(asStored) ? await poppler.extractImages(doc.path, await mkdtemp(path.join(dir, 'native-')), { format: 'native', signal: ctx.signal }) : new Map<number, string>();
  await ctx.progress(0.3);
  const decoded = pictures.some((p) => !asStored(p)) ? await poppler.extractImages(doc.path, await mkdtemp(path.join(dir, 'png-')), { format: 'png', signal: ctx.signal }) : new Map<number, string>();
  await ctx.progress(0.5);

  const fileOf = (files: Map<number, string>, num: number) => {
    const file = files.get(num);
    if (!file) throw new AppError('TASK_FAILED', `pdfimages wrote no file for image ${num}`);
    return file;
  };
  let done = 0;
  return mapLimit(pictures, ENGINE_PARALLELISM, async (picture, i) => {
    const name = `${stem}-image-${pad(i + 1, pictures.length)}`;
    let out: string;
    if (asStored(picture)) {
      const file = fileOf(stored, picture.image.num);
      out = path.join(dir, `${name}.${outtype === 'jpeg' ? 'jpeg' : path.extname(file).slice(1)}`);
      await copyFile(file, out);
    } else {
      const file = fileOf(decoded, picture.image.num);
      const mask = picture.mask && decoded.get(picture.mask.num);
      const ext = outtype === 'keep' ? 'png' : outtype;
      out = path.join(dir, `${name}.${ext}`);
      await writeFile(out, await convertPicture(file, mask, ext, JPG_QUALITIES[ctx.options.quality]));
    }
    await ctx.progress(0.5 + (0.45 * ++done) / pictures.length);
    return { path: out, name: path.basename(out) };
  });
}

/** A decoded picture (PNG from pdfimages) in the format asked for, its soft mask as transparency. */
async function convertPicture(file: string, maskFile: string | undefined, ext: 'png' | 'jpg' | 'jpeg' | 'bmp', quality: number): Promise<Buffer> {
  let image = sharp(file);
  if (maskFile) {
    // Through raw pixels: on an encoded input sharp applies the colourspace after joining, losing the alpha.
    const rgb = await image.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = rgb.info;
    const alpha = await sharp(maskFile).greyscale().resize(width, height, { fit: 'fill' }).raw().toBuffer();
    image = sharp(rgb.data, { raw: { width, height, channels } }).joinChannel(alpha, { raw: { width, height, channels: 1 } });
  }
  if (ext === 'png') return image.png().toBuffer();
  // JPEG and BMP have no transparency: transparent parts show the white of a page.
  const flat = image.flatten({ background: '#ffffff' });
  if (ext === 'bmp') {
    const { data, info } = await flat.toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return encodeBmp({ width: info.width, height: info.height, channels: info.channels, data });
  }
  return flat.jpeg({ quality, mozjpeg: true }).toBuffer();
}

export default pdfToJpg;
