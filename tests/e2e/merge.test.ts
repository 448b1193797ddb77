import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, pdfText, qpdfPages } from '../support/fixtures';
import { launchChromium } from '../support/browser';
import { startStack, type Stack } from '../support/stack';

describe('merge in the browser', () => {
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

  it('merges two fixtures through the UI and downloads the result', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/merge-pdf`);
    await page.locator('input[type=file]').setInputFiles([fixture('pdf/pypdf_multicolumn.pdf'), fixture('pdf/pdfjs_tracemonkey.pdf')]);
    await expect.poll(() => page.locator('[data-status="ready"]').count(), { timeout: 30_000 }).toBe(2);
    await page.getByRole('button', { name: /^Merge PDF/ }).click();
    const link = page.getByRole('link', { name: /^Download/ }).first();
    await link.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = path.join(tmp, 'merged.pdf');
    await download.saveAs(saved);
    expect(qpdfPages(saved)).toBe(3 + 14);
    expect(pdfText(saved)).toContain('Trace-based Just-in-Time');
  });
});
