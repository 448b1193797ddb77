import type { OcrEngineKind } from '#shared/env';
import { AppError } from '#shared/errors';

/** A box in the pixels of the recognised image, origin top-left. */
export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrWord {
  text: string;
  /** 0–100. */
  confidence: number;
  box: PixelBox;
}

export interface OcrLine {
  words: OcrWord[];
  box: PixelBox;
  /** The line's baseline, from its left end to its right end. */
  baseline: PixelBox;
  /** Height of the line's letters from ascender to descender, in pixels. */
  rowHeight: number;
}

export interface OcrParagraph {
  lines: OcrLine[];
  box: PixelBox;
}

export interface OcrPage {
  /** Size of the recognised image, in pixels. */
  width: number;
  height: number;
  /** Mean word confidence, 0–100. */
  confidence: number;
  text: string;
  paragraphs: OcrParagraph[];
  /** A one-page PDF holding only the invisible text, the size of the image at the given dpi. */
  textPdf?: Uint8Array;
}

/** The task an engine works for: its abort signal, and the folder its files for a page go in. */
export interface EngineUse {
  signal: AbortSignal;
  workDir: string;
}

export interface RecogniseOptions {
  /** The image's resolution: it sets the size of the text PDF and keeps Tesseract from guessing it. */
  dpi: number;
  textPdf: boolean;
  onProgress?: (fraction: number) => void;
}

/**
 * Tesseract reading one set of languages, native or in WebAssembly: both give hOCR, read by one
 * module (hocr.ts). An engine answers to one task at a time (`use`), so one kept warm in the pool
 * serves one task after another. A page that overruns its limit, an abort of the task, or a crash
 * fails the page with TASK_FAILED and the engine with it: the pool replaces a failed engine.
 */
export interface OcrEngine {
  readonly kind: OcrEngineKind;
  /** The languages it reads, as Tesseract names them ("eng+fra"). */
  readonly languages: string;
  /** True once it recognises nothing more (crashed, timed out, aborted or stopped). */
  readonly failed: boolean;
  /** Works for `task` from now on; without one the engine is idle and keeps nothing running. */
  use(task?: EngineUse): void;
  /** Recognises one grey image (PNG or binary PGM bytes, see `greyPgm`). */
  recognise(image: Buffer, opts: RecogniseOptions): Promise<OcrPage>;
  /** Stops the engine; safe to call more than once. */
  stop(): Promise<void>;
}

export interface EngineStart extends EngineUse {
  /** The longest one page may take (PAGE_TIMEOUT_MS by default). */
  pageTimeoutMs?: number;
}

/** Longest a single page may take; a stuck recognition is stopped rather than left to the task limit. */
export const PAGE_TIMEOUT_MS = 180_000;

const MB = 1024 * 1024;
/**
 * Resident memory one engine holds once it has read a full page. tesseract.js's WebAssembly heap
 * grows to the largest page and never shrinks (about 220 MB after a 300 dpi letter page); a native
 * Tesseract lives for one page and holds its models and that page (60 MB for English, measured).
 */
export const ENGINE_BYTES: Record<OcrEngineKind, number> = { wasm: 250 * MB, native: 150 * MB };

/**
 * Raw 8-bit grey pixels as a binary PGM, which Leptonica reads without decompressing anything: no
 * PNG to deflate in Node and inflate again in Tesseract.
 */
export function greyPgm(pixels: Uint8Array, width: number, height: number): Buffer {
  if (pixels.length !== width * height)
    throw new AppError('TASK_FAILED', `OCR input: ${pixels.length} bytes for ${width}x${height} grey pixels`);
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), pixels]);
}

/** Width and height from a PNG's IHDR chunk or a binary PGM's header. */
export function imageSize(image: Buffer): { width: number; height: number } {
  if (image.length >= 24 && image.toString('latin1', 12, 16) === 'IHDR')
    return { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
  const pgm = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.toString('latin1', 0, 40));
  if (pgm) return { width: Number(pgm[1]), height: Number(pgm[2]) };
  throw new AppError('TASK_FAILED', 'OCR input is neither a PNG nor a grey PGM');
}
