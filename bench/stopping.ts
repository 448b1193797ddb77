import fs from 'node:fs/promises';
import path from 'node:path';
import { SofficePool, sofficePoolConfig } from '../worker/src/engines/soffice-pool';
import type { OcrEngine } from '../worker/src/ocr/ocr-engine';
import { ocrEngineKind, startOcrEngine } from '../worker/src/ocr/start-engine';
import { fixture } from '../tests/support/fixtures';
import { median, runProcessor, scratchDir, secs, table, timed } from './lib';

const RUNS = Number(process.env.BENCH_STOP_RUNS ?? 3);

/** Work prepared (untimed) with the signal that stops it; `work` is what the clock measures. */
interface Prepared {
  work: () => Promise<unknown>;
  cleanUp?: () => Promise<void>;
}

interface StopCase {
  name: string;
  /** How the work is stopped, as the row says it. */
  stop: string;
  /** Seconds after the start when the stop comes: the abort, or the time limit the work was given. */
  stopAt: number;
  /** Sets the work up; abort cases hand `signal` to it, time-limit cases give it `stopAt` instead. */
  prepare: (signal: AbortSignal, dir: string) => Promise<Prepared>;
  /** The same work left to finish, for the baseline. */
  prepareFinished: (dir: string) => Promise<Prepared>;
}

/** Seconds from the start of the work to its failure; the signal is aborted `stopAt` seconds in. */
async function secondsToFail(c: StopCase, dir: string): Promise<number> {
  const controller = new AbortController();
  const { work, cleanUp } = await c.prepare(controller.signal, dir);
  const timer = setTimeout(() => controller.abort(new Error('bench: task aborted')), c.stopAt * 1000);
  try {
    const { seconds, result } = await timed(() => work().then(() => 'finished' as const, () => 'failed' as const));
    if (result === 'finished') throw new Error(`${c.name}: finished instead of stopping at ${c.stop}`);
    return seconds;
  } finally {
    clearTimeout(timer);
    await cleanUp?.();
  }
}

async function secondsToFinish(c: StopCase, dir: string): Promise<number> {
  const { work, cleanUp } = await c.prepareFinished(dir);
  try {
    return (await timed(work)).seconds;
  } finally {
    await cleanUp?.();
  }
}

const workDir = (dir: string, label: string) => fs.mkdtemp(path.join(dir, `${label}-`));

/**
 * How soon a task stops once it is aborted or runs out of time, beside the time the same work takes
 * left to finish, measured in the same run. The tests check that a stopped task fails with the right
 * error and leaves nothing running; how fast it stops is measured here, where a loaded machine does
 * not fail a build. Each case is the work of one test in tests/conformance/engines.test.ts,
 * tests/unit/soffice-pool.test.ts or tests/conformance/ocr-engine.test.ts.
 */
export async function stoppingBench(): Promise<string> {
  const dir = await scratchDir('stopping');
  const pool = new SofficePool({ ...sofficePoolConfig(), SOFFICE_POOL_SIZE: 1 });
  const onePage = fixture('office/pypdf_source.odt');
  const handbook = fixture('office/unstructured_handbook-872p.docx');
  const scanPage = await fs.readFile(fixture('scanned/ocrmypdf_linn.png'));
  /** The pool's instance is warm before the clock starts (a killed one is replaced by the next conversion). */
  const warmPool = async () => {
    await pool.convert({ input: onePage, output: path.join(dir, 'warm.pdf') }, { timeoutMs: 120_000 });
  };
  const ocrEngine = async (signal: AbortSignal, pageTimeoutMs?: number): Promise<OcrEngine> =>
    startOcrEngine(await ocrEngineKind(undefined), ['eng'], { workDir: await workDir(dir, 'ocr'), signal, pageTimeoutMs });
  const recognise = (engine: OcrEngine) => engine.recognise(scanPage, { dpi: 300, textPdf: false });

  const cases: StopCase[] = [
    {
      name: 'Compress PDF (high), 65-page report',
      stop: 'abort at 0.5 s',
      stopAt: 0.5,
      prepare: async (signal, d) => {
        const target = await workDir(d, 'compress');
        return { work: () => runProcessor('compress-pdf', [fixture('pdf/plumber_chelsea_pdta.pdf')], { compress: 'high' }, target, signal) };
      },
      prepareFinished: async (d) => {
        const target = await workDir(d, 'compress');
        return { work: () => runProcessor('compress-pdf', [fixture('pdf/plumber_chelsea_pdta.pdf')], { compress: 'high' }, target) };
      },
    },
    {
      name: 'Office to PDF, warm pool, ~470-page handbook',
      stop: 'abort at 1 s',
      stopAt: 1,
      prepare: async (signal) => {
        await warmPool();
        return { work: () => pool.convert({ input: handbook, output: path.join(dir, 'handbook.pdf') }, { timeoutMs: 120_000, signal }) };
      },
      prepareFinished: async () => {
        await warmPool();
        return { work: () => pool.convert({ input: handbook, output: path.join(dir, 'handbook.pdf') }, { timeoutMs: 120_000 }) };
      },
    },
    {
      name: 'OCR engine, one 300 dpi page',
      stop: 'abort at 0.3 s',
      stopAt: 0.3,
      prepare: async (signal) => {
        const engine = await ocrEngine(signal);
        return { work: () => recognise(engine), cleanUp: () => engine.stop() };
      },
      prepareFinished: async () => {
        const engine = await ocrEngine(new AbortController().signal);
        return { work: () => recognise(engine), cleanUp: () => engine.stop() };
      },
    },
    {
      name: 'OCR engine, one 300 dpi page',
      stop: 'page time limit 0.3 s',
      stopAt: 0.3,
      prepare: async () => {
        const engine = await ocrEngine(new AbortController().signal, 300);
        return { work: () => recognise(engine), cleanUp: () => engine.stop() };
      },
      prepareFinished: async () => {
        const engine = await ocrEngine(new AbortController().signal);
        return { work: () => recognise(engine), cleanUp: () => engine.stop() };
      },
    },
    {
      name: 'PDF OCR task, skewed JBIG2 scan',
      stop: 'abort at 2 s',
      stopAt: 2,
      prepare: async (signal, d) => {
        const target = await workDir(d, 'pdf-ocr');
        return { work: () => runProcessor('pdf-ocr', [fixture('scanned/ocrmypdf_skew.pdf')], {}, target, signal) };
      },
      prepareFinished: async (d) => {
        const target = await workDir(d, 'pdf-ocr');
        return { work: () => runProcessor('pdf-ocr', [fixture('scanned/ocrmypdf_skew.pdf')], {}, target) };
      },
    },
  ];

  const rows: string[][] = [];
  try {
    for (const c of cases) {
      const failed: number[] = [];
      for (let i = 0; i < RUNS; i++) failed.push(await secondsToFail(c, dir));
      const finished = await secondsToFinish(c, dir);
      rows.push([c.name, c.stop, secs(median(failed)), secs(Math.max(...failed)), secs(median(failed) - c.stopAt), secs(finished)]);
      console.error(`stopping: ${c.name}, ${c.stop} done`);
    }
  } finally {
    await pool.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
  return [
    '## Stopping: aborted and timed-out tasks',
    '',
    `Each task started ${RUNS} times and stopped (an abort through its signal, or the time limit it was given),`,
    'then once left to finish, in the same run. "Failed after" counts from the start of the work (engines',
    'and pools already warm); "after the stop" is the median less the moment the stop came.',
    '',
    table(['work', 'stop', 'failed after (median)', 'failed after (max)', 'after the stop', 'left to finish'], rows),
  ].join('\n');
}
