import fs from 'node:fs/promises';
import path from 'node:path';
import type { RedactReport } from '#shared/api';
import { pageCount } from '../worker/src/engines/qpdf';
import { runEngine } from '../worker/src/engines/run';
import { fixture } from '../tests/support/fixtures';
import { buildLongPdf, median, runProcessor, scratchDir, secs, table, timed } from './lib';

const EVERY_PATTERN = { email: true, phone: true, iban: true, card: true, date: true };

/**
 * Redact PDF beside a plain qpdf rewrite of the same file, the floor of any tool that writes the
 * document again: the rest is PDFium reading every page's text, redacting under each match, saving,
 * and qpdf cleaning the objects and writing the file once more.
 */
export async function redactBench(): Promise<string> {
  const dir = await scratchDir('redact');
  try {
    const files = [
      { label: 'the fixture: a letter, a scan, a form; a name and every pattern', file: fixture('pdf/sheaf_to-redact.pdf'), options: { terms: 'Jane Secret', ...EVERY_PATTERN }, runs: 3 },
      { label: 'GNU Libtasn1 manual: "ASN.1", e-mail addresses, dates', file: fixture('pdf/debian_libtasn1.pdf'), options: { terms: 'ASN.1', email: true, date: true }, runs: 3 },
      { label: 'real documents: every pattern', file: await buildLongPdf(dir), options: EVERY_PATTERN, runs: 1 },
    ];
    const rows: string[][] = [];
    for (const { label, file, options, runs } of files) {
      const raw: number[] = [];
      const times: number[] = [];
      let report: RedactReport | undefined;
      for (let i = 0; i < runs; i++) {
        raw.push((await timed(() => runEngine('qpdf', [file, path.join(dir, 'raw.pdf')], { timeoutMs: 300_000, okCodes: [0, 3] }))).seconds);
        const work = await scratchDir('redact-run');
        const { seconds, result } = await timed(() => runProcessor('redact-pdf', [file], options, work));
        times.push(seconds);
        report = result.report as RedactReport;
        await fs.rm(work, { recursive: true, force: true });
      }
      rows.push([
        label,
        String(await pageCount(file)),
        `${report!.areas} on ${report!.pages} pages`,
        String(report!.cleaned),
        report!.left.length === 0 ? 'none' : report!.left.map((l) => `${l.page} (${l.reason})`).join(', '),
        secs(median(raw)),
        secs(median(times)),
        `${(median(times) / median(raw)).toFixed(1)}×`,
      ]);
      console.error(`redact: ${label} done`);
    }
    return [
      '## Redact PDF: terms and patterns removed',
      '',
      'Medians of the runs shown (3, or 1 for the long document) on this machine. `qpdf rewrite` is `qpdf in.pdf out.pdf`, the',
      "floor of any tool that writes the document again; the processor also reads every page's text with PDFium, removes",
      'what lies under each match, saves, then cleans the objects (annotations, fields, bookmarks, metadata) with qpdf.',
      '',
      table(['file', 'pages', 'areas redacted', 'objects cleaned', 'pages left covered', 'qpdf rewrite', 'redact-pdf processor', 'processor / rewrite'], rows),
      '',
    ].join('\n');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
