import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { fixture } from '../support/fixtures';
import { hydrated } from '../support/page-flows';
import { startStack, type Stack } from '../support/stack';

/** Page 1's crop box (or media box), [llx, lly, urx, ury], as qpdf reads it. */
function firstCropBox(file: string): number[] {
  const json = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=pages', '--json-key=qpdf', file], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const page = json.qpdf[1][`obj:${json.pages[0].object}`].value;
  return (page['/CropBox'] ?? page['/MediaBox']).map(Number);
}

describe('crop box in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack({}, { web: true });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-e2e-crop-'));
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('crops to the box drawn with the mouse and nudged with the keys, as its fields say', async () => {
    const page = await browser.newPage({ acceptDownloads: true, viewport: { width: 1280, height: 1000 } });
    await page.goto(`${stack.baseUrl}/crop-pdf`);
    await hydrated(page);
    // A Letter page (612 × 792 pt) with no crop box of its own.
    await page.locator('input[type=file]').setInputFiles(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const canvas = page.locator('.crop-canvas');
    await canvas.locator('img').waitFor({ timeout: 30_000 });
    const r = (await canvas.boundingBox())!;
    // Draw from 10 % / 20 % to 60 % / 70 % of the page.
    await page.mouse.move(r.x + r.width * 0.1, r.y + r.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(r.x + r.width * 0.4, r.y + r.height * 0.5, { steps: 4 });
    await page.mouse.move(r.x + r.width * 0.6, r.y + r.height * 0.7, { steps: 4 });
    await page.mouse.up();
    // Keys on the box: two steps right (0.5 % each), then two steps taller with Shift.
    const box = page.getByRole('group', { name: 'Area to keep' });
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');

    await page.getByLabel('Unit').selectOption('pt');
    const field = (name: string) => page.getByLabel(name, { exact: true }).inputValue().then(Number);
    const [left, top, right, bottom] = [await field('Left'), await field('Top'), await field('Right'), await field('Bottom')];
    // The drawn box, as the fields say it (a pixel of the drawing is under 1.2 pt at this size).
    expect(Math.abs(left - 612 * 0.11)).toBeLessThan(2);
    expect(Math.abs(top - 792 * 0.2)).toBeLessThan(2);
    expect(Math.abs(right - 612 * 0.39)).toBeLessThan(2);
    expect(Math.abs(bottom - 792 * 0.29)).toBeLessThan(2);

    await page.getByRole('button', { name: 'Crop PDF' }).click();
    const link = page.getByRole('link', { name: /^Download/ }).first();
    await link.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = path.join(tmp, 'cropped.pdf');
    await download.saveAs(saved);
    // The result's crop box is the box the fields showed, within 1 pt.
    const want = [left, bottom, 612 - right, 792 - top];
    firstCropBox(saved).forEach((v, i) => expect(Math.abs(v - want[i]), `corner ${i}`).toBeLessThanOrEqual(1));
  });
});
