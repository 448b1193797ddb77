import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures';
import { launchChromium } from '../support/browser';
import { hydrated } from '../support/page-flows';
import { startStack, type Stack } from '../support/stack';

const pdfinfo = (file: string) => spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout;

describe('the metadata page', () => {
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

  it("shows the file's properties read in the browser, and saves only the one changed", async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/edit-metadata`);
    await hydrated(page);
    await page.locator('input[type=file]').setInputFiles(fixture('pdf/pypdf_libreoffice-form.pdf'));
    // LibreOffice's own properties, as the file holds them (no title).
    const creator = page.getByLabel('Creator (the program it was written in)');
    await expect.poll(() => creator.inputValue(), { timeout: 30_000 }).toBe('Writer');
    expect(await page.getByLabel('Producer (the program that made the PDF)').inputValue()).toBe('LibreOffice 6.4');
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Created').inputValue()).toMatch(/^2022-06-26T\d\d:58$/);

    await page.getByLabel('Title', { exact: true }).fill('Registration form');
    await page.getByRole('button', { name: /^Save metadata/ }).click();
    const link = page.getByRole('link', { name: /^Download/ }).first();
    await link.waitFor({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = path.join(tmp, 'metadata.pdf');
    await download.saveAs(saved);
    const info = pdfinfo(saved);
    expect(info).toMatch(/^Title:\s+Registration form$/m);
    expect(info).toMatch(/^Creator:\s+Writer$/m);
    expect(info).toMatch(/^Producer:\s+LibreOffice 6\.4$/m);
  });
});
