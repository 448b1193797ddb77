import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, pdfText, qpdfPages } from '../support/fixtures';
import { launchChromium } from '../support/browser';
import { hydrated } from '../support/page-flows';
import { startStack, type Stack } from '../support/stack';

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Greenhouse</title></head>
<body><h1>Quarterly greenhouse report</h1><p>The tomatoes ripened early this year.</p></body></html>`;

describe('converters in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  let site: http.Server;
  let sitePort: number;
  let tmp: string;
  const allowlist = process.env.URL_FETCH_ALLOWLIST;

  beforeAll(async () => {
    // The page HTML to PDF converts: on loopback, which the SSRF guard refuses unless allowlisted.
    site = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    sitePort = (site.address() as AddressInfo).port;
    // The worker reads the allowlist from the environment each time a job runs.
    process.env.URL_FETCH_ALLOWLIST = `127.0.0.1:${sitePort}`;
    stack = await startStack({ DOWNLOAD_POLICY: 'open' }, { web: true });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-e2e-'));
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await new Promise((resolve) => site?.close(resolve));
    if (allowlist === undefined) delete process.env.URL_FETCH_ALLOWLIST;
    else process.env.URL_FETCH_ALLOWLIST = allowlist;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const download = async (page: Page, name: string) => {
    const link = page.getByRole('link', { name: /^(Download|Télécharger)/ }).first();
    await link.waitFor({ timeout: 90_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = path.join(tmp, name);
    await file.saveAs(saved);
    return saved;
  };

  it('puts two images into one PDF, one page each, with their previews shown first', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/jpg-to-pdf`);
    await hydrated(page);
    expect(await page.getByText('Select images', { exact: true }).count()).toBe(1);
    await page.locator('input[type=file]').setInputFiles([fixture('images/exif_Landscape_3.jpg'), fixture('images/unstructured_bmp_24.bmp')]);
    await expect.poll(() => page.locator('[data-status="ready"]').count(), { timeout: 30_000 }).toBe(2);
    // Each card shows its picture, decoded in the browser.
    await expect.poll(() => page.locator('.file-card__thumb img').count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.getByLabel('One PDF with all the images').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Convert to PDF' }).click();
    const saved = await download(page, 'images.pdf');
    expect(qpdfPages(saved)).toBe(2);
  });

  it('checks the address, then saves a web page as a PDF', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/html-to-pdf`);
    await hydrated(page);
    const convert = page.getByRole('button', { name: 'Convert to PDF' });
    const address = page.getByLabel('Web page address (URL)');

    await convert.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please fill out URL input field');
    await address.fill('example.com');
    await convert.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please provide a valid URL');

    await address.fill(`http://127.0.0.1:${sitePort}/report`);
    await convert.click();
    const saved = await download(page, 'page.pdf');
    expect(qpdfPages(saved)).toBe(1);
    expect(pdfText(saved)).toContain('The tomatoes ripened early this year.');
  });

  for (const [lang, prefix, blocked, notFound] of [
    ['en', '', 'This address leads to a private or internal network, which this server does not open for security reasons.', 'No website was found at this address. Check it for typos.'],
    ['fr', '/fr', 'Cette adresse mène à un réseau privé ou interne, que ce serveur n’ouvre pas pour des raisons de sécurité.', 'Aucun site web n’a été trouvé à cette adresse. Vérifiez qu’elle ne contient pas de faute de frappe.'],
  ] as const) {
    it(`says on the address field, when it is sent, why the server will not fetch an address (${lang})`, async () => {
      const page = await browser.newPage();
      await page.goto(`${stack.baseUrl}${prefix}/html-to-pdf`);
    await hydrated(page);
      const address = page.locator('input[type=url]');
      const convert = page.locator('form button[type=submit]');
      for (const [url, message] of [
        ['http://localhost:8080/admin', blocked],
        ['https://no-such-host.invalid/page', notFound],
      ]) {
        await address.fill(url);
        await convert.click();
        await expect.poll(() => page.getByRole('alert').textContent()).toBe(message);
        // The form stays, its field marked and focused: no task was queued, there is nothing to retry.
        expect(await address.getAttribute('aria-invalid')).toBe('true');
        expect(await address.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await page.locator('progress, [role=progressbar]').count()).toBe(0);
      }
      await page.close();
    });
  }

  it('prints a web page as the layout and paper chosen, named after its title', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await page.goto(`${stack.baseUrl}/html-to-pdf`);
    await hydrated(page);
    await page.getByLabel('Web page address (URL)').fill(`http://127.0.0.1:${sitePort}/report`);
    await page.getByRole('radio', { name: /^Phone/ }).check();
    await page.getByLabel('Paper size').selectOption('fit');
    await page.getByLabel('One long page').check();
    await page.getByRole('button', { name: 'Convert to PDF' }).click();
    const link = page.getByRole('link', { name: /^Download/ }).first();
    await link.waitFor({ timeout: 90_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(file.suggestedFilename()).toBe('Greenhouse.pdf');
    const saved = path.join(tmp, 'phone.pdf');
    await file.saveAs(saved);
    expect(qpdfPages(saved)).toBe(1);
    // As wide as a 390 px phone screen, plus 10 mm margins: about 349 pt.
    const width = Number(/Page size:\s+([\d.]+) x/.exec(execFileSync('pdfinfo', [saved], { encoding: 'utf8' }))?.[1]);
    expect(Math.abs(width - 349.2)).toBeLessThan(2);
    await page.close();
  });

  it('takes no more books than the server converts in one task (EBOOK_MAX_FILES)', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/ebooks-to-pdf`);
    await hydrated(page);
    const books = Array.from({ length: 10 }, (_, i) => {
      const book = path.join(tmp, `book-${i + 1}.epub`);
      fs.copyFileSync(fixture('ebooks/epubcheck_lorem_epub2.epub'), book);
      return book;
    });
    await page.locator('input[type=file]').setInputFiles(books);
    // The default EBOOK_MAX_FILES is 9: the tenth book is refused before it is uploaded, by name.
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('book-10.epub was not added: one task takes at most 9 files.');
    await expect.poll(() => page.locator('[data-status]').count()).toBe(9);
  });

  it('reads French by default on the French OCR page', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.baseUrl}/fr/pdf-ocr`);
    await hydrated(page);
    await page.locator('input[type=file]').setInputFiles(fixture('scanned/ocrmypdf_francais.pdf'));
    await expect.poll(() => page.locator('[data-status="ready"]').count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByRole('checkbox', { name: 'Français', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Anglais', exact: true }).isChecked()).toBe(false);
    expect(await page.getByRole('radio', { name: /PDF interrogeable/ }).isChecked()).toBe(true);
  });
});
