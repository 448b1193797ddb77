import { mkdir, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { AppError } from '#shared/errors';
import type { OcrLanguage } from '#shared/tools/pdf-ocr';
import { parseHocr } from './hocr';

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

/**
 * Tesseract data in the npm packages: the integer "best" LSTM models (the smaller files, and what
 * tesseract.js itself fetches for LSTM-only recognition). Each language lives in its own package,
 * while tesseract.js reads every language from one folder: a task links them into one of its own.
 */
const MODEL_VARIANT = '4.0.0_best_int';
/**
 * chi_sim's best_int model, when it leads a combination ("chi_sim+eng"), makes Tesseract look for
 * a language with a garbled name and drop the others; the standard model (4.0.0) does not.
 */
const variantOf = (lang: OcrLanguage, languages: readonly OcrLanguage[]) =>
  lang === 'chi_sim' && languages[0] === 'chi_sim' && languages.length > 1 ? '4.0.0' : MODEL_VARIANT;
const requireFromHere = createRequire(import.meta.url);

async function languageFolder(languages: readonly OcrLanguage[], workDir: string): Promise<string> {
  const dir = path.join(workDir, 'tessdata');
  await mkdir(dir, { recursive: true });
  for (const lang of languages) {
    const pkg = path.dirname(requireFromHere.resolve(`@tesseract.js-data/${lang}/package.json`));
    const model = path.join(pkg, variantOf(lang, languages), `${lang}.traineddata.gz`);
    await symlink(model, path.join(dir, `${lang}.traineddata.gz`)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
    });
  }
  return dir;
}

/** Longest a single page may take; a stuck recognition is stopped rather than left to the task limit. */
export const PAGE_TIMEOUT_MS = 180_000;
const START_TIMEOUT_MS = 60_000;

/** The worker thread tesseract.js runs Tesseract in (not part of its typings). */
interface WorkerThread {
  once(event: 'exit', cb: () => void): void;
  ref(): void;
  unref(): void;
}

const NEVER = new AbortController().signal;

/**
 * One tesseract.js worker (a worker thread running Tesseract in WebAssembly). Language data comes
 * from the npm packages on disk: the default CDN is never contacted. The engine answers to one
 * abort signal at a time (`use`: the task it is working for), so an engine kept warm in the pool
 * serves one task after another. A page that takes longer than PAGE_TIMEOUT_MS, an abort of the
 * task, or a crash of the thread terminates the worker and fails the page with TASK_FAILED.
 */
export class OcrEngine {
  private failure: AppError | undefined;
  private readonly pending = new Set<(e: AppError) => void>();
  private signal: AbortSignal = NEVER;

  private constructor(
    private readonly worker: Worker,
    /** The languages it reads, as Tesseract names them ("eng+fra"). */
    readonly languages: string,
    private readonly pageTimeoutMs: number,
    /** Where tesseract.js's progress messages for the page being recognised go. */
    private readonly progress: { report?: (fraction: number) => void },
  ) {
    // tesseract.js gives no way to cancel a recognition but killing its thread.
    this.thread?.once('exit', () => this.fail(new AppError('TASK_FAILED', 'tesseract worker thread exited')));
  }

  private get thread(): WorkerThread | undefined {
    return (this.worker as unknown as { worker?: WorkerThread }).worker;
  }

  private readonly onAbort = () => {
    this.fail(new AppError('TASK_FAILED', `OCR aborted: ${String(this.signal.reason)}`));
  };

  static async start(
    languages: readonly OcrLanguage[],
    opts: { workDir: string; signal: AbortSignal; pageTimeoutMs?: number },
  ): Promise<OcrEngine> {
    if (opts.signal.aborted) throw new AppError('TASK_FAILED', 'OCR not started: aborted');
    const langPath = await languageFolder(languages, opts.workDir);
    let worker: Worker | undefined;
    const progress: { report?: (fraction: number) => void } = {};
    const starting = createWorker([...languages], OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cacheMethod: 'none',
      logger: (m) => {
        if (m.status === 'recognizing text') progress.report?.(m.progress);
      },
      // Without a handler tesseract.js rethrows worker errors where nothing can catch them.
      errorHandler: () => undefined,
    }).then((w) => (worker = w));
    try {
      await withLimit(starting, START_TIMEOUT_MS, opts.signal, 'starting tesseract');
    } catch (e) {
      void starting.then(
        (w) => w.terminate(),
        () => undefined,
      );
      throw e;
    }
    const engine = new OcrEngine(worker!, languages.join('+'), opts.pageTimeoutMs ?? PAGE_TIMEOUT_MS, progress);
    engine.use(opts.signal);
    try {
      // Automatic page segmentation, as the tesseract command line does (the library defaults to one
      // block); Tesseract's diagnostics ("Detected 12 diacritics") go nowhere instead of to stdout.
      await engine.guard(
        () => worker!.setParameters({ tessedit_pageseg_mode: PSM.AUTO, debug_file: '/dev/null' }),
        START_TIMEOUT_MS,
        'configuring tesseract',
      );
    } catch (e) {
      await engine.stop();
      throw e;
    }
    return engine;
  }

  /** True once the worker is gone (crashed, timed out, aborted or stopped): it recognises nothing more. */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  /**
   * Answers to `signal` from now on (and no longer to the one before). Without one the engine is
   * idle: its thread no longer keeps the process alive.
   */
  use(signal?: AbortSignal): void {
    this.signal.removeEventListener('abort', this.onAbort);
    this.signal = signal ?? NEVER;
    if (signal) this.thread?.ref();
    else this.thread?.unref();
    if (this.signal.aborted) this.onAbort();
    else this.signal.addEventListener('abort', this.onAbort, { once: true });
  }

  /**
   * Recognises one grey image (PNG or binary PGM bytes, see `greyPgm`). `dpi` is the image's
   * resolution: it sets the size of the text PDF and keeps Tesseract from guessing it.
   */
  async recognise(image: Buffer, opts: { dpi: number; textPdf: boolean; onProgress?: (fraction: number) => void }): Promise<OcrPage> {
    const { width, height } = imageSize(image);
    this.progress.report = opts.onProgress;
    await this.guard(
      () => this.worker.setParameters({ user_defined_dpi: String(Math.round(opts.dpi)) }),
      START_TIMEOUT_MS,
      'configuring tesseract',
    );
    const { data } = await this.guard(
      () => this.worker.recognize(image, { pdfTextOnly: true }, { text: true, hocr: true, pdf: opts.textPdf }),
      this.pageTimeoutMs,
      'recognising a page',
    );
    this.progress.report = undefined;
    return {
      width,
      height,
      confidence: data.confidence,
      text: data.text,
      paragraphs: parseHocr(data.hocr ?? ''),
      textPdf: data.pdf ? Uint8Array.from(data.pdf) : undefined,
    };
  }

  /** Terminates the worker thread; safe to call more than once. */
  async stop(): Promise<void> {
    this.signal.removeEventListener('abort', this.onAbort);
    this.failure ??= new AppError('TASK_FAILED', 'tesseract stopped');
    await this.worker.terminate().catch(() => undefined);
  }

  private fail(error: AppError) {
    if (this.failure) return;
    this.failure = error;
    void this.worker.terminate().catch(() => undefined);
    for (const reject of this.pending) reject(error);
  }

  /**
   * Makes a call of the worker (unless the engine has failed: its thread is gone) and waits for it,
   * failing it when the engine fails or the call overruns.
   */
  private guard<T>(call: () => Promise<T>, timeoutMs: number, what: string): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const work = Promise.resolve().then(call);
    return new Promise<T>((resolve, reject) => {
      const onFail = (e: AppError) => reject(e);
      this.pending.add(onFail);
      const timer = setTimeout(
        () => this.fail(new AppError('TASK_FAILED', `tesseract timed out ${what} after ${timeoutMs} ms`)),
        timeoutMs,
      );
      work
        .then(
          (v) => resolve(v),
          (e: unknown) => reject(new AppError('TASK_FAILED', `tesseract failed ${what}: ${e instanceof Error ? e.message : String(e)}`)),
        )
        .finally(() => {
          clearTimeout(timer);
          this.pending.delete(onFail);
        });
    });
  }
}

/** Rejects when `work` takes longer than `ms` or the signal aborts; `work` itself keeps running. */
function withLimit<T>(work: Promise<T>, ms: number, signal: AbortSignal, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AppError('TASK_FAILED', `${what}: aborted`));
    const timer = setTimeout(() => reject(new AppError('TASK_FAILED', `${what}: timed out after ${ms} ms`)), ms);
    signal.addEventListener('abort', onAbort, { once: true });
    work
      .then(resolve, (e: unknown) => reject(new AppError('TASK_FAILED', `${what}: ${e instanceof Error ? e.message : String(e)}`)))
      .finally(() => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      });
  });
}

/**
 * Raw 8-bit grey pixels as a binary PGM, which Leptonica reads without decompressing anything: no
 * PNG to deflate in Node and inflate again in WebAssembly.
 */
export function greyPgm(pixels: Uint8Array, width: number, height: number): Buffer {
  if (pixels.length !== width * height)
    throw new AppError('TASK_FAILED', `OCR input: ${pixels.length} bytes for ${width}x${height} grey pixels`);
  return Buffer.concat([Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1'), pixels]);
}

/** Width and height from a PNG's IHDR chunk or a binary PGM's header. */
function imageSize(image: Buffer): { width: number; height: number } {
  if (image.length >= 24 && image.toString('latin1', 12, 16) === 'IHDR')
    return { width: image.readUInt32BE(16), height: image.readUInt32BE(20) };
  const pgm = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.toString('latin1', 0, 40));
  if (pgm) return { width: Number(pgm[1]), height: Number(pgm[2]) };
  throw new AppError('TASK_FAILED', 'OCR input is neither a PNG nor a grey PGM');
}
