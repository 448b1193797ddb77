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

  it('asks before a link takes the visitor away from an upload, and stays when told to', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/merge-pdf`);
    /** Whether the page asks the browser to confirm closing or reloading it (its beforeunload handler cancels the event). */
    const holdsUnload = () =>
      page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    await page.waitForFunction(() => document.cookie.includes('pdfVersion='));
    expect(await holdsUnload()).toBe(false);
    await page.locator('input[type=file]').setInputFiles([fixture('pdf/pypdf_multicolumn.pdf'), fixture('pdf/pdfjs_tracemonkey.pdf')]);
    await expect.poll(() => page.locator('[data-status="ready"]').count(), { timeout: 30_000 }).toBe(2);
    const dialogs: Array<{ type: string; message: string }> = [];
    let answer = false;
    page.on('dialog', (dialog) => {
      dialogs.push({ type: dialog.type(), message: dialog.message() });
      void (answer ? dialog.accept() : dialog.dismiss());
    });
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' });

    // A link inside the site: the app's own confirm, with the spec's words. Cancel keeps the files.
    await footerLink.click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toEqual({ type: 'confirm', message: 'Are you sure you want to leave the page?\nChanges you made may not be saved.' });
    expect(new URL(page.url()).pathname).toBe('/merge-pdf');
    expect(await page.locator('[data-status="ready"]').count()).toBe(2);

    // Closing or reloading the tab: the page asks for the browser's own prompt (the browser words it).
    expect(await holdsUnload()).toBe(true);

    // OK on the confirm: the link is followed.
    answer = true;
    await footerLink.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/pricing');
    expect(dialogs).toHaveLength(2);
  });

  it('merges two fixtures through the UI and downloads the result', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/merge-pdf`);
    // Files chosen before the page has hydrated go nowhere: wait for the app to start (it sets pdfVersion).
    await page.waitForFunction(() => document.cookie.includes('pdfVersion='));
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
