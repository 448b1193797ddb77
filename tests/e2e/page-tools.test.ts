import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, qpdfPages } from '../support/fixtures';
import { launchChromium } from '../support/browser';
import { hydrated } from '../support/page-flows';
import { startStack, type Stack } from '../support/stack';

/** Each page's /Rotate, in page order (qpdf --json: the page objects, the key read off each). */
const pageRotations = (file: string): number[] => {
  const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=pages', '--json-key=qpdf', file], { encoding: 'utf8', maxBuffer: 64 << 20 })) as {
    pages: Array<{ object: string }>;
    qpdf: [unknown, Record<string, { value?: { '/Rotate'?: number } }>];
  };
  return json.pages.map((p) => json.qpdf[1][`obj:${p.object}`]?.value?.['/Rotate'] ?? 0);
};

/** Text of one page, whitespace collapsed. */
const pageText = (file: string, page: number) =>
  execFileSync('pdftotext', ['-q', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();

describe('page tools in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack({}, { web: true });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-e2e-'));
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const download = async (page: Page, name: string) => {
    const link = page.getByRole('link', { name: /^(Download|Télécharger)/ }).first();
    await link.waitFor({ timeout: 60_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = path.join(tmp, name);
    await file.saveAs(saved);
    return saved;
  };

  it('organizes the pages of two files with the keyboard, exactly as shown', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/organize-pdf`);
    // Files chosen before the page has hydrated go nowhere.
    await hydrated(page);
    await page.locator('input[type=file]').setInputFiles([fixture('pdf/pypdf_multicolumn.pdf'), fixture('pdf/pdfjs_tracemonkey.pdf')]);
    const cells = page.getByRole('gridcell');
    await expect.poll(() => cells.count(), { timeout: 30_000 }).toBe(3 + 14);
    // Take the tracemonkey title page (B 1) to the front, then leave the multicolumn pages out.
    await cells.nth(3).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Alt+ArrowLeft');
    expect(await cells.nth(0).getAttribute('aria-label')).toBe('File B, page 1');
    for (const index of [1, 2, 3]) {
      await cells.nth(index).focus();
      await page.keyboard.press('Delete');
    }
    await page.getByText('14 pages in the new PDF').waitFor();
    await page.getByRole('button', { name: /^Organize PDF/ }).click();
    const saved = await download(page, 'organized.pdf');
    expect(qpdfPages(saved)).toBe(14);
    expect(pageText(saved, 1)).toContain('Trace-based Just-in-Time');
  });

  it('turns only the pages picked by shift-click and by typed ranges, as the grid shows', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/rotate-pdf`);
    // Files chosen before the page has hydrated go nowhere.
    await hydrated(page);
    await page.locator('input[type=file]').setInputFiles(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const cells = page.getByRole('gridcell');
    await expect.poll(() => cells.count(), { timeout: 30_000 }).toBe(14);
    const field = page.getByLabel('Only these pages (optional)');

    // Click page 2, shift-click page 5: pages 2 to 5.
    await cells.nth(1).click();
    await cells.nth(4).click({ modifiers: ['Shift'] });
    expect(await field.inputValue()).toBe('2-5');
    const selected = () => cells.evaluateAll((all) => all.flatMap((c, i) => (c.getAttribute('aria-selected') === 'true' ? [i + 1] : [])));
    expect(await selected()).toEqual([2, 3, 4, 5]);

    // Typed ranges replace the picks, and the grid follows.
    await field.fill('2-4, 13-');
    await expect.poll(selected).toEqual([2, 3, 4, 13, 14]);
    await page.getByRole('button', { name: 'Turn 90° to the right' }).click();
    await page.getByText('5 selected pages: 90° to the right').waitFor();

    await page.getByRole('button', { name: /^Rotate PDF/ }).click();
    const saved = await download(page, 'rotated.pdf');
    expect(pageRotations(fixture('pdf/pdfjs_tracemonkey.pdf'))).toEqual(Array(14).fill(0));
    expect(pageRotations(saved)).toEqual([0, 90, 90, 90, 0, 0, 0, 0, 0, 0, 0, 0, 90, 90]);
  });

  it('asks the server for the thumbnails of a 300-page PDF only as they come into view', async () => {
    // 100 copies of a 3-page fixture.
    const big = path.join(tmp, 'three-hundred.pdf');
    const source = fixture('pdf/pypdf_multicolumn.pdf');
    execFileSync('qpdf', ['--empty', '--pages', ...Array(100).fill(source), '--', big]);
    expect(qpdfPages(big)).toBe(300);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const thumbs: number[] = [];
    page.on('request', (r) => {
      const m = /\/thumb\/[^/]+\/(\d+)$/.exec(new URL(r.url()).pathname);
      if (m) thumbs.push(Number(m[1]));
    });
    await page.goto(`${stack.baseUrl}/delete-pages`);
    // Files chosen before the page has hydrated go nowhere.
    await hydrated(page);
    await page.locator('input[type=file]').setInputFiles(big);
    const cells = page.getByRole('gridcell');
    await expect.poll(() => cells.count(), { timeout: 60_000 }).toBe(300);
    // The first rows: asked for once the upload is done, then nothing more while the page stays still.
    await expect.poll(() => thumbs.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    const before = [...thumbs];
    expect(before.length).toBeLessThanOrEqual(60);
    expect(Math.max(...before)).toBeLessThan(100);

    await cells.nth(299).scrollIntoViewIfNeeded();
    await expect.poll(() => thumbs.includes(300), { timeout: 30_000 }).toBe(true);
    await page.waitForTimeout(1500);
    // The last rows came in; the hundreds of pages scrolled past were never asked for.
    expect(thumbs.length).toBeGreaterThan(before.length);
    expect(new Set(thumbs).size).toBeLessThan(150);
    console.info(`300-page grid: ${before.length} thumbnails requested before scrolling, ${thumbs.length} after`);
  });

  it('sends a password-protected file to Unlock PDF, in the page’s language', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/fr/compress-pdf`);
    // Files chosen before the page has hydrated go nowhere.
    await hydrated(page);
    await page.locator('input[type=file]').setInputFiles(fixture('pdf/qpdf_c-r4_aes128.pdf'));
    const link = page.getByRole('link', { name: 'Aller à Déverrouiller PDF' });
    await link.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: /^Compresser/ }).isDisabled()).toBe(true);
    // The file is already uploaded: the leave prompt asks first, and OK follows the link.
    const asked = page.waitForEvent('dialog').then(async (dialog) => {
      await dialog.accept();
      return dialog.type();
    });
    await link.click();
    expect(await asked).toBe('confirm');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fr/unlock-pdf');
  });

  it('asks for the password again after a wrong one, and unlocks without a new upload', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/fr/unlock-pdf`);
    // Files chosen before the page has hydrated go nowhere.
    await hydrated(page);
    await page.locator('input[type=file]').setInputFiles(fixture('pdf/qpdf_c-r4_aes128.pdf'));
    await expect.poll(() => page.locator('[data-status="ready"]').count(), { timeout: 30_000 }).toBe(1);
    const password = page.getByLabel('Mot de passe du PDF');
    await password.fill('wrong');
    await page.getByRole('button', { name: 'Déverrouiller PDF' }).click();
    await page.getByText('Le mot de passe est incorrect. Veuillez réessayer.').waitFor({ timeout: 30_000 });
    const uploads = page.waitForRequest((r) => r.url().includes('Upload'), { timeout: 2_000 }).catch(() => null);
    await password.fill('user2');
    await page.getByRole('button', { name: 'Déverrouiller PDF' }).click();
    const saved = await download(page, 'unlocked.pdf');
    expect(await uploads).toBeNull();
    // qpdf --is-encrypted exits 2 for a file without encryption.
    expect(spawnSync('qpdf', ['--is-encrypted', saved]).status).toBe(2);
  });
});
