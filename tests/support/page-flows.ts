import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { fixture } from './fixtures';

/** The page's script has started (it sets the version cookie): buttons now do what they say. */
export const hydrated = (page: Page) => page.waitForFunction(() => document.cookie.includes('pdfVersion='));

/** On the Merge page just opened: two fixtures merged, then Download clicked; what that opens is the caller's to check. */
export async function mergeAndClickDownload(page: Page): Promise<void> {
  // Files chosen before the page has hydrated go nowhere.
  await hydrated(page);
  await page.locator('input[type=file]').setInputFiles([fixture('pdf/pypdf_multicolumn.pdf'), fixture('pdf/pdfjs_tracemonkey.pdf')]);
  await expect.poll(() => page.locator('[data-status="ready"]').count(), { timeout: 30_000 }).toBe(2);
  await page.getByRole('button', { name: /^Merge PDF/ }).click();
  const link = page.getByRole('link', { name: /^Download/ }).first();
  await link.waitFor({ timeout: 60_000 });
  await link.click();
}
