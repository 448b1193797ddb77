import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OcrEngine } from '../../worker/src/ocr/tesseract';
import { fixture } from '../support/fixtures';
import { runTool } from './harness';

/** The OCR engine's limits: what stops a recognition, and where its language data comes from. */
describe('OCR engine', () => {
  let workDir: string;
  let page: Buffer;
  beforeAll(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-ocr-engine-'));
    // A full 300 dpi page: several seconds of recognition.
    page = fs.readFileSync(fixture('scanned/ocrmypdf_linn.png'));
  });
  afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

  it('reads its languages from the installed npm packages', async () => {
    const engine = await OcrEngine.start(['eng', 'fra', 'chi_sim'], { workDir, signal: new AbortController().signal });
    await engine.stop();
    for (const lang of ['eng', 'fra', 'chi_sim']) {
      const target = fs.realpathSync(path.join(workDir, 'tessdata', `${lang}.traineddata.gz`));
      expect(target).toContain(path.join('node_modules', '@tesseract.js-data', lang, '4.0.0_best_int'));
    }
  });

  it('reads English alongside Chinese when Chinese leads the languages', async () => {
    const engine = await OcrEngine.start(['chi_sim', 'eng'], { workDir: fs.mkdtempSync(path.join(workDir, 'cjk-')), signal: new AbortController().signal });
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
    const engine = await OcrEngine.start(['eng'], { workDir, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('worker shutting down')), 300);
    await expect(engine.recognise(page, { dpi: 300, textPdf: false })).rejects.toMatchObject({ code: 'TASK_FAILED' });
    // The worker thread is gone: nothing more runs on it.
    await expect(engine.recognise(page, { dpi: 300, textPdf: false })).rejects.toMatchObject({ code: 'TASK_FAILED' });
    await engine.stop();
  });

  it('gives up on a page that takes longer than its limit', async () => {
    const engine = await OcrEngine.start(['eng'], { workDir, signal: new AbortController().signal, pageTimeoutMs: 300 });
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
});
