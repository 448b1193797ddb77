import { expect } from 'vitest';
import { getTool } from '#shared/tools';
import type { ToolConformance } from '../harness';
import { bookmarks, formFieldCount, linkCount, opensWithoutPassword, pdfFixture, text } from '../pdf-checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');
const register = pdfFixture('plumber_federal-register-2020-17221.pdf');
const small = ['pdf20_Simple-PDF-2.0-file.pdf', 'ocrmypdf_tagged.pdf', 'qpdf_incremental-1.pdf', 'pypdf_multicolumn.pdf'].map(pdfFixture);
const maxFiles = getTool('merge-pdf')!.maxFiles;
const most = Array.from({ length: maxFiles }, (_, i) => small[i % small.length]);

const mergePdf: ToolConformance = {
  tool: 'merge-pdf',
  sample: [pdfFixture('pdf20_Simple-PDF-2.0-file.pdf').file, pdfFixture('ocrmypdf_tagged.pdf').file],
  pagesOf: (pages) => [pages.reduce((a, b) => a + b, 0)],
  cases: [
    {
      name: 'merges the files in the order given, text and all',
      inputs: [tracemonkey.file, register.file],
      pages: [tracemonkey.pages + register.pages],
      names: ['pdfjs_tracemonkey-merged.pdf'],
      async check({ inputs, outputs }) {
        expect(await text(outputs[0].path)).toBe((await text(inputs[0])) + (await text(inputs[1])));
      },
    },
    {
      name: 'follows the order of the request, not the name',
      inputs: [register.file, tracemonkey.file],
      pages: [register.pages + tracemonkey.pages],
      names: ['plumber_federal-register-2020-17221-merged.pdf'],
      async check({ inputs, outputs }) {
        expect(await text(outputs[0].path)).toBe((await text(inputs[0])) + (await text(inputs[1])));
      },
    },
    {
      name: 'merges damaged, owner-only encrypted and clean files into one open file',
      inputs: ['pdfjs_bug1795263_no-xref.pdf', 'qpdf_enc-R3-V2_O-master_owner-only.pdf', 'pdfjs_scan-bad_no-startxref.pdf'].map(
        (n) => pdfFixture(n).file,
      ),
      pages: [1 + 30 + 1],
      check({ outputs }) {
        expect(opensWithoutPassword(outputs[0].path)).toBe(true);
      },
    },
    {
      name: 'keeps the form fields of every input',
      inputs: [pdfFixture('pypdf_libreoffice-form.pdf').file, pdfFixture('pypdf_pdflatex-forms.pdf').file],
      pages: [2],
      check({ inputs, outputs }) {
        expect(formFieldCount(outputs[0].path)).toBe(formFieldCount(inputs[0]) + formFieldCount(inputs[1]));
      },
    },
    {
      name: 'keeps the links of every page',
      inputs: [pdfFixture('pypdf_GeoTopo-komprimiert.pdf').file, pdfFixture('plumber_chelsea_pdta.pdf').file],
      pages: [117 + 65],
      check({ inputs, outputs }) {
        expect(linkCount(outputs[0].path)).toBe(linkCount(inputs[0]) + linkCount(inputs[1]));
      },
    },
    {
      name: 'keeps the bookmarks of every input, each pointing at the same page as before',
      inputs: [pdfFixture('pdf20_utf8-test.pdf').file, pdfFixture('pypdf_GeoTopo-komprimiert.pdf').file, tracemonkey.file],
      pages: [1 + 117 + tracemonkey.pages],
      check({ inputs, outputs }) {
        const [first, second] = [bookmarks(inputs[0]), bookmarks(inputs[1])];
        expect(first.length).toBeGreaterThan(0);
        expect(second.length).toBeGreaterThan(30);
        const shifted = second.map((b) => ({ title: b.title, page: b.page === null ? null : b.page + 1 }));
        expect(bookmarks(outputs[0].path)).toEqual([...first, ...shifted]);
      },
    },
    {
      name: `merges as many files as a task may take (${maxFiles})`,
      inputs: most.map((f) => f.file),
      pages: [most.reduce((sum, f) => sum + f.pages, 0)],
    },
    { name: 'refuses a single file', inputs: [tracemonkey.file], error: 'TOO_FEW_FILES' },
  ],
};

export default mergePdf;
