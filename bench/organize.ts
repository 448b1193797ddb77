import fs from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from '../worker/src/engines/run';
import { pageCount } from '../worker/src/engines/qpdf';
import {
  LONG_PDF_PAGES,
  buildLongPdf,
  median,
  runProcessor,
  runTask,
  scratchDir,
  secs,
  table,
  timed,
  upload,
  visitorClient,
  withStack,
  type VisitorClient,
} from './lib';

const RUNS = 5;
const API_RUNS = 3;
const POLL_MS = 100;

/** Pages 1..n in a fixed pseudo-random order (a seeded Fisher–Yates), the same every run. */
function shuffled(n: number): number[] {
  const pages = Array.from({ length: n }, (_, i) => i + 1);
  let x = 20261122;
  for (let i = n - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const j = x % (i + 1);
    [pages[i], pages[j]] = [pages[j], pages[i]];
  }
  return pages;
}

const ORDERS: Array<{ label: string; order: string }> = [
  { label: 'reversed', order: Array.from({ length: LONG_PDF_PAGES }, (_, i) => LONG_PDF_PAGES - i).join(',') },
  { label: 'shuffled', order: shuffled(LONG_PDF_PAGES).join(',') },
];

/** Reorders a 300-page PDF: raw qpdf, our processor, and the whole API path (upload to Done), same file, same orders. */
export async function organizeBench(): Promise<string> {
  const dir = await scratchDir('organize');
  try {
    const input = await buildLongPdf(dir);
    const bytes = (await fs.stat(input)).size;

    const rows: string[][] = [];
    for (const { label, order } of ORDERS) {
      const raw: number[] = [];
      const processor: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const work = await scratchDir('organize-run');
        const out = path.join(work, 'raw.pdf');
        raw.push((await timed(() => runEngine('qpdf', [input, '--pages', input, order, '--', out], { timeoutMs: 120_000, okCodes: [0, 3] }))).seconds);
        const { seconds, result } = await timed(() => runProcessor('organize-pdf', [input], { order }, work));
        processor.push(seconds);
        if (i === 0) await expectPages(result.outputs[0].path, `organize-pdf ${label}`);
        await fs.rm(work, { recursive: true, force: true });
      }
      rows.push([label, secs(median(raw)), secs(median(processor))]);
      console.error(`organize: ${label} qpdf and processor done`);
    }

    let apiNote = '';
    try {
      const api = await withStack(async (stack) => {
        const cells: string[] = [];
        for (const { order } of ORDERS) {
          const timings = [];
          for (let i = 0; i < API_RUNS; i++) timings.push(await organizeThroughApi(visitorClient(stack.baseUrl), input, order, dir));
          cells.push(`${secs(median(timings.map((t) => t.total)))} (upload ${secs(median(timings.map((t) => t.upload)))})`);
        }
        return cells;
      });
      rows.forEach((row, i) => row.push(api[i]));
    } catch (e) {
      rows.forEach((row) => row.push('not run'));
      apiNote =
        `The API column did not run: ${e instanceof Error ? e.message : String(e)}. It needs the stack of` +
        ' `tests/support/stack.ts` with DATABASE_URL and REDIS_URL set (`npm run bench` sets them up).';
    }

    return [
      `## Organize: reorder a ${LONG_PDF_PAGES}-page PDF (${(bytes / 1024 / 1024).toFixed(1)} MB)`,
      '',
      'The PDF is built from fixtures: a 117-page book, two reports, three papers, a table-heavy export and the',
      `book's first 36 pages again. Medians of ${RUNS} runs (${API_RUNS} for the API). \`qpdf\` is`,
      '`qpdf in.pdf --pages in.pdf <order> -- out.pdf`; the processor adds a lazy qpdf probe of the input (the',
      'password check and repair rewrite only when it finds the file unsound), cuts the order into runs of consecutive',
      'pages and writes the bookmarks back as an incremental update; the API adds the upload, the queue, the task rows and',
      `the progress polling every ${POLL_MS} ms. Every output was checked to have ${LONG_PDF_PAGES} pages.`,
      '',
      table(['order', 'raw qpdf', 'organize-pdf processor', 'API, upload to Done'], rows),
      ...(apiNote ? ['', apiNote] : []),
    ].join('\n');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function organizeThroughApi(client: VisitorClient, input: string, order: string, dir: string) {
  const started = performance.now();
  const token = await upload(client, input);
  const uploaded = performance.now();
  const answer = await runTask(client, { toolType: 'organize-pdf', urls: token, order }, POLL_MS);
  const done = performance.now();
  // Not timed: the result really is the reordered document.
  const url = (answer.result as { fileurl: string }).fileurl;
  const res = await client.get(url);
  if (!res.ok) throw new Error(`download of the organized file answered ${res.status}`);
  const output = path.join(dir, 'api-output.pdf');
  await fs.writeFile(output, Buffer.from(await res.arrayBuffer()));
  await expectPages(output, 'the API result');
  return { upload: (uploaded - started) / 1000, total: (done - started) / 1000 };
}

async function expectPages(file: string, what: string) {
  const pages = await pageCount(file);
  if (pages !== LONG_PDF_PAGES) throw new Error(`${what} has ${pages} pages, not ${LONG_PDF_PAGES}`);
}
