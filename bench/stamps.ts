import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';
import { runEngine } from '../worker/src/engines/run';
import { pageCount } from '../worker/src/engines/qpdf';
import { LONG_PDF_PAGES, buildLongPdf, median, runProcessor, runTask, scratchDir, secs, table, timed, upload, visitorClient, withStack } from './lib';

const RUNS = 3;
const POLL_MS = 100;

/** The jobs compared: each tool's processor beside raw qpdf laying a prepared one-page stamp over every page. */
const JOBS = [
  { label: 'page numbers ("Page n of 300", bottom centre)', tool: 'add-page-numbers', options: { format: 'page-n-of-total' } },
  { label: 'text watermark (once per page, 45°, 30% opacity)', tool: 'add-watermark', options: { text: 'CONFIDENTIAL' } },
  { label: 'text watermark, tiled', tool: 'add-watermark', options: { text: 'CONFIDENTIAL', size: 24, tiled: true } },
] as const;

/** A one-page stamp as a person would prepare it for `qpdf --overlay`: one text, turned, half transparent. */
async function preparedStamp(dir: string): Promise<string> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  page.drawText('CONFIDENTIAL', { x: 150, y: 250, size: 60, font, color: rgb(0.75, 0.22, 0.17), opacity: 0.3, rotate: degrees(45) });
  const file = path.join(dir, 'stamp.pdf');
  await fs.writeFile(file, await doc.save());
  return file;
}

/** Page numbers and watermark on the 300-page PDF: raw qpdf overlay of a prepared stamp, the processors, and the API from upload to Done. */
export async function stampsBench(): Promise<string> {
  const dir = await scratchDir('stamps');
  try {
    const input = await buildLongPdf(dir);
    const stamp = await preparedStamp(dir);
    const raw: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const out = path.join(dir, `raw-${i}.pdf`);
      raw.push((await timed(() => runEngine('qpdf', [input, '--overlay', stamp, '--to=1-z', '--from=', '--repeat=1', '--', out], { timeoutMs: 120_000, okCodes: [0, 3] }))).seconds);
    }
    const rows: string[][] = [];
    for (const job of JOBS) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const work = await scratchDir('stamps-run');
        const { seconds, result } = await timed(() => runProcessor(job.tool, [input], job.options, work));
        times.push(seconds);
        if (i === 0 && (await pageCount(result.outputs[0].path)) !== LONG_PDF_PAGES) throw new Error(`${job.tool} lost pages`);
        await fs.rm(work, { recursive: true, force: true });
      }
      rows.push([job.label, secs(median(raw)), secs(median(times)), `${(median(times) / median(raw)).toFixed(2)}×`]);
      console.error(`stamps: ${job.label} done`);
    }

    let apiNote = '';
    try {
      const api = await withStack(async (stack) => {
        const cells: string[] = [];
        for (const job of JOBS) {
          const client = visitorClient(stack.baseUrl);
          const { seconds } = await timed(async () => runTask(client, { toolType: job.tool, urls: await upload(client, input), ...job.options }, POLL_MS));
          cells.push(secs(seconds));
        }
        return cells;
      });
      rows.forEach((row, i) => row.push(api[i]));
    } catch (e) {
      rows.forEach((row) => row.push('not run'));
      apiNote = `The API column did not run: ${e instanceof Error ? e.message : String(e)}.`;
    }

    return [
      `## Stamps: page numbers and watermark on a ${LONG_PDF_PAGES}-page PDF`,
      '',
      `The PDF of the organize bench. Medians of ${RUNS} runs. \`raw qpdf\` lays a one-page stamp prepared beforehand`,
      '(pdf-lib, one text) over every page: `qpdf in.pdf --overlay stamp.pdf --to=1-z --from= --repeat=1 -- out.pdf`. The',
      'processors add the lazy qpdf probe of the input and pdfinfo for the page boxes. Page numbers are then written into',
      "each page's own content (qpdf `--update-from-json`); a watermark is drawn by pdf-lib once per page shape and laid",
      'with the same qpdf overlay. The API column',
      `is one run from upload to Done, polling every ${POLL_MS} ms.`,
      '',
      table(['job', 'raw qpdf overlay', 'processor', 'processor / raw', 'API, upload to Done'], rows),
      ...(apiNote ? ['', apiNote] : []),
    ].join('\n');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
