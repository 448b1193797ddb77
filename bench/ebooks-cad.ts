import fs from 'node:fs/promises';
import path from 'node:path';
import type { ToolId } from '#shared/tools';
import { fixture } from '../tests/support/fixtures';
import { kb, median, runProcessor, scratchDir, secs, table, timed } from './lib';

/** Its "pictures" are 2-byte stubs: it is refused, there is nothing to time. */
const SKIP = new Set(['comictagger_fake_cbr.cbr']);
const BOOK_RUNS = Number(process.env.BENCH_EBOOK_RUNS ?? 3);
const CAD_RUNS = Number(process.env.BENCH_CAD_RUNS ?? 3);
/** Long enough for the CAD module to have a warmed-up thread waiting (see worker/src/cad/convert.ts). */
const IDLE_MS = 4_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function convert(tool: ToolId, file: string, options: Record<string, unknown>, dir: string) {
  const work = await fs.mkdtemp(path.join(dir, 'run-'));
  try {
    const { seconds, result } = await timed(() => runProcessor(tool, [file], options, work));
    const sizes = await Promise.all(result.outputs.map((o) => fs.stat(o.path).then((s) => s.size)));
    return { seconds, bytes: sizes.reduce((a, b) => a + b, 0) };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/**
 * Every eBook fixture through ebooks-to-pdf (calibre for books, bsdtar + sharp + pdf-lib for
 * comics), and every drawing through dwg-to-pdf and dwg-to-jpg (LibreDWG in WebAssembly, in a
 * worker thread), whole processors as the worker runs them.
 */
export async function ebooksCadBench(): Promise<string> {
  const dir = await scratchDir('ebooks-cad');
  const bookRows: string[][] = [];
  const cadRows: string[][] = [];
  try {
    for (const name of (await fs.readdir(fixture('ebooks'))).filter((f) => !SKIP.has(f)).sort()) {
      const file = fixture(`ebooks/${name}`);
      const runs = [];
      for (let i = 0; i < BOOK_RUNS; i++) runs.push(await convert('ebooks-to-pdf', file, {}, dir));
      bookRows.push([`\`${name}\``, kb((await fs.stat(file)).size), secs(median(runs.map((r) => r.seconds))), kb(runs[0].bytes)]);
      console.error(`ebooks: ${name} done`);
    }
    for (const name of (await fs.readdir(fixture('cad'))).sort()) {
      const file = fixture(`cad/${name}`);
      const row = [`\`${name}\``, kb((await fs.stat(file)).size)];
      for (const tool of ['dwg-to-pdf', 'dwg-to-jpg'] as const) {
        await sleep(IDLE_MS);
        const afterIdle = await convert(tool, file, {}, dir);
        const busy = [];
        for (let i = 0; i < CAD_RUNS; i++) busy.push(await convert(tool, file, {}, dir));
        row.push(secs(afterIdle.seconds), secs(median(busy.map((r) => r.seconds))), kb(afterIdle.bytes));
      }
      cadRows.push(row);
      console.error(`cad: ${name} done`);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return [
    '## eBooks to PDF',
    '',
    `Each file of \`tests/fixtures/ebooks\` (but the fake CBR, which is refused), median of ${BOOK_RUNS} runs of the whole processor:`,
    'archive and DRM checks, then calibre `ebook-convert` (A4) for books, or bsdtar + sharp + pdf-lib for comics.',
    '',
    table(['file', 'size', 'median', 'PDF size'], bookRows),
    '',
    '## DWG / DXF to PDF and JPG',
    '',
    'Each file of `tests/fixtures/cad` through the whole processor (parse with LibreDWG in WebAssembly or our DXF',
    'reader, then vector PDF, or SVG rasterised at 150 dpi). "After idle": one run once a warmed-up thread is waiting;',
    `"back to back": median of ${CAD_RUNS} runs in a row, each waiting for the thread warmed after the previous one.`,
    '',
    table(['file', 'size', 'PDF after idle', 'PDF back to back', 'PDF size', 'JPG after idle', 'JPG back to back', 'JPG size'], cadRows),
  ].join('\n');
}
