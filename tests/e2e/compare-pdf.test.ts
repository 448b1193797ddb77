import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures';
import { launchChromium } from '../support/browser';
import { hydrated } from '../support/page-flows';
import { startStack, type Stack } from '../support/stack';

describe('compare in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    stack = await startStack({}, { web: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows the two versions side by side with their changes, stepped through from the keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${stack.baseUrl}/compare-pdf`);
    await hydrated(page);
    await page.locator('input[type=file]').setInputFiles([fixture('pdf/sheaf_compare-before.pdf'), fixture('pdf/sheaf_compare-after.pdf')]);
    await expect.poll(() => page.locator('[data-status="ready"]').count(), { timeout: 30_000 }).toBe(2);
    // Words only: quicker, and the 19 word changes of the pair (its replaced figure is the visual mode's, which the conformance case checks).
    await page.getByRole('radio', { name: /^Words only/ }).check();
    await page.getByRole('button', { name: /^Compare PDF/ }).click();
    await page.getByRole('heading', { name: '19 changes found' }).waitFor({ timeout: 200_000 });

    const list = page.getByRole('navigation', { name: 'Changes' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(19);
    // Nine rows of pages: the inserted page stands alone beside an empty place.
    expect(await page.locator('.compare-pages__row').count()).toBe(9);
    expect(await page.locator('.compare-page--none').count()).toBe(1);
    // The first change's words are boxed on both pages of the first row.
    expect(await page.locator('.compare-pages__row').first().locator('.compare-mark--changed').count()).toBeGreaterThanOrEqual(2);

    await list.getByRole('button', { name: /^1 Changed/ }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('j');
    await expect.poll(() => list.locator('[aria-current="true"]').textContent()).toMatch(/^3 /);
    expect(await list.getByText('Change 3 of 19').count()).toBe(1);
    await page.keyboard.press('k');
    await expect.poll(() => list.locator('[aria-current="true"]').textContent()).toMatch(/^2 /);

    const report = page.getByRole('link', { name: 'Download the report (PDF)' });
    const answer = await page.request.get(new URL((await report.getAttribute('href'))!, stack.baseUrl).href);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    const json = await page.request.get(new URL((await page.getByRole('link', { name: 'Download the changes (JSON)' }).getAttribute('href'))!, stack.baseUrl).href);
    expect(json.headers()['content-type']).toMatch(/^application\/json/);
    expect(((await json.json()) as { changes: unknown[] }).changes).toHaveLength(19);
  }, 300_000);
});
