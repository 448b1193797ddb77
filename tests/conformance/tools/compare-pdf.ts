import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Change, CompareReport } from '#shared/compare';
import type { KnownEdit } from '../../support/compare-pair';
import { fixture } from '../../support/fixtures';
import type { ToolConformance, ToolRun } from '../harness';
import { pageCount, pdfFixture, text } from '../pdf-checks';

const before = pdfFixture('sheaf_compare-before.pdf');
const after = pdfFixture('sheaf_compare-after.pdf');
/** The 20 places where `after` was edited (tests/support/compare-pair.ts wrote all three files). */
const edits = JSON.parse(readFileSync(fixture('pdf/sheaf_compare-edits.json'), 'utf8')) as KnownEdit[];

const reportOf = (run: ToolRun) => JSON.parse(readFileSync(run.outputs[1].path, 'utf8')) as CompareReport;

/** Whether a change found is the known edit: its kind, its page on the later document, its words. */
function isEdit(change: Change, edit: KnownEdit): boolean {
  if (change.kind !== edit.kind || change.after?.page !== edit.page) return false;
  switch (edit.kind) {
    case 'changed':
      return change.before?.text === edit.before && change.after.text === edit.after;
    case 'inserted':
    case 'moved':
      return change.after.text === edit.after;
    case 'deleted':
      return change.before?.text === edit.before;
    default:
      return true;
  }
}

const comparePdf: ToolConformance = {
  tool: 'compare-pdf',
  sample: [pdfFixture('pdf20_Simple-PDF-2.0-file.pdf').file, pdfFixture('ocrmypdf_tagged.pdf').file],
  // A report, its JSON and its text: the report's pages depend on how the pages pair up, which the cases check.
  pagesOf: (pages) => [1 + Math.max(...pages)],
  outputExtension: () => ['pdf', 'json', 'txt'],
  invariant(run) {
    expect(run.outputs.map((o) => o.name.split('-').pop())).toEqual(['comparison.pdf', 'changes.json', 'changes.txt']);
    const report = reportOf(run);
    // The report: the list (a page or more), then a page per pair.
    expect(pageCount(run.outputs[0].path)).toBeGreaterThan(report.pairs.length);
    expect(readFileSync(run.outputs[2].path, 'utf8').split('\n').filter((l) => /^\d+\. /.test(l))).toHaveLength(report.changes.length);
  },
  cases: [
    {
      name: 'finds the 20 known edits (words changed, inserted, deleted, a paragraph moved, a page inserted, a figure replaced) and nothing else',
      inputs: [before.file, after.file],
      notice: null,
      check(run) {
        const report = reportOf(run);
        const found = edits.filter((e) => report.changes.some((c) => isEdit(c, e)));
        const unexplained = report.changes.filter((c) => !edits.some((e) => isEdit(c, e)));
        expect(edits).toHaveLength(20);
        // All 20 are found today; the issue asks for at least 19.
        expect(found.length, `missed: ${JSON.stringify(edits.filter((e) => !found.includes(e)))}`).toBeGreaterThanOrEqual(19);
        expect(unexplained).toEqual([]);
        // The inserted page stands alone: every other page is paired with its own.
        expect(report.pairs).toEqual([[1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6], [null, 7], [7, 8], [8, 9]]);
      },
    },
    {
      name: 'marks every change on the report, the earlier page beside the later',
      inputs: [before.file, after.file],
      options: { mode: 'text', lang: 'fr' },
      async check(run) {
        const report = reportOf(run);
        expect(report.changes.some((c) => c.kind === 'visual')).toBe(false);
        const pdf = run.outputs[0].path;
        const listed = await text(pdf, 1, 1);
        expect(listed).toContain('Modifications trouvées : 19');
        expect(listed).toContain('revised-1');
        // Page 2 of the report: the first pair, "Avant, page 1" beside "Après, page 1".
        expect(await text(pdf, 2, 2)).toMatch(/Avant, page 1[\s\S]*Après, page 1/);
      },
    },
    {
      name: 'answers "no differences" for two copies of one file, pictures compared too',
      inputs: [before.file, before.file],
      notice: 'NO_DIFFERENCES',
      check(run) {
        const report = reportOf(run);
        expect(report).toMatchObject({ identical: true, changes: [] });
        expect(report.pairs).toEqual(Array.from({ length: before.pages }, (_, i) => [i + 1, i + 1]));
      },
    },
  ],
};

export default comparePdf;
