import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/errors';
import type { OcrLanguage } from '#shared/tools/pdf-ocr';
import { runEngine } from '../engines/run';
import { parseHocr } from './hocr';
import { imageSize, PAGE_TIMEOUT_MS, type EngineStart, type EngineUse, type OcrEngine, type OcrPage, type RecogniseOptions } from './ocr-engine';
import { unpackedModels } from './tessdata';

/**
 * Address space one Tesseract may map: three languages on a 300 dpi letter page run in 300 MB
 * (measured); a larger page at the dpi ocr-rules allows needs a few times its pixels more.
 */
const MEMORY_MB = 1024;
/** A page killed for its time limit still has this long to be reported by our own timer first. */
const BACKSTOP_MS = 5000;

/**
 * Native Tesseract 5: one `tesseract` process per page, started like every other engine (runEngine:
 * time limit, address-space limit, its own process group; it inherits the task host's niceness and
 * counts in its memory). One thread each (OMP_THREAD_LIMIT=1): the pool runs one page per core, and
 * OpenMP's spinning threads only slow a busy machine down. It reads the models the project ships
 * (tessdata.ts), the ones tesseract.js reads, and writes hOCR, text and, when asked, a text-only PDF.
 * Nothing runs between pages, so an idle engine holds no memory.
 */
export class NativeOcrEngine implements OcrEngine {
  readonly kind = 'native';
  private failure: AppError | undefined;
  private task: EngineUse | undefined;

  private constructor(
    private readonly tessdata: string,
    readonly languages: string,
    private readonly pageTimeoutMs: number,
  ) {}

  static async start(languages: readonly OcrLanguage[], opts: EngineStart): Promise<NativeOcrEngine> {
    const engine = new NativeOcrEngine(await unpackedModels(languages), languages.join('+'), opts.pageTimeoutMs ?? PAGE_TIMEOUT_MS);
    engine.use(opts);
    return engine;
  }

  get failed(): boolean {
    return this.failure !== undefined;
  }

  use(task?: EngineUse): void {
    this.task = task;
  }

  async recognise(image: Buffer, opts: RecogniseOptions): Promise<OcrPage> {
    if (this.failure) throw this.failure;
    const task = this.task;
    if (!task) throw new AppError('TASK_FAILED', 'tesseract: no task to work for');
    const { width, height } = imageSize(image);
    const dir = await mkdtemp(path.join(task.workDir, 'tesseract-'));
    // Our own timer, so a page over its limit is told from an aborted task.
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new Error('page time limit')), this.pageTimeoutMs);
    try {
      const input = path.join(dir, image.toString('latin1', 1, 4) === 'PNG' ? 'page.png' : 'page.pgm');
      await writeFile(input, image);
      const pdf = opts.textPdf ? ['-c', 'tessedit_create_pdf=1', '-c', 'textonly_pdf=1'] : [];
      const args = [input, path.join(dir, 'page'), '--tessdata-dir', this.tessdata, '-l', this.languages, '--psm', '3', '--dpi', String(Math.round(opts.dpi))];
      await runEngine('tesseract', [...args, '-c', 'tessedit_create_hocr=1', '-c', 'tessedit_create_txt=1', ...pdf], {
        timeoutMs: this.pageTimeoutMs + BACKSTOP_MS,
        signal: AbortSignal.any([task.signal, timeout.signal]),
        env: { OMP_THREAD_LIMIT: '1' },
        memoryMb: MEMORY_MB,
      });
      const [hocr, text, textPdf] = await Promise.all([
        readFile(path.join(dir, 'page.hocr'), 'utf8'),
        readFile(path.join(dir, 'page.txt'), 'utf8'),
        opts.textPdf ? readFile(path.join(dir, 'page.pdf')) : undefined,
      ]);
      const paragraphs = parseHocr(hocr);
      const words = paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words));
      // Tesseract's MeanTextConf: the plain mean of the word confidences.
      const confidence = words.length ? Math.floor(words.reduce((sum, w) => sum + w.confidence, 0) / words.length) : 0;
      opts.onProgress?.(1);
      return { width, height, confidence, text, paragraphs, textPdf: textPdf && new Uint8Array(textPdf) };
    } catch (e) {
      if (task.signal.aborted) this.failure = new AppError('TASK_FAILED', `OCR aborted: ${String(task.signal.reason)}`);
      else if (timeout.signal.aborted) this.failure = new AppError('TASK_FAILED', `tesseract timed out recognising a page after ${this.pageTimeoutMs} ms`);
      else this.failure = e instanceof AppError ? e : new AppError('TASK_FAILED', `tesseract failed: ${String(e)}`);
      throw this.failure;
    } finally {
      clearTimeout(timer);
      await rm(dir, { recursive: true, force: true });
    }
  }

  async stop(): Promise<void> {
    this.failure ??= new AppError('TASK_FAILED', 'tesseract stopped');
  }
}
