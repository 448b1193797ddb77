import fs from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS } from '#shared/api';
import { runEngine } from '../worker/src/engines/run';
import { LONG_PDF_PAGES, buildLongPdf, median, scratchDir, secs, table, timed, upload, visitorClient, withStack } from './lib';

const PAGES = 20;
const RUNS = 5;
const API_RUNS = 3;

/**
 * Thumbnails of the first 20 pages of the 300-page PDF: raw pdftoppm against the API's
 * on-demand thumbnails (rendered by the worker on the first request, then cached).
 */
export async function thumbnailsBench(): Promise<string> {
  const dir = await scratchDir('thumbnails');
  try {
    const input = await buildLongPdf(dir);

    const rawFirst: number[] = [];
    const rawAll: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      rawFirst.push((await timed(() => pdftoppm(input, 1, path.join(dir, `first-${i}`)))).seconds);
      rawAll.push((await timed(() => pdftoppm(input, PAGES, path.join(dir, `all-${i}`)))).seconds);
    }
    const firstJpeg = (await fs.readdir(dir)).filter((name) => name.startsWith('all-0-')).sort()[0];
    const rawWidth = jpegSize(await fs.readFile(path.join(dir, firstJpeg))).width;
    const rows = [[`raw pdftoppm (${rawWidth} px wide)`, secs(median(rawFirst)), secs(median(rawAll)), '–']];
    console.error('thumbnails: pdftoppm done');

    let note = '';
    try {
      const timings = await withStack(async (stack) => {
        const runs = [];
        for (let i = 0; i < API_RUNS; i++) runs.push(await thumbnailsThroughApi(stack.baseUrl, input));
        return runs;
      });
      const width = timings[0].width;
      rows.push([
        `API, cold (${width} px wide)`,
        secs(median(timings.map((t) => t.first))),
        secs(median(timings.map((t) => t.all))),
        secs(median(timings.map((t) => t.cached))),
      ]);
    } catch (e) {
      rows.push(['API', 'not run', 'not run', 'not run']);
      note = `The API row did not run: ${e instanceof Error ? e.message : String(e)}.`;
    }
    console.error('thumbnails: API done');

    return [
      `## Thumbnails: first ${PAGES} pages of the ${LONG_PDF_PAGES}-page PDF`,
      '',
      `Medians of ${RUNS} runs (${API_RUNS} for the API, each on a fresh upload, so nothing is cached).`,
      `Raw: \`pdftoppm -jpeg -scale-to-x 200 -scale-to-y -1 -f 1 -l ${PAGES}\` (first: \`-l 1\`). API: \`GET ${API_PATHS.thumb}/{token}/{page}\``,
      `for pages 1–${PAGES} all at once, as a page grid asks for them; the worker renders pages in batches, so the`,
      `first answer waits for its whole batch. "Cached" asks for the same ${PAGES} again. Upload time is not counted.`,
      '',
      table(['', 'first thumbnail', `all ${PAGES}`, `all ${PAGES} again (cached)`], rows),
      ...(note ? ['', note] : []),
    ].join('\n');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function pdftoppm(input: string, last: number, outputBase: string) {
  return runEngine('pdftoppm', ['-jpeg', '-scale-to-x', '200', '-scale-to-y', '-1', '-f', '1', '-l', String(last), input, outputBase], {
    timeoutMs: 120_000,
  });
}

async function thumbnailsThroughApi(baseUrl: string, input: string) {
  const client = visitorClient(baseUrl);
  const token = await upload(client, input);
  const pages = Array.from({ length: PAGES }, (_, i) => i + 1);
  const fetchAll = async () => {
    const started = performance.now();
    let first = Infinity;
    const images = await Promise.all(
      pages.map(async (page) => {
        const res = await client.get(`${API_PATHS.thumb}/${token}/${page}`);
        const body = Buffer.from(await res.arrayBuffer());
        if (!res.ok || res.headers.get('content-type') !== 'image/jpeg') {
          throw new Error(`thumbnail endpoint answered ${res.status} ${res.headers.get('content-type')} for page ${page}: ${body.toString('utf8', 0, 200)}`);
        }
        first = Math.min(first, performance.now() - started);
        return body;
      }),
    );
    return { first: first / 1000, all: (performance.now() - started) / 1000, images };
  };
  const cold = await fetchAll();
  const cached = await fetchAll();
  return { first: cold.first, all: cold.all, cached: cached.all, width: jpegSize(cold.images[0]).width };
}

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  if (jpeg.readUInt16BE(0) !== 0xffd8) throw new Error('not a JPEG');
  for (let at = 2; at + 9 < jpeg.length; ) {
    const marker = jpeg.readUInt16BE(at);
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('JPEG without a frame header');
}
