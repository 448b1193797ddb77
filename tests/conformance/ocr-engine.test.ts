import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportHostMetricsTo, type HostMetric } from '../../worker/src/engines/host-metrics';
import type { OcrEngine } from '../../worker/src/ocr/ocr-engine';
import { mapOnEngines, OcrPool, ocrPool } from '../../worker/src/ocr/ocr-pool';
import { ocrEngineKind, startOcrEngine } from '../../worker/src/ocr/start-engine';
import { unpackedModels } from '../../worker/src/ocr/tessdata';
import { fixture } from '../support/fixtures';
import { runTool, withRun } from './harness';

/**
 * The OCR engine's limits: what stops a recognition, and where its language data comes from. They
 * run on the engine this machine chooses (native Tesseract where it is installed); the last case
 * forces tesseract.js, the fallback.
 */
describe('OCR engine', () => {
  let workDir: string;
  let page: Buffer;
  let kind: Awaited<ReturnType<typeof ocrEngineKind>>;
  const start = (languages: Parameters<typeof startOcrEngine>[1], opts: Parameters<typeof startOcrEngine>[2]) => startOcrEngine(kind, languages, opts);
  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-ocr-engine-'));
    // A full 300 dpi page: several seconds of recognition.
    page = fs.readFileSync(fixture('scanned/ocrmypdf_linn.png'));
    kind = await ocrEngineKind(undefined);
  });
  afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

  it("gives native Tesseract the shipped best_int models, unpacked, and its own glyphless font", async () => {
    const dir = await unpackedModels(['eng', 'fra', 'chi_sim']);
    for (const lang of ['eng', 'fra', 'chi_sim']) {
      const shipped = fixture(`../../node_modules/@tesseract.js-data/${lang}/4.0.0_best_int/${lang}.traineddata.gz`);
      expect(fs.readFileSync(path.join(dir, `${lang}.traineddata`)).equals(gunzipSync(fs.readFileSync(shipped)))).toBe(true);
    }
    expect(fs.statSync(path.join(dir, 'pdf.ttf')).size).toBeGreaterThan(0);
  });

  it('reads English alongside Chinese when Chinese leads the languages', async () => {
    const engine = await start(['chi_sim', 'eng'], {
      workDir: fs.mkdtempSync(path.join(workDir, 'cjk-')),
      signal: new AbortController().signal,
    });
    try {
      const png = await sharp(fixture('scanned/tesseract_phototest.tif')).png().toBuffer();
      const text = (await engine.recognise(png, { dpi: 200, textPdf: false })).text;
      // Without English, Tesseract reads "alot of 12 point text".
      expect(text).toContain('This is a lot of 12 point text');
    } finally {
      await engine.stop();
    }
  });

  // How soon each of these stops is measured by `npm run bench -- stopping`, not asserted here.
  it('stops a recognition in progress when the task is aborted', async () => {
    const controller = new AbortController();
    const engine = await start(['eng'], { workDir, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('worker shutting down')), 300);
    await expect(engine.recognise(page, { dpi: 300, textPdf: false })).rejects.toMatchObject({ code: 'TASK_FAILED' });
    // The engine failed with its page: nothing more runs on it.
    await expect(engine.recognise(page, { dpi: 300, textPdf: false })).rejects.toMatchObject({ code: 'TASK_FAILED' });
    await engine.stop();
  });

  it('gives up on a page that takes longer than its limit', async () => {
    const engine = await start(['eng'], { workDir, signal: new AbortController().signal, pageTimeoutMs: 300 });
    const error = await engine.recognise(page, { dpi: 300, textPdf: false }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TASK_FAILED' });
    expect((error as { detail: string }).detail).toMatch(/timed out recognising a page/);
    await engine.stop();
  });

  it('fails a PDF OCR task when it is aborted mid-page', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('task time limit')), 2000);
    const error = await runTool('pdf-ocr', [fixture('scanned/ocrmypdf_skew.pdf')], {}, controller.signal).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TASK_FAILED' });
  });

  it('reads the pages of one document on two engines at once and keeps them in order', async () => {
    const pool = new OcrPool({ maxEngines: 2, memoryBytes: 2 ** 40, idleMs: 60_000, freeBytes: () => 2 ** 40 });
    const pages = await Promise.all(
      ['scanned/tesseract_eurotext.tif', 'scanned/tesseract_phototest.tif', 'scanned/tesseract_phototest.tif'].map((f) =>
        sharp(fixture(f)).png().toBuffer(),
      ),
    );
    const engines = new Set<OcrEngine>();
    let busy = 0;
    let mostBusy = 0;
    const finished: number[] = [];
    // The first page is handed back only once the second is done: read one after the other, they would wait for ever.
    let secondDone!: () => void;
    const second = new Promise<void>((resolve) => (secondDone = resolve));
    try {
      const texts = await mapOnEngines(
        pool,
        pages,
        { engine: kind, languages: ['eng'], workDir, signal: new AbortController().signal },
        async (engine, png, i) => {
          engines.add(engine);
          mostBusy = Math.max(mostBusy, ++busy);
          const text = (await engine.recognise(png, { dpi: 200, textPdf: false })).text;
          if (i === 0) await second;
          if (i === 1) secondDone();
          busy--;
          finished.push(i);
          return text;
        },
      );
      expect(mostBusy).toBe(2);
      expect(engines.size).toBe(2);
      expect(finished.indexOf(1)).toBeLessThan(finished.indexOf(0));
      expect(texts[0]).toContain('[brown] {fox} jumps');
      expect(texts[1]).toContain('This is a lot of 12 point text');
      expect(texts[2]).toContain('This is a lot of 12 point text');
    } finally {
      await pool.close();
    }
  });

  it('writes the text of a scanned PDF read on every engine in page order', async () => {
    // Two scanned pages, the longer first: with two engines the second is read while the first still is.
    const doc = await PDFDocument.create();
    for (const [file, dpi] of [
      ['scanned/tesseract_eurotext.tif', 300],
      ['scanned/tesseract_phototest.tif', 200],
    ] as const) {
      const { data, info } = await sharp(fixture(file)).png().toBuffer({ resolveWithObject: true });
      const image = await doc.embedPng(data);
      const [w, h] = [(info.width * 72) / dpi, (info.height * 72) / dpi];
      doc.addPage([w, h]).drawImage(image, { x: 0, y: 0, width: w, height: h });
    }
    const input = path.join(workDir, 'two-scans.pdf');
    fs.writeFileSync(input, await doc.save());
    ocrPool.configure({ maxEngines: 2 });
    ocrPool.peakBusy = 0;
    try {
      const run = await runTool('pdf-ocr', [input], { outtype: 'txt', language: 'eng' });
      const [first, second] = fs.readFileSync(run.outputs[0].path, 'utf8').split('\f');
      expect(first).toContain('[brown] {fox} jumps');
      expect(second).toContain('This is a lot of 12 point text');
      expect(ocrPool.peakBusy).toBe(2);
    } finally {
      ocrPool.configure({ maxEngines: os.availableParallelism() });
    }
  });

  it('stops engines left idle and serves two documents within its size', async () => {
    const pool = new OcrPool({ maxEngines: 2, memoryBytes: 2 ** 40, idleMs: 3000, freeBytes: () => 2 ** 40 });
    const png = await sharp(fixture('scanned/tesseract_phototest.tif')).png().toBuffer();
    const lease = { engine: kind, languages: ['eng'] as const, workDir, signal: new AbortController().signal };
    const read = (engine: OcrEngine) => engine.recognise(png, { dpi: 200, textPdf: false }).then((p) => p.text);
    const [a, b] = await Promise.all([mapOnEngines(pool, [png], lease, read), mapOnEngines(pool, [png, png], lease, read)]);
    expect([...a, ...b].every((t) => t.includes('12 point text'))).toBe(true);
    expect(pool.peakBusy).toBe(2);
    // A native engine reads this page in a second: the first one freed may already have been idle for its 3 s.
    expect(pool.engines).toBeGreaterThan(0);
    expect(pool.engines).toBeLessThanOrEqual(2);
    // Idle for 3 s, then stopped: polled, since a loaded machine runs the timer and the stop late.
    await expect.poll(() => pool.engines, { timeout: 15_000 }).toBe(0);
  });

  it('reads a page on tesseract.js, native Tesseract untouched, when OCR_ENGINE=wasm forces the fallback', async () => {
    const metrics: HostMetric[] = [];
    reportHostMetricsTo((m) => metrics.push(m));
    process.env.OCR_ENGINE = 'wasm';
    try {
      await withRun('pdf-ocr', [fixture('scanned/tesseract_phototest.tif')], { outtype: 'txt', language: 'eng' }, (run) => {
        expect(fs.readFileSync(run.outputs[0].path, 'utf8')).toContain('This is a lot of 12 point text');
        // tesseract.js read the gzipped models of the npm packages, linked into the task's folder.
        const [ocrDir] = fs.readdirSync(run.workDir).filter((d) => d.startsWith('ocr-'));
        const model = fs.realpathSync(path.join(run.workDir, ocrDir, 'tessdata', 'eng.traineddata.gz'));
        expect(model).toContain(path.join('node_modules', '@tesseract.js-data', 'eng', '4.0.0_best_int'));
      });
      expect(metrics.filter((m) => m.kind === 'engine' && m.engine === 'tesseract')).toEqual([]);
    } finally {
      delete process.env.OCR_ENGINE;
      reportHostMetricsTo(() => undefined);
      await ocrPool.close();
    }
  });
});
