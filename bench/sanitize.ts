import fs from 'node:fs/promises';
import path from 'node:path';
import { SANITIZE_KINDS } from '#shared/tools/sanitize-pdf';
import type { SanitizeReport } from '#shared/api';
import { pageCount } from '../worker/src/engines/qpdf';
import { runEngine } from '../worker/src/engines/run';
import { fixture } from '../tests/support/fixtures';
import { buildLongPdf, median, runProcessor, scratchDir, secs, table, timed } from './lib';

const RUNS = 3;

/** A document of `copies` times the two-page fixture that holds one of each kind (a hidden layer on every odd page). */
async function repeatedEverything(dir: string, copies: number): Promise<string> {
  const source = fixture('pdf/sheaf_everything-to-sanitize.pdf');
  const target = path.join(dir, `everything-x${copies}.pdf`);
  await runEngine('qpdf', [source, '--pages', ...Array(copies).fill([source, '1-z']).flat(), '--', target], { timeoutMs: 300_000, okCodes: [0, 3] });
  return target;
}

/**
 * Sanitize PDF (every kind chosen) beside a plain qpdf rewrite of the same file, the floor of any
 * tool that writes the document again: the rest is reading every object as JSON, the content
 * streams of pages with hidden layers, and writing back the changed objects.
 */
export async function sanitizeBench(): Promise<string> {
  const dir = await scratchDir('sanitize');
  try {
    const files = [
      { label: 'one of each kind (the fixture)', file: fixture('pdf/sheaf_everything-to-sanitize.pdf') },
      { label: 'French tax form: 61 scripts and actions, 7 filled fields', file: fixture('pdf/pdfjs_160F-2019.pdf') },
      { label: 'real documents with comments', file: await buildLongPdf(dir) },
      { label: 'the fixture ×250 (a hidden layer on 250 pages)', file: await repeatedEverything(dir, 250) },
    ];
    const rows: string[][] = [];
    for (const { label, file } of files) {
      const raw: number[] = [];
      const times: number[] = [];
      let removed = 0;
      for (let i = 0; i < RUNS; i++) {
        raw.push((await timed(() => runEngine('qpdf', [file, path.join(dir, 'raw.pdf')], { timeoutMs: 300_000, okCodes: [0, 3] }))).seconds);
        const work = await scratchDir('sanitize-run');
        const { seconds, result } = await timed(() => runProcessor('sanitize-pdf', [file], {}, work));
        times.push(seconds);
        const report = result.report as SanitizeReport;
        removed = SANITIZE_KINDS.reduce((n, kind) => n + report.removed[kind], 0);
        await fs.rm(work, { recursive: true, force: true });
      }
      rows.push([label, String(await pageCount(file)), String(removed), secs(median(raw)), secs(median(times)), `${(median(times) / median(raw)).toFixed(1)}×`]);
      console.error(`sanitize: ${label} done`);
    }
    return [
      '## Sanitize PDF: every kind removed',
      '',
      `Medians of ${RUNS} runs on this machine. \`qpdf rewrite\` is \`qpdf in.pdf out.pdf\`, the floor of any tool that writes`,
      'the document again; the processor also reads every object as qpdf JSON, decodes the content streams of the pages',
      'and forms that draw a hidden layer, takes that drawing out, and writes the changed objects back with qpdf.',
      '',
      table(['file', 'pages', 'things removed', 'qpdf rewrite', 'sanitize-pdf processor', 'processor / rewrite'], rows),
      '',
    ].join('\n');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
