import fs from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from '../worker/src/engines/run';
import { fixture } from '../tests/support/fixtures';
import { median, runProcessor, runTask, scratchDir, secs, table, timed, upload, visitorClient, withStack } from './lib';

/**
 * Twenty fixtures that open without a password and without repair (1 to 117 pages, text, forms,
 * scans), in name order, so every run merges the same set.
 */
const MERGE_FILES = [
  'ocrmypdf_tagged.pdf',
  'pdf20_Simple-PDF-2.0-file.pdf',
  'pdf20_page-level-output-intent.pdf',
  'pdf20_via-incremental-save.pdf',
  'pdfjs_160F-2019.pdf',
  'pdfjs_TAMReview.pdf',
  'pdfjs_bug1937438_from_word.pdf',
  'pdfjs_images.pdf',
  'pdfjs_issue11656_hebrew.pdf',
  'pdfjs_issue12823_chinese.pdf',
  'pdfjs_issue16538_japanese.pdf',
  'pdfjs_personwithdog.pdf',
  'pdfjs_tracemonkey.pdf',
  'plumber_WARN-Report.pdf',
  'plumber_chelsea_pdta.pdf',
  'plumber_federal-register-2020-17221.pdf',
  'pypdf_GeoTopo-komprimiert.pdf',
  'pypdf_cmyk-image.pdf',
  'pypdf_multicolumn.pdf',
  'qpdf_incremental-1.pdf',
].map((name) => fixture(`pdf/${name}`));

const RUNS = 5;
const API_RUNS = 3;
const POLL_MS = 100;

/** Raw qpdf, our processor, and the whole API path (upload to Done), on the same 20 files. */
export async function mergeBench(): Promise<string> {
  const bytes = (await Promise.all(MERGE_FILES.map((f) => fs.stat(f)))).reduce((sum, s) => sum + s.size, 0);

  const raw: number[] = [];
  const processor: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = await scratchDir('merge');
    raw.push(
      (
        await timed(() =>
          runEngine('qpdf', ['--empty', '--pages', ...MERGE_FILES, '--', path.join(dir, 'raw.pdf')], {
            timeoutMs: 120_000,
            okCodes: [0, 3],
          }),
        )
      ).seconds,
    );
    processor.push((await timed(() => runProcessor('merge-pdf', MERGE_FILES, {}, dir))).seconds);
    await fs.rm(dir, { recursive: true, force: true });
  }
  console.error('merge: qpdf and processor done');

  let api: string;
  let apiNote = '';
  try {
    const timings = await apiMergeTimings();
    api = `${secs(median(timings.map((t) => t.total)))} (upload ${secs(median(timings.map((t) => t.upload)))})`;
  } catch (e) {
    api = 'not run';
    apiNote =
      `The API column did not run: ${e instanceof Error ? e.message : String(e)}. It needs the stack of` +
      ' `tests/support/stack.ts` with DATABASE_URL and REDIS_URL set (`npm run bench` sets them up).';
  }

  return [
    `## Merge: ${MERGE_FILES.length} fixture PDFs (${(bytes / 1024 / 1024).toFixed(1)} MB)`,
    '',
    `Medians of ${RUNS} runs (${API_RUNS} for the API). \`qpdf\` is \`qpdf --empty --pages <20 files> -- out.pdf\`; the processor`,
    'adds the password check and repair pass every input goes through; the API adds the 20 uploads, the queue,',
    `the task rows and the progress polling every ${POLL_MS} ms (a browser polls every 2 s).`,
    '',
    table(['raw qpdf', 'merge-pdf processor', 'API, first upload to Done'], [[secs(median(raw)), secs(median(processor)), api]]),
    ...(apiNote ? ['', apiNote] : []),
  ].join('\n');
}

/** Times the visitor's path through the real api and worker: upload each file, transfer, poll until Done. */
async function apiMergeTimings(): Promise<Array<{ upload: number; total: number }>> {
  return withStack(async (stack) => {
    const timings = [];
    for (let i = 0; i < API_RUNS; i++) timings.push(await mergeThroughApi(stack.baseUrl));
    return timings;
  });
}

async function mergeThroughApi(baseUrl: string): Promise<{ upload: number; total: number }> {
  const client = visitorClient(baseUrl);
  const started = performance.now();
  const tokens: string[] = [];
  // One after another, as the upload form does; the visitor cookie of the first ties the rest to it.
  for (const file of MERGE_FILES) tokens.push(await upload(client, file));
  const uploaded = performance.now();
  await runTask(client, { toolType: 'merge-pdf', urls: tokens.join(';') }, POLL_MS);
  const done = performance.now();
  return { upload: (uploaded - started) / 1000, total: (done - started) / 1000 };
}
