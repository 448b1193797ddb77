import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import type { ToolCase, ToolConformance, ToolRun } from '../harness';
import { truncatedTracemonkey } from '../made-fixtures';
import { range } from '../page-sources';
import { drawnText, pageCount, pdfFixture, structureProblems, text, words } from '../pdf-checks';

const noXref = pdfFixture('pdfjs_bug1795263_no-xref.pdf');
const brokenOffsets = pdfFixture('pdfjs_issue7229_broken-offsets.pdf');
const noStartxref = pdfFixture('pdfjs_scan-bad_no-startxref.pdf');
/** 16 pages, 12 of whose content streams no longer decode or parse. */
const fuzzed = pdfFixture('pdfjs_poppler-90-0-fuzzed.pdf');
const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');

const qpdfCheck = (file: string) => spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });

/** Pages whose content stream `qpdf --check` cannot decode or parse. */
function pagesWithBrokenContent(file: string): number[] {
  const { stdout, stderr } = qpdfCheck(file);
  const messages = `${stdout}\n${stderr}`;
  const badStreams = new Set([...messages.matchAll(/error decoding stream data for object (\d+) 0/g)].map((m) => `${m[1]} 0 R`));
  const badPages = new Set([...messages.matchAll(/^ERROR: page (\d+): content stream/gm)].map((m) => Number(m[1])));
  const pages = (JSON.parse(spawnSync('qpdf', ['--json', '--json-key=pages', file], { encoding: 'utf8' }).stdout) as { pages: Array<{ contents: string[] }> }).pages;
  return pages.flatMap((p, i) => (badPages.has(i + 1) || p.contents.some((ref) => badStreams.has(ref)) ? [i + 1] : []));
}

/** Every page renders: poppler draws it without failing. */
function everyPageRenders(file: string) {
  for (const page of range(1, pageCount(file))) {
    const r = spawnSync('pdftoppm', ['-r', '10', '-f', String(page), '-l', String(page), '-gray', file], { maxBuffer: 64 << 20 });
    expect(r.status, `page ${page}`).toBe(0);
  }
}

/** A fully rebuilt file: `qpdf --check` finds nothing, every page renders, and where poppler reads the input's text, the text is unchanged. */
const rebuiltWhole = ({ inputs, outputs }: ToolRun) => {
  const out = outputs[0].path;
  expect(qpdfCheck(out).status, qpdfCheck(out).stdout).toBe(0);
  everyPageRenders(out);
  const before = drawnText(inputs[0]);
  if (before) expect(drawnText(out)).toBe(before);
};

const repairs = (name: string, file: string, pages: number, extra?: ToolCase['check']): ToolCase => ({
  name,
  inputs: [file],
  pages: [pages],
  notice: 'REPAIRED',
  async check(run) {
    rebuiltWhole(run);
    await extra?.(run);
  },
});

const repairPdf: ToolConformance = {
  tool: 'repair-pdf',
  sample: [noXref.file],
  pagesOf: ([pages]) => [pages],
  unreadableError: 'PDF_UNRECOVERABLE',
  invariant: ({ outputs }) => expect(structureProblems(outputs[0].path)).toEqual([]),
  cases: [
    { ...repairs('rebuilds a file whose cross-reference table is missing', noXref.file, 1), names: ['pdfjs_bug1795263_no-xref-repaired.pdf'] },
    repairs('rebuilds a file whose object offsets are wrong, its text unchanged', brokenOffsets.file, 2),
    repairs('rebuilds a scan whose startxref is missing', noStartxref.file, 1),
    repairs('rebuilds a file cut short before its trailer, every page and nearly all its words recovered', truncatedTracemonkey, 14, async ({ outputs }) => {
      // The fonts' Unicode maps after the cut are gone: a ligature reads as nothing ("efcient"), every other word comes back.
      const original = words(await text(tracemonkey.file));
      const recovered = words(await text(outputs[0].path));
      expect([...original].filter((w) => recovered.has(w)).length / original.size).toBeGreaterThan(0.95);
    }),
    {
      name: 'takes the pages whose content no longer decodes from Ghostscript, keeping every word qpdf read',
      inputs: [fuzzed.file],
      pages: [16],
      notice: 'REPAIRED_SOME_PAGES',
      check({ inputs, outputs, noticeParams }) {
        expect(pagesWithBrokenContent(inputs[0]).length).toBe(12);
        expect(noticeParams, 'the result says 15 of 16 pages recovered').toEqual({ recovered: 15, found: 16 });
        everyPageRenders(outputs[0].path);
        // Ghostscript's page 10 lost a word the damaged page still shows, so that page stays as it was; the 11 others were recovered.
        expect(pagesWithBrokenContent(outputs[0].path)).toEqual([10]);
      },
    },
    { name: 'gives a sound file back, saying nothing was wrong', inputs: [tracemonkey.file], pages: [14], notice: 'NOTHING_TO_REPAIR', check: rebuiltWhole },
  ],
};

export default repairPdf;
