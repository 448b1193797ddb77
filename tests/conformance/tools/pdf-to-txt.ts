import fs from 'node:fs';
import { expect } from 'vitest';
import type { ToolConformance, ToolRun } from '../harness';
import { pageCount, pdfFixture, text, words } from '../pdf-checks';
import { fixture } from '../../support/fixtures';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');
const multicolumn = pdfFixture('pypdf_multicolumn.pdf');
const federalRegister = pdfFixture('plumber_federal-register-2020-17221.pdf');
const hebrew = pdfFixture('pdfjs_issue11656_hebrew.pdf');

const output = (run: ToolRun) => fs.readFileSync(run.outputs[0].path, 'utf8');
/** Position of each snippet in the text; every one must be there. */
const positions = (s: string, snippets: string[]) =>
  snippets.map((snippet) => {
    const at = s.indexOf(snippet);
    expect(at, snippet).toBeGreaterThanOrEqual(0);
    return at;
  });
const ascending = (values: number[]) => expect(values).toEqual([...values].sort((a, b) => a - b));

/** The words pdftotext finds (its own text output), all there and no others. */
const sameWordsAsPdftotext = async (run: ToolRun) => expect(words(output(run))).toEqual(words(await text(run.inputs[0])));

const pdfToTxt: ToolConformance = {
  tool: 'pdf-to-txt',
  outputExtension: 'txt',
  sample: [multicolumn.file],
  pagesOf: () => [1],
  invariant(run) {
    const bytes = fs.readFileSync(run.outputs[0].path);
    // Valid UTF-8, no byte-order mark, one form feed between pages (none after the last).
    expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe(bytes.toString('utf8'));
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    expect(bytes.toString('utf8').split('\f')).toHaveLength(pageCount(run.inputs[0]));
  },
  cases: [
    {
      name: 'puts one form feed between pages, each page holding the words of that page',
      inputs: [federalRegister.file],
      names: ['plumber_federal-register-2020-17221.txt'],
      async check(run) {
        const pages = output(run).split('\f');
        expect(pages).toHaveLength(15);
        for (const [i, page] of pages.entries()) expect(words(page)).toEqual(words(await text(run.inputs[0], i + 1, i + 1)));
      },
    },
    {
      name: 'keeps words set in small capitals whole, where pdftotext splits them',
      inputs: [tracemonkey.file],
      names: ['pdfjs_tracemonkey.txt'],
      async check(run) {
        // pdftotext writes "F ORCES S TACK": each small capital is a word of its own to it.
        expect(await text(run.inputs[0])).toContain('F ORCES S TACK');
        expect(output(run)).toContain('FORCESSTACK');
      },
    },
    { name: 'keeps every word pdftotext finds in a two-column paper', inputs: [multicolumn.file], check: sameWordsAsPdftotext },
    { name: 'keeps every word pdftotext finds in a three-column register', inputs: [federalRegister.file], check: sameWordsAsPdftotext },
    {
      name: 'reads two columns top to bottom, the left one first',
      inputs: [multicolumn.file],
      async check(run) {
        const page1 = output(run).split('\f')[0];
        ascending(
          positions(page1, [
            'Two-Column Document with Lorem Ipsum',
            'Abstract',
            'This is a sample document with two columns',
            // The last line of the left column, then the first of the right one.
            'Vivamus viverra fermentum felis. Donec nonummy',
            'pellentesque ante. Phasellus adipiscing semper elit.',
            'Quisque ullamcorper placerat ipsum.',
          ]),
        );
        // pdftotext's own order starts the right column before the left one on this page.
        const theirs = (await text(run.inputs[0], 1, 1)).replace(/\s+/g, ' ');
        expect(theirs.indexOf('pellentesque ante. Phasellus')).toBeLessThan(theirs.indexOf('This is a sample document'));
      },
    },
    {
      name: 'reads three columns in order, the footer and a note in the margin after them',
      inputs: [federalRegister.file],
      check(run) {
        const page1 = output(run).split('\f')[0];
        ascending(
          positions(page1, [
            'Proposed Rules',
            'This section of the FEDERAL REGISTER',
            'SUMMARY: The FAA proposes to',
            '• Federal eRulemaking Portal: Go to',
            'Examining the AD Docket',
            'proposal, explain the reason for any',
            'Confidential Business Information (CBI)',
            'VerDate Sep<11>2014',
            'jbell on DSKJLSW7X2PROD with PROPOSALS',
          ]),
        );
      },
    },
    {
      name: 'keeps right-to-left lines in logical order, as pdftotext gives them',
      inputs: [hebrew.file],
      async check(run) {
        expect(output(run)).toBe((await text(run.inputs[0])).replace(/\f$/, ''));
        expect(output(run)).toContain('שלום עולם');
      },
    },
    {
      name: 'gives an empty text for a scan without a text layer',
      inputs: [fixture('scanned/ocrmypdf_skew.pdf')],
      check: (run) => expect(output(run).trim()).toBe(''),
    },
    {
      name: 'reports progress as it goes and ends at 1',
      inputs: [pdfFixture('pypdf_GeoTopo-komprimiert.pdf').file],
      check({ progress }) {
        // 117 pages: once for the repaired input, then every 25 pages.
        expect(progress).toHaveLength(1 + Math.ceil(117 / 25));
        expect(progress.at(-1)).toBe(1);
      },
    },
  ],
};

export default pdfToTxt;
