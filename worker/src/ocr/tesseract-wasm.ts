import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { AppError } from '#shared/errors';
import type { OcrLanguage } from '#shared/tools/pdf-ocr';
import { parseHocr } from './hocr';
import { imageSize, PAGE_TIMEOUT_MS, type EngineStart, type EngineUse, type OcrEngine, type OcrPage, type RecogniseOptions } from './ocr-engine';
import { gzippedModels } from './tessdata';

const START_TIMEOUT_MS = 60_000;

/** The worker thread tesseract.js runs Tesseract in (not part of its typings). */
interface WorkerThread {
  once(event: 'exit', cb: () => void): void;
  ref(): void;
  unref(): void;
}

const NEVER = new AbortController().signal;

/**
 * One tesseract.js worker (a worker thread running Tesseract in WebAssembly), the engine where
 * native Tesseract is not installed. Language data comes from the npm packages on disk: the default
 * CDN is never contacted. A page that takes longer than PAGE_TIMEOUT_MS, an abort of the task, or a
 * crash of the thread terminates the worker and fails the page with TASK_FAILED.
 */
export class WasmOcrEngine implements OcrEngine {
  readonly kind = 'wasm';
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

  static async start(languages: readonly OcrLanguage[], opts: EngineStart): Promise<WasmOcrEngine> {
    const langPath = await gzippedModels(languages, opts.workDir);
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
    const engine = new WasmOcrEngine(worker!, languages.join('+'), opts.pageTimeoutMs ?? PAGE_TIMEOUT_MS, progress);
    engine.use(opts);
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

  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** Answers to the task's signal from now on; without a task its thread no longer keeps the process alive. */
  use(task?: EngineUse): void {
    const signal = task?.signal;
    this.signal.removeEventListener('abort', this.onAbort);
    this.signal = signal ?? NEVER;
    if (signal) this.thread?.ref();
    else this.thread?.unref();
    if (this.signal.aborted) this.onAbort();
    else this.signal.addEventListener('abort', this.onAbort, { once: true });
  }

  async recognise(image: Buffer, opts: RecogniseOptions): Promise<OcrPage> {
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
