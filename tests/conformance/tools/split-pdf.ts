import { expect } from 'vitest';
import type { ToolConformance, ToolRun } from '../harness';
import { pdfFixture, text } from '../pdf-checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');
const geoTopo = pdfFixture('pypdf_GeoTopo-komprimiert.pdf');
const stem = 'pdfjs_tracemonkey';

/** Each part holds exactly the text of its pages in the input. */
const textMatchesRanges =
  (ranges: Array<[number, number]>) =>
  async ({ inputs, outputs }: ToolRun) => {
    for (const [i, [from, to]] of ranges.entries()) expect(await text(outputs[i].path)).toBe(await text(inputs[0], from, to));
  };

const splitPdf: ToolConformance = {
  tool: 'split-pdf',
  sample: [pdfFixture('ocrmypdf_tagged.pdf').file],
  pagesOf: (pages) => Array(pages[0]).fill(1),
  cases: [
    {
      name: 'makes one part per page by default',
      inputs: [tracemonkey.file],
      pages: Array(14).fill(1),
      names: Array.from({ length: 14 }, (_, i) => `${stem}-${i + 1}.pdf`),
      check: textMatchesRanges(Array.from({ length: 14 }, (_, i) => [i + 1, i + 1])),
    },
    {
      name: 'makes one part per page range, an open range running to the end',
      inputs: [tracemonkey.file],
      options: { pages: '1-3,5,8-' },
      pages: [3, 1, 7],
      names: [`${stem}-1-3.pdf`, `${stem}-5.pdf`, `${stem}-8-14.pdf`],
      check: textMatchesRanges([
        [1, 3],
        [5, 5],
        [8, 14],
      ]),
    },
    {
      name: 'puts splitcount pages in each part, the rest in the last',
      inputs: [tracemonkey.file],
      options: { splitcount: 4 },
      pages: [4, 4, 4, 2],
      names: [`${stem}-1-4.pdf`, `${stem}-5-8.pdf`, `${stem}-9-12.pdf`, `${stem}-13-14.pdf`],
      check: textMatchesRanges([
        [1, 4],
        [5, 8],
        [9, 12],
        [13, 14],
      ]),
    },
    { name: 'takes splitcount as the form sends it, a string', inputs: [tracemonkey.file], options: { splitcount: '5' }, pages: [5, 5, 4] },
    {
      name: 'gives the whole document when splitcount exceeds its pages',
      inputs: [tracemonkey.file],
      options: { splitcount: 50 },
      pages: [14],
      names: [`${stem}-1-14.pdf`],
    },
    { name: 'prefers page ranges to splitcount', inputs: [tracemonkey.file], options: { pages: '2-3', splitcount: 4 }, pages: [2] },
    {
      name: 'ends a range that runs past the last page at the last page',
      inputs: [tracemonkey.file],
      options: { pages: '10-99' },
      pages: [5],
      names: [`${stem}-10-14.pdf`],
    },
    {
      name: 'refuses a range that starts after the last page',
      inputs: [tracemonkey.file],
      options: { pages: '15-' },
      error: 'INVALID_PAGES',
    },
    { name: 'refuses a list with one page beyond the end', inputs: [tracemonkey.file], options: { pages: '3,20' }, error: 'INVALID_PAGES' },
    {
      name: 'splits a long document, reporting progress for every part',
      inputs: [geoTopo.file],
      pages: Array(geoTopo.pages).fill(1),
      check({ progress }) {
        // One report once the input is ready, then one per part, the last at 1.
        expect(progress).toHaveLength(1 + geoTopo.pages);
        expect(progress.at(-1)).toBe(1);
      },
    },
  ],
};

export default splitPdf;
