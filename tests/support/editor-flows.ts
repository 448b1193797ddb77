import fs from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { hydrated } from './page-flows';

/** A letter page with three lines of Helvetica 18 at known places (PDF y grows upwards), then a blank page. */
export async function writeLetter(file: string): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Hello from the original', { x: 72, y: 700, size: 18, font });
  page.drawText('Old words here', { x: 72, y: 650, size: 18, font });
  page.drawText('Third line for marking', { x: 72, y: 600, size: 18, font });
  doc.addPage([612, 792]);
  fs.writeFileSync(file, await doc.save());
}

/** An editor page (`url`, in a context of its own) with `file` open and its first page drawn. */
export async function openInEditor(browser: Browser, url: string, file: string, context: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.newContext({ acceptDownloads: true, ...context })).newPage();
  page.on('pageerror', (e) => console.error('page error', e.message));
  await page.goto(url);
  await hydrated(page);
  await page.locator('input[type=file][accept*="pdf"]').setInputFiles(file);
  await page.locator('.editor-page[data-page="1"] canvas').waitFor();
  return page;
}
