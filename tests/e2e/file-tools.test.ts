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

const pdfinfo = (file: string) => spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout;
/** The page of each image `pdfimages -list` finds (its table's first column). */
const imagePages = (file: string) =>
  spawnSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .stdout.split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => Number(line.trim().split(/\s+/)[0]));
const pageText = (file: string, page: number) => spawnSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' }).stdout;

describe('the metadata, watermark and page-number pages', () => {
  let stack: Stack;
  let browser: Browser;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack({ SIGNATURE_TRUST_ROOTS: fixture('pdf/sheaf_signing-root.pem') }, { web: true });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-e2e-'));
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Clicks the result's Download link and saves the file under `name`. */
  const download = async (page: Page, name: string) => {
    const link = page.getByRole('link', { name: /^Download/ }).first();
    await link.waitFor({ timeout: 60_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = path.join(tmp, name);
    await file.saveAs(saved);
    return saved;
  };

  it('puts an uploaded picture on the chosen page only, as a person sets it in the panel', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/add-watermark`);
    await hydrated(page);
    await page.locator('.dropzone input[type=file]').setInputFiles(fixture('pdf/pypdf_multicolumn.pdf'));
    await page.getByRole('radio', { name: /^Picture/ }).check();
    await page.getByLabel('Picture (PNG or JPG)').setInputFiles(fixture('images/ocrmypdf_baiona_alpha.png'));
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'ocrmypdf_baiona_alpha.png' }).count(), { timeout: 30_000 }).toBe(1);
    await page.getByLabel('Pages to mark').fill('2');
    await page.getByRole('button', { name: /^Add watermark/ }).click();
    const saved = await download(page, 'watermarked.pdf');
    expect(imagePages(saved).filter((p) => p !== 2)).toEqual([]);
    expect(imagePages(saved)).toContain(2);
    await page.close();
  });

  it('numbers the pages in the format chosen', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/add-page-numbers`);
    await hydrated(page);
    await page.locator('.dropzone input[type=file]').setInputFiles(fixture('pdf/pypdf_multicolumn.pdf'));
    await page.getByRole('radio', { name: /^Page \d+ of \d+$/ }).check();
    await page.getByRole('button', { name: /^Add page numbers/ }).click();
    const saved = await download(page, 'numbered.pdf');
    for (const n of [1, 2, 3]) expect(pageText(saved, n)).toContain(`Page ${n} of 3`);
    await page.close();
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

  it('sanitizes with the boxes left ticked and shows what was found and removed, kind by kind', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/sanitize-pdf`);
    await hydrated(page);
    await page.locator('input[type=file]').setInputFiles(fixture('pdf/sheaf_everything-to-sanitize.pdf'));
    await page.getByLabel('Comments').uncheck();
    await page.getByRole('button', { name: /^Sanitize PDF/ }).click();
    const report = page.getByRole('table');
    await report.waitFor({ timeout: 60_000 });
    expect(await report.getByRole('row', { name: /^JavaScript and actions/ }).innerText()).toMatch(/^JavaScript and actions\s+5\s+5$/);
    expect(await report.getByRole('row', { name: /^Comments/ }).innerText()).toMatch(/^Comments\s+2\s+0 \(2 kept\)$/);
    const saved = await download(page, 'sanitized.pdf');
    expect(pdfinfo(saved)).not.toMatch(/^Author:/m);
    expect(pageText(saved, 1)).not.toContain('Jane Secret');
  });

  it('redacts a name and the e-mail addresses, says so, and the downloaded file no longer holds them', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/redact-pdf`);
    await hydrated(page);
    await page.locator('input[type=file]').setInputFiles(fixture('pdf/sheaf_to-redact.pdf'));
    expect(await page.getByRole('note').innerText()).toContain('cannot be undone');
    await page.getByLabel('Words or phrases to redact').fill('Jane Secret');
    await page.getByLabel('E-mail addresses').check();
    await page.getByRole('button', { name: /^Redact PDF/ }).click();
    await page.getByText('5 areas blacked out on 2 pages').waitFor({ timeout: 60_000 });
    const saved = await download(page, 'redacted.pdf');
    const text = pageText(saved, 1) + pageText(saved, 2);
    expect(text).not.toMatch(/Jane Secret|jane\.secret@example\.com/);
    expect(text).toContain('Account holder:');
  });

  it('checks the signatures of a file changed after signing and says so, signature by signature, in French', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/fr/validate-signature`);
    await hydrated(page);
    await page.locator('input[type=file]').setInputFiles(fixture('pdf/sheaf_signed-changed.pdf'));
    await page.getByRole('button', { name: /^Vérifier les signatures/ }).click();
    const report = page.getByRole('region', { name: 'Signatures de ce fichier' });
    await report.waitFor({ timeout: 60_000 });
    // The answer is a report, not a document to download.
    expect(await page.locator('.flow-panel__title').textContent()).toBe('Votre rapport est prêt');
    const [first, second] = await report.getByRole('article').allInnerTexts();
    expect(first).toContain('Signature 1 : Ada Lovelace');
    expect(first).toMatch(/Valide : ce qui a été signé n’a pas été modifié\.[\s\S]*Oui : du contenu a été ajouté après cette signature[\s\S]*Reconnu :/);
    expect(second).toContain('Signature 2 : Sheaf Self-Signed');
    expect(second).toMatch(/Aucune : cette signature couvre tout le fichier\.[\s\S]*Non reconnu :/);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Télécharger/ }).first().click()]);
    const saved = path.join(tmp, 'signatures.json');
    await file.saveAs(saved);
    expect(JSON.parse(fs.readFileSync(saved, 'utf8')).map((s: { trust: string }) => s.trust)).toEqual(['trusted', 'untrusted']);
  });
});
