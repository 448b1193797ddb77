import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../tests/support/browser';
import { fixture } from '../tests/support/fixtures';
import { runEngine } from '../worker/src/engines/run';
import { LONG_PDF_PAGES, buildLongPdf, kb, median, runProcessor, scratchDir, secs, table, timed, withStack } from './lib';

const RUNS = 3;

/** Three edits of the long PDF's first page: a text box, a whiteout, and its title line rewritten (the book's first line). */
const THREE_EDITS = JSON.stringify({
  version: 1,
  operations: [
    { type: 'text', page: 1, rect: [0.1, 0.3, 0.5, 0.04], text: 'Added by the bench', font: 'sans', size: 14, color: '#000000', bold: false, italic: false, align: 'left' },
    { type: 'whiteout', page: 1, rect: [0.1, 0.5, 0.3, 0.1] },
    { type: 'replaceText', page: 1, rect: [0.42, 0.066, 0.215, 0.018], text: 'A rewritten title' },
  ],
});

/**
 * The editor with a 300-page PDF: the time from choosing the file to its first page drawn in
 * Chromium, beside a 3-page file (the workspace reads every page's size, then draws only the pages
 * near the view, so the two should be close); and the worker applying three edits to it, beside
 * `qpdf in.pdf out.pdf` copying the same file.
 */
export async function editorBench(): Promise<string> {
  const dir = await scratchDir('editor');
  try {
    const long = await buildLongPdf(dir);
    const short = path.join(dir, 'short-3.pdf');
    await runEngine('qpdf', ['--empty', '--pages', fixture('pdf/pdfjs_tracemonkey.pdf'), '1-3', '--', short], { timeoutMs: 60_000, okCodes: [0, 3] });
    const sizes = { long: (await fs.stat(long)).size, short: (await fs.stat(short)).size };

    const firstPage = await withStack(async (stack) => {
      const browser = await launchChromium();
      try {
        const times = { short: [] as number[], long: [] as number[] };
        // Alternated, so a slower moment of the machine does not fall on one file only.
        for (let i = 0; i < RUNS; i++) {
          for (const which of ['short', 'long'] as const) {
            const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
            await page.goto(`${stack.baseUrl}/edit-pdf`);
            await page.waitForFunction(() => document.cookie.includes('pdfVersion='));
            times[which].push(await timeToFirstPage(page, which === 'long' ? long : short));
            await page.close();
          }
          console.error(`editor: browser run ${i + 1} of ${RUNS}`);
        }
        return times;
      } finally {
        await browser.close();
      }
    }, { web: true, worker: false });

    const qpdf: number[] = [];
    const edits: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      qpdf.push((await timed(() => runEngine('qpdf', [long, path.join(dir, `copy-${i}.pdf`)], { timeoutMs: 120_000, okCodes: [0, 3] }))).seconds);
      const work = path.join(dir, `edit-${i}`);
      await fs.mkdir(work);
      edits.push((await timed(() => runProcessor('edit-pdf', [long], { operations: THREE_EDITS }, work))).seconds);
      await fs.rm(work, { recursive: true, force: true });
    }
    console.error('editor: worker done');

    return [
      `## Editor: the ${LONG_PDF_PAGES}-page PDF`,
      '',
      `Medians of ${RUNS} runs. Browser: headless Chromium on the production web build, \`/edit-pdf\`, from setting the`,
      'file on the drop zone to the first page\'s canvas holding pixels (the PDF is read in the browser; its upload runs',
      'beside and is not waited for). Worker: the edit-pdf processor (repair check, text box, whiteout, one line of',
      'existing text replaced) against `qpdf in.pdf out.pdf` copying the same file.',
      '',
      table(
        ['', 'file', 'first page drawn', 'three edits applied', 'qpdf copy'],
        [
          [`${LONG_PDF_PAGES} pages`, kb(sizes.long), secs(median(firstPage.long)), secs(median(edits)), secs(median(qpdf))],
          ['3 pages', kb(sizes.short), secs(median(firstPage.short)), '–', '–'],
        ],
      ),
    ].join('\n');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Seconds from handing the file to the editor to page 1's canvas painted. */
async function timeToFirstPage(page: Page, file: string): Promise<number> {
  const started = performance.now();
  await page.locator('input[type=file][accept*="pdf"]').setInputFiles(file);
  await page.waitForFunction(
    () => {
      const canvas = document.querySelector<HTMLCanvasElement>('.editor-page[data-page="1"] canvas');
      if (!canvas || canvas.width === 0) return false;
      const pixel = canvas.getContext('2d')?.getImageData(canvas.width >> 2, canvas.height >> 2, 1, 1).data;
      // Blank is transparent, or black on an opaque canvas; pdf.js paints the page white first.
      return !!pixel && pixel[3] > 0 && pixel[0] + pixel[1] + pixel[2] > 0;
    },
    undefined,
    { polling: 'raf', timeout: 120_000 },
  );
  return (performance.now() - started) / 1000;
}
