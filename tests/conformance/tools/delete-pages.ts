import { expect } from 'vitest';
import type { ToolCase, ToolConformance } from '../harness';
import { fromInput, pagesFrom, range } from '../page-sources';
import { bookmarks, linksPerPage, pdfFixture } from '../pdf-checks';
import { fixture } from '../../support/fixtures';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');
const geoTopo = pdfFixture('pypdf_GeoTopo-komprimiert.pdf');

/** Deleting `pages` from `file` leaves exactly the pages of `kept`, everything on them intact. */
function leaves(file: string, pages: string, kept: number[], name: string): ToolCase {
  return { name, inputs: [file], options: { pages }, pages: [kept.length], check: pagesFrom(fromInput(0, kept)) };
}

const deletePages: ToolConformance = {
  tool: 'delete-pages',
  sample: [pdfFixture('ocrmypdf_tagged.pdf').file],
  options: { pages: '1' },
  pagesOf: ([pages]) => (pages > 1 ? [pages - 1] : 'CANNOT_DELETE_ALL'),
  cases: [
    {
      ...leaves(tracemonkey.file, '2,4-6', [1, 3, ...range(7, 14)], 'removes the pages listed, the others keeping their text'),
      names: ['pdfjs_tracemonkey-pages-removed.pdf'],
    },
    {
      name: 'removes pages of a 117-page book, keeping the links and bookmarks of the pages that stay and dropping the others',
      inputs: [geoTopo.file],
      options: { pages: '1-10,50,100-' },
      pages: [88],
      async check(run) {
        await pagesFrom(fromInput(0, [...range(11, 49), ...range(51, 99)]))(run);
        // Not vacuous: most of the book's bookmarks and links are on pages that stay.
        const kept = bookmarks(run.outputs[0].path);
        expect(kept.length).toBeGreaterThan(20);
        expect(kept.filter((b) => b.page === null)).toEqual([]);
        // Chapter 1 starts on page 6, which is gone; its section 1.3 (page 13) stays, now on page 3.
        expect(kept.map((b) => b.title)).not.toContain('1 Topologische Grundbegriffe');
        expect(kept).toContainEqual({ title: '1.3 Stetigkeit', page: 3 });
        expect(linksPerPage(run.outputs[0].path).reduce((a, b) => a + b)).toBeGreaterThan(100);
      },
    },
    { ...leaves(geoTopo.file, '2-117', [1], 'keeps a single page'), notice: null },
    leaves(fixture('gov_forms/irs_f941_rev2024-03_original.pdf'), '2', [1, 3], 'keeps the form fields of the pages that stay'),
    leaves(
      fixture('gov_forms/irs_fw2_2025_macos-resave.pdf'),
      '1,3,5-7',
      [2, 4, 8, 9, 10, 11],
      'keeps the form fields of an 11-page form spread over the pages that stay',
    ),
    leaves(pdfFixture('pdfjs_poppler-90-0-fuzzed.pdf').file, '1-4,16', range(5, 15), 'removes pages of a damaged, fuzzed file'),
    leaves(pdfFixture('pdfjs_issue7229_broken-offsets.pdf').file, '1', [2], 'removes a page of a file with broken object offsets'),
    leaves(tracemonkey.file, '5,1-3,2', [4, ...range(6, 14)], 'takes unordered, overlapping ranges, removing each page once'),
    leaves(tracemonkey.file, '10-99', range(1, 9), 'ends a range that runs past the last page at the last page'),
    leaves(tracemonkey.file, '-3', range(4, 14), 'reads "-3" as pages 1 to 3'),
    { name: 'refuses to remove every page', inputs: [tracemonkey.file], options: { pages: '1-14' }, error: 'CANNOT_DELETE_ALL' },
    { name: 'refuses to remove every page of an open range', inputs: [tracemonkey.file], options: { pages: '1,2-' }, error: 'CANNOT_DELETE_ALL' },
    { name: 'refuses the only page of a file', inputs: [pdfFixture('pypdf_libreoffice-form.pdf').file], options: { pages: '1' }, error: 'CANNOT_DELETE_ALL' },
    { name: 'refuses a range that starts after the last page', inputs: [tracemonkey.file], options: { pages: '15-' }, error: 'INVALID_PAGES' },
    { name: 'refuses a list with one page beyond the end', inputs: [tracemonkey.file], options: { pages: '3,20' }, error: 'INVALID_PAGES' },
  ],
};

export default deletePages;
