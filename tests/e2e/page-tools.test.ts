import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, qpdfPages } from '../support/fixtures';
import { launchChromium } from '../support/browser';
import { startStack, type Stack } from '../support/stack';

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

  it('asks for the password again after a wrong one, and unlocks without a new upload', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/fr/unlock-pdf`);
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
