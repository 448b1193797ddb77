import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import {
  PDFDocument,
  PDFName,
  type PDFRef,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import sharp from 'sharp';
import type { z } from 'zod';
import { AppError, isAppError } from '#shared/errors';
import type { imageToPdfOptions } from '#shared/tools/jpg-to-pdf';
import { decodeBmp } from './bmp-decode';
import { fileStem } from '../inputs/pdf-input';
import type { InputFile, ProcessorContext, ProcessorResult } from '../contract/processor';
import { readHead } from '#shared/server/read-head';

export type ImageToPdfOptions = z.output<ReturnType<typeof imageToPdfOptions>>;

/** Decoding limit per image (a 10,000 × 10,000 photo); sharp's own default is 268 MP. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** sharp's words (and the BMP decoder's) for an image past MAX_IMAGE_PIXELS. */
export const PIXEL_LIMIT = /pixel limit/i;
/** The largest page side PDF readers accept (200 inches) and the smallest (3 points). */
const MAX_PAGE_PT = 14_400;
const MIN_PAGE_PT = 3;
/** Resolution assumed for an image that states none, or an implausible one: 1 pixel = 1 point. */
const DEFAULT_DPI = 72;
/** The photo presets are pixel sizes at 300 dpi, so their pages come out at the real photo size. */
const PHOTO_PRESETS: Record<string, { width: number; height: number; dpi: number }> = {
  '295x413': { width: 295, height: 413, dpi: 300 },
  '413x579': { width: 413, height: 579, dpi: 300 },
};
const JPEG_QUALITY = 90;
/** Paper sizes in points, portrait, and the margins in points (10 mm and 20 mm). */
const PAPER: Record<Exclude<ImageToPdfOptions['pagesize'], 'image'>, [number, number]> = { a4: [595.28, 841.89], letter: [612, 792] };
const MARGIN_PT: Record<ImageToPdfOptions['margin'], number> = { none: 0, small: 28.35, big: 56.69 };

/** Formats sharp decodes here; BMP is decoded by our own reader. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'bmp';

interface Source {
  input: InputFile;
  format: ImageFormat;
  /** Pages (TIFF) or frames (GIF, WebP) in the file. */
  pages: number;
  /** A fresh sharp pipeline for one page or frame. */
  open(page: number): sharp.Sharp;
  meta(page: number): Promise<sharp.Metadata>;
  /** The file's bytes, kept for JPEG pass-through. */
  bytes?: Buffer;
  bmpDpi?: number;
}

/** An image embedded in the document, with what placing it on a page needs. */
interface Embedded {
  ref: PDFRef;
  /** Stored pixel size, before EXIF orientation. */
  width: number;
  height: number;
  /** EXIF orientation (1–8) still to apply when drawing; 1 when the pixels are upright. */
  orientation: number;
  dpi: number;
}

const SHARP_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff']);

/** Opens an input by its content (never its name): which format, how many pages, how to decode. */
async function openSource(input: InputFile, allowed: ReadonlySet<ImageFormat>): Promise<Source> {
  const head = await readHead(input.path, 16);
  if (head.toString('latin1', 0, 2) === 'BM' && allowed.has('bmp')) {
    const bmp = decodeBmp(await readFile(input.path), MAX_IMAGE_PIXELS);
    const raw = { width: bmp.width, height: bmp.height, channels: bmp.channels };
    return {
      input,
      format: 'bmp',
      pages: 1,
      open: () => sharp(bmp.data, { raw }),
      meta: () => sharp(bmp.data, { raw }).metadata(),
      bmpDpi: bmp.dpi,
    };
  }
  // A truncated or corrupt image fails to decode rather than coming out half grey.
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' as const };
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input.path, options).metadata();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    throw new AppError(PIXEL_LIMIT.test(message) ? 'IMAGE_TOO_LARGE' : 'UNSUPPORTED_TYPE', `${input.name}: ${message}`);
  }
  const format = meta.format as ImageFormat;
  // HEIC decodes to metadata only: the prebuilt libvips has no HEVC decoder.
  if (!SHARP_FORMATS.has(meta.format ?? '') || !allowed.has(format)) throw new AppError('UNSUPPORTED_TYPE', `${input.name}: ${meta.format}`);
  return {
    input,
    format,
    pages: meta.pages ?? 1,
    open: (page) => sharp(input.path, { ...options, page }),
    meta: (page) => (page === 0 ? Promise.resolve(meta) : sharp(input.path, { ...options, page }).metadata()),
    bytes: format === 'jpeg' ? await readFile(input.path) : undefined,
  };
}

/** Which pages or frames become PDF pages: every TIFF page; GIF / WebP frames as the user chose. */
function pagesOf(source: Source, frames: ImageToPdfOptions['frames']): number[] {
  const all = Array.from({ length: source.pages }, (_, i) => i);
  if (source.format === 'tiff') return all;
  return frames === 'all' ? all : [0];
}

function dpiOf(density: number | undefined): number {
  return density !== undefined && density >= 50 && density <= 2400 ? density : DEFAULT_DPI;
}

/**
 * The frame of a JPEG a PDF reader can decode as it is (DCTDecode): baseline, extended or
 * progressive Huffman, 8 bits, grey or YCbCr/RGB. Null for anything else (CMYK, arithmetic coding,
 * lossless, 12-bit), which is re-encoded instead.
 */
export function passThroughJpeg(bytes: Uint8Array): { width: number; height: number; components: 1 | 3 } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) return null;
    const marker = bytes[pos + 1];
    if (marker === 0xff) {
      pos += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      pos += 2;
      continue;
    }
    const length = (bytes[pos + 2] << 8) | bytes[pos + 3];
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (marker > 0xc2 || pos + 10 > bytes.length) return null;
      const precision = bytes[pos + 4];
      const height = (bytes[pos + 5] << 8) | bytes[pos + 6];
      const width = (bytes[pos + 7] << 8) | bytes[pos + 8];
      const components = bytes[pos + 9];
      if (precision !== 8 || height === 0 || width === 0 || (components !== 1 && components !== 3)) return null;
      return { width, height, components };
    }
    if (marker === 0xda || marker === 0xd9) return null;
    pos += 2 + length;
  }
  return null;
}

/** The ICC profile of a pass-through JPEG as an ICCBased colour space, when it matches the pixels. */
function iccColorSpace(doc: PDFDocument, icc: Buffer | undefined, components: 1 | 3) {
  const space = icc && icc.length > 128 ? icc.toString('latin1', 16, 20) : '';
  if ((components === 3 && space !== 'RGB ') || (components === 1 && space !== 'GRAY')) return components === 3 ? 'DeviceRGB' : 'DeviceGray';
  const profile = doc.context.register(doc.context.flateStream(icc!, { N: components }));
  return doc.context.obj([PDFName.of('ICCBased'), profile]);
}

function embedJpeg(doc: PDFDocument, bytes: Buffer, frame: { width: number; height: number; components: 1 | 3 }, icc?: Buffer): PDFRef {
  const stream = doc.context.stream(bytes, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: frame.width,
    Height: frame.height,
    BitsPerComponent: 8,
    ColorSpace: iccColorSpace(doc, icc, frame.components),
    Filter: 'DCTDecode',
  });
  return doc.context.register(stream);
}

/** Streams a pipeline's raw pixels through zlib, so a large image is never held uncompressed. */
async function deflatedPixels(image: sharp.Sharp, signal: AbortSignal): Promise<{ data: Buffer; info: sharp.OutputInfo }> {
  let info: sharp.OutputInfo | undefined;
  image.once('info', (i: sharp.OutputInfo) => (info = i));
  const chunks: Buffer[] = [];
  await pipeline(
    image.raw({ depth: 'uchar' }),
    zlib.createDeflate({ level: 6 }),
    async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) chunks.push(chunk);
    },
    { signal },
  );
  if (!info) throw new AppError('TASK_FAILED', 'sharp reported no output size');
  return { data: Buffer.concat(chunks), info };
}

function resizeFor(options: ImageToPdfOptions): sharp.ResizeOptions | undefined {
  if (options.resize === 'original') return undefined;
  if (options.resize === '1024' || options.resize === '480') return { width: Number(options.resize) };
  const box = PHOTO_PRESETS[options.resize] ?? { width: options.width!, height: options.height! };
  return { width: box.width, height: box.height, fit: 'cover', position: 'centre' };
}

/** Embeds one page or frame: the JPEG itself when it can be, else pixels from sharp. */
async function embedImage(doc: PDFDocument, source: Source, page: number, options: ImageToPdfOptions, signal: AbortSignal): Promise<Embedded> {
  const meta = await source.meta(page);
  const dpi = PHOTO_PRESETS[options.resize]?.dpi ?? dpiOf(source.bmpDpi ?? meta.density);
  const frame = source.bytes && options.resize === 'original' ? passThroughJpeg(source.bytes) : null;
  if (source.bytes && frame) {
    // Decoded once anyway (cheaply: libjpeg scales down while decoding), so a truncated file is
    // refused instead of being passed on to every reader.
    await source.open(page).resize({ width: 64 }).raw().toBuffer();
    // Not re-encoded: EXIF orientation becomes the drawing matrix, so even a turned photo stays lossless.
    return { ref: embedJpeg(doc, source.bytes, frame, meta.icc), width: frame.width, height: frame.height, orientation: meta.orientation ?? 1, dpi };
  }

  const grey = meta.channels !== undefined && meta.channels <= 2 && meta.space !== 'cmyk';
  let image = source.open(page).rotate(); // EXIF orientation applied to the pixels
  const resize = resizeFor(options);
  if (resize) image = image.resize(resize);
  image = image.flatten({ background: '#ffffff' }).toColourspace(grey ? 'b-w' : 'srgb');

  if (source.format === 'jpeg') {
    // A JPEG that has to be re-encoded stays a JPEG: lossless pixels of a lossy photo only weigh more.
    const { data, info } = await image.jpeg({ quality: JPEG_QUALITY }).toBuffer({ resolveWithObject: true });
    const encoded = passThroughJpeg(data);
    if (!encoded) throw new AppError('TASK_FAILED', 'sharp wrote a JPEG we cannot embed');
    return { ref: embedJpeg(doc, data, encoded), width: info.width, height: info.height, orientation: 1, dpi };
  }
  const { data, info } = await deflatedPixels(image, signal);
  if (info.channels !== 1 && info.channels !== 3) throw new AppError('TASK_FAILED', `${info.channels} channels after flattening`);
  const stream = doc.context.stream(data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: info.width,
    Height: info.height,
    BitsPerComponent: 8,
    ColorSpace: info.channels === 1 ? 'DeviceGray' : 'DeviceRGB',
    Filter: 'FlateDecode',
  });
  return { ref: doc.context.register(stream), width: info.width, height: info.height, orientation: 1, dpi };
}

/**
 * Where the image's unit square goes on a W × H page for each EXIF orientation: 2 mirrors, 3 turns
 * 180°, 4 flips, 5 transposes, 6 turns 90° clockwise, 7 transverses, 8 turns 90° anticlockwise.
 */
export function orientationMatrix(orientation: number, w: number, h: number): [number, number, number, number, number, number] {
  switch (orientation) {
    case 2:
      return [-w, 0, 0, h, w, 0];
    case 3:
      return [-w, 0, 0, -h, w, h];
    case 4:
      return [w, 0, 0, -h, 0, h];
    case 5:
      return [0, -h, -w, 0, w, h];
    case 6:
      return [0, -h, w, 0, 0, h];
    case 7:
      return [0, h, w, 0, 0, 0];
    case 8:
      return [0, h, -w, 0, w, 0];
    default:
      return [w, 0, 0, h, 0, 0];
  }
}

/**
 * A page showing the image upright: the size of the image at its resolution (within what PDF readers
 * accept), or a sheet of paper — landscape for a wide image — with the image scaled to fit inside
 * the margins, centred.
 */
function addImagePage(doc: PDFDocument, image: Embedded, options: Pick<ImageToPdfOptions, 'pagesize' | 'margin'>) {
  const sideways = image.orientation >= 5 && image.orientation <= 8;
  const [pxW, pxH] = sideways ? [image.height, image.width] : [image.width, image.height];
  let scale = 72 / image.dpi;
  scale = Math.max(scale, MIN_PAGE_PT / Math.min(pxW, pxH));
  scale = Math.min(scale, MAX_PAGE_PT / Math.max(pxW, pxH));
  let [w, h] = [pxW * scale, pxH * scale];
  let [pageW, pageH, x, y] = [w, h, 0, 0];
  if (options.pagesize !== 'image') {
    const [short, long] = PAPER[options.pagesize];
    [pageW, pageH] = w > h ? [long, short] : [short, long];
    const margin = MARGIN_PT[options.margin];
    const fit = Math.min((pageW - 2 * margin) / w, (pageH - 2 * margin) / h);
    [w, h] = [w * fit, h * fit];
    [x, y] = [(pageW - w) / 2, (pageH - h) / 2];
  }
  const page = doc.addPage([pageW, pageH]);
  const name = page.node.newXObject('Im', image.ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(1, 0, 0, 1, x, y),
    concatTransformationMatrix(...orientationMatrix(image.orientation, w, h)),
    drawObject(name),
    popGraphicsState(),
  );
}

function throwIfAborted(signal: AbortSignal) {
  if (signal.aborted) throw new AppError('TASK_FAILED', 'aborted');
}

/** Download names, one per output; a repeated name gets "-2", "-3"… so a zip keeps every file. */
function uniqueNames(stems: string[]): string[] {
  const seen = new Map<string, number>();
  return stems.map((stem) => {
    const n = (seen.get(stem) ?? 0) + 1;
    seen.set(stem, n);
    return `${stem}${n > 1 ? `-${n}` : ''}.pdf`;
  });
}

/**
 * Images to PDF with sharp (pixels) and pdf-lib (assembly), in the order of the inputs: one PDF, or
 * one per input when `merge` is false. The shared work of JPG to PDF and GIF to PDF.
 */
export async function imagesToPdf(
  ctx: Omit<ProcessorContext<ImageToPdfOptions>, 'config'>,
  allowed: ReadonlySet<ImageFormat>,
): Promise<ProcessorResult> {
  throwIfAborted(ctx.signal);
  if (ctx.inputs.length === 0) throw new AppError('ILLEGAL_INPUT', 'no image');
  const docs: Array<{ doc: PDFDocument; stem: string }> = [];
  try {
    for (const [i, input] of ctx.inputs.entries()) {
      const source = await openSource(input, allowed);
      if (ctx.options.merge === false || docs.length === 0) {
        const doc = await PDFDocument.create({ updateMetadata: false });
        doc.setProducer('Sheaf');
        docs.push({ doc, stem: fileStem(input.name) });
      }
      const { doc } = docs[docs.length - 1];
      for (const page of pagesOf(source, ctx.options.frames)) {
        throwIfAborted(ctx.signal);
        addImagePage(doc, await embedImage(doc, source, page, ctx.options, ctx.signal), ctx.options);
      }
      await ctx.progress((0.9 * (i + 1)) / ctx.inputs.length);
    }
  } catch (e) {
    if (isAppError(e)) throw e;
    throwIfAborted(ctx.signal);
    // A file-system error is the machine's, not the image's: let the worker retry it.
    if ((e as NodeJS.ErrnoException).syscall) throw e;
    const message = e instanceof Error ? e.message : String(e);
    throw new AppError(PIXEL_LIMIT.test(message) ? 'IMAGE_TOO_LARGE' : 'IMAGE_DAMAGED', `image: ${message}`);
  }

  const names = uniqueNames(docs.map((d) => d.stem));
  const outputs = [];
  for (const [i, { doc }] of docs.entries()) {
    throwIfAborted(ctx.signal);
    const file = path.join(ctx.workDir, `images-${i + 1}.pdf`);
    await writeFile(file, await doc.save());
    outputs.push({ path: file, name: names[i] });
  }
  return { outputs };
}
