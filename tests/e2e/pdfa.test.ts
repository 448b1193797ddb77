import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../support/fixtures';
import { launchChromium } from '../support/browser';
import { hydrated } from '../support/page-flows';
import { startStack, type Stack } from '../support/stack';

const CLASSPATH = ['preflight', 'pdfbox2', 'fontbox2', 'xmpbox', 'commons-logging', 'javax.activation', 'jaxb-api'].map((j) => `/usr/share/java/${j}.jar`).join(':');
const preflightPasses = (file: string) =>
  spawnSync('java', ['-cp', CLASSPATH, 'org.apache.pdfbox.preflight.Validator_A1b', 'xml', file], { encoding: 'utf8' }).stdout.includes('<isValid type="PDF/A1-b">true</isValid>');

describe('the PDF/A page', () => {
  let stack: Stack;
  let browser: Browser;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack({}, { web: true });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-e2e-pdfa-'));
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const download = async (page: Page, name: string) => {
    const link = page.getByRole('link', { name: /^(Download|Télécharger)/ }).first();
    await link.waitFor({ timeout: 120_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = path.join(tmp, name);
    await file.saveAs(saved);
    return saved;
  };

  it('converts to PDF/A-1b as chosen, says Preflight validated it, and the file passes Preflight', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/pdf-to-pdfa`);
    await hydrated(page);
    await page.locator('.dropzone input[type=file]').setInputFiles(fixture('pdf/sheaf_bicycle-manual.pdf'));
    await expect.poll(() => page.getByText(/Checked by Sheaf: PDF\/A identification/).count()).toBe(1);
    await page.getByRole('radio', { name: /^PDF\/A-1b/ }).check();
    await expect.poll(() => page.getByText(/Checked by Apache PDFBox Preflight/).count()).toBe(1);
    await page.getByRole('button', { name: /^Convert to PDF\/A/ }).click();
    const saved = await download(page, 'manual-pdfa.pdf');
    expect(await page.getByText(/Your PDF\/A-1b file was validated by Apache PDFBox Preflight/).count()).toBe(1);
    expect(preflightPasses(saved)).toBe(true);
    await page.close();
  });

  it('checks a file on the French page and gives the report in French', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/fr/pdf-to-pdfa`);
    await hydrated(page);
    await page.locator('.dropzone input[type=file]').setInputFiles(fixture('pdf/sheaf_bicycle-manual.pdf'));
    await page.getByRole('radio', { name: /^Vérifier un fichier PDF\/A/ }).check();
    await page.getByRole('button', { name: /^Vérifier le PDF\/A/ }).click();
    const words = fs.readFileSync(await download(page, 'report.txt'), 'utf8');
    expect(words).toContain('Vérification PDF/A de « sheaf_bicycle-manual.pdf »');
    expect(words).toContain('Non valide en PDF/A-1b');
    await page.close();
  });
});
