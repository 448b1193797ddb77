import fs from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from '../worker/src/engines/run';
import { fixture } from '../tests/support/fixtures';
import { kb, median, runProcessor, runTask, scratchDir, secs, table, timed, upload, visitorClient, withStack } from './lib';

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

/** A dozen small sound PDFs (1 to 4 pages, 2 to 60 KB): where the fixed cost of a task shows. */
const SMALL_FILES = [
  'pypdf_multicolumn.pdf',
  'pdfjs_issue12823_chinese.pdf',
  'pdfjs_issue16538_japanese.pdf',
  'ocrmypdf_tagged.pdf',
  'pdfjs_bug1937438_from_word.pdf',
  'pypdf_libreoffice-form.pdf',
  'pdfjs_issue11656_hebrew.pdf',
  'pypdf_pdflatex-forms.pdf',
  'qpdf_incremental-1.pdf',
  'pdf20_page-level-output-intent.pdf',
  'pdf20_via-incremental-save.pdf',
  'pdf20_Simple-PDF-2.0-file.pdf',
].map((name) => fixture(`pdf/${name}`));

const RUNS = 5;
const API_RUNS = 3;
const POLL_MS = 100;

interface SetTimings {
  raw: number[];
  processor: number[];
  api: Array<{ upload: number; transfer: number; total: number }>;
}

/** Raw qpdf, our processor, and the whole API path (upload to Done), on the same files. */
export async function mergeBench(): Promise<string> {
  const sets = [
    { label: `${MERGE_FILES.length} fixture PDFs`, files: MERGE_FILES },
    { label: `${SMALL_FILES.length} small PDFs`, files: SMALL_FILES },
  ];
  const timings = new Map<string, SetTimings>();
  for (const set of sets) timings.set(set.label, { raw: [], processor: [], api: [] });
  for (const set of sets) {
    const t = timings.get(set.label)!;
    for (let i = 0; i < RUNS; i++) {
      const dir = await scratchDir('merge');
      const out = path.join(dir, 'raw.pdf');
      t.raw.push(
        (await timed(() => runEngine('qpdf', ['--empty', '--pages', ...set.files, '--', out], { timeoutMs: 120_000, okCodes: [0, 3] })))
          .seconds,
      );
      t.processor.push((await timed(() => runProcessor('merge-pdf', set.files, {}, dir))).seconds);
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
  console.error('merge: qpdf and processor done');

  let apiNote = '';
  try {
    await withStack(async (stack) => {
      for (let i = 0; i < API_RUNS; i++)
        for (const set of sets) timings.get(set.label)!.api.push(await mergeThroughApi(stack.baseUrl, set.files));
    });
  } catch (e) {
    apiNote =
      `The API columns did not run: ${e instanceof Error ? e.message : String(e)}. They need the stack of` +
      ' `tests/support/stack.ts` with DATABASE_URL and REDIS_URL set (`npm run bench` sets them up).';
  }

  const rows = await Promise.all(
    sets.map(async (set) => {
      const t = timings.get(set.label)!;
      const bytes = (await Promise.all(set.files.map((f) => fs.stat(f)))).reduce((sum, s) => sum + s.size, 0);
      const raw = median(t.raw);
      const ratio = (seconds: number) => `${secs(seconds)} (${(seconds / raw).toFixed(2)}×)`;
      const api = (pick: (a: SetTimings['api'][number]) => number) => (t.api.length ? ratio(median(t.api.map(pick))) : 'not run');
      const upload = t.api.length ? secs(median(t.api.map((a) => a.upload))) : 'not run';
      return [`${set.label} (${kb(bytes)})`, secs(raw), ratio(median(t.processor)), upload, api((a) => a.transfer), api((a) => a.total)];
    }),
  );
  return [
    `## Merge: raw qpdf, the processor and the API`,
    '',
    `Medians of ${RUNS} runs (${API_RUNS} for the API), × = times raw qpdf. \`qpdf\` is \`qpdf --empty --pages <files> -- out.pdf\`.`,
    'The processor adds what every input goes through: one lazy qpdf probe per file (sound, unencrypted: used as it is;',
    'otherwise the password check and repair rewrite), the merge of the uploads started beside the probes, and the',
    'bookmarks written back as an incremental update. The API adds the uploads (one after another, as the page sends',
    `them), the queue, the task rows and polling every ${POLL_MS} ms (a browser polls every 2 s). Goals (issue 22):`,
    'processor ≤ 1.3× raw, upload to Done ≤ 2× raw, transfer to Done ≤ 2× raw + 0.5 s.',
    '',
    table(['files', 'raw qpdf', 'merge-pdf processor', 'API: uploads', 'API: transfer to Done', 'API: first upload to Done'], rows),
    ...(apiNote ? ['', apiNote] : []),
  ].join('\n');
}

/** The visitor's path through the real api and worker: upload each file, transfer, poll until Done. */
async function mergeThroughApi(baseUrl: string, files: readonly string[]): Promise<{ upload: number; transfer: number; total: number }> {
  const client = visitorClient(baseUrl);
  const started = performance.now();
  const tokens: string[] = [];
  // One after another, as the upload form does; the visitor cookie of the first ties the rest to it.
  for (const file of files) tokens.push(await upload(client, file));
  const uploaded = performance.now();
  await runTask(client, { toolType: 'merge-pdf', urls: tokens.join(';') }, POLL_MS);
  const done = performance.now();
  return { upload: (uploaded - started) / 1000, transfer: (done - uploaded) / 1000, total: (done - started) / 1000 };
}
