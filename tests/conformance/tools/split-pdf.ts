import fs from 'node:fs';
import { expect } from 'vitest';
import type { ToolConformance, ToolRun } from '../harness';
import { pageCount, pdfFixture, text } from '../pdf-checks';
import { fixture } from '../../support/fixtures';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');
const geoTopo = pdfFixture('pypdf_GeoTopo-komprimiert.pdf');
const stem = 'pdfjs_tracemonkey';
/** 36 pages, seven top-level bookmarks (chapters, appendix, two indexes) over sections. */
const libtasn1 = pdfFixture('debian_libtasn1.pdf');
/** Image-heavy: six 300 dpi JPEG scans, about 560 KB each. */
const epsonScan = fixture('scanned/plumber_pr-136_epson-scan-chinese.pdf');
const MB = 1024 * 1024;

/** The parts, in order, hold the input's pages in order, each once: their texts add up to the input's. */
const partsAddUp = async ({ inputs, outputs }: ToolRun) => {
  const counts = outputs.map((o) => pageCount(o.path));
  expect(counts.reduce((a, b) => a + b, 0)).toBe(pageCount(inputs[0]));
  let first = 1;
  for (const [i, out] of outputs.entries()) {
    expect(await text(out.path)).toBe(await text(inputs[0], first, first + counts[i] - 1));
    first += counts[i];
  }
};

/**
 * Every part is at most `limit` bytes, unless it is a single page too large on its own (and the
 * result says so); together they weigh at most `ratio` times the input.
 */
const withinSize =
  (limit: number, ratio: number) =>
  async (run: ToolRun) => {
    const sizes = run.outputs.map((o) => fs.statSync(o.path).size);
    for (const [i, size] of sizes.entries()) {
      if (size <= limit) continue;
      expect(pageCount(run.outputs[i].path), run.outputs[i].name).toBe(1);
      expect(run.notice).toBe('PART_OVER_LIMIT');
    }
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(ratio * fs.statSync(run.inputs[0]).size);
    await partsAddUp(run);
  };

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
      name: 'makes parts of at most the size given, each with only its own images, of an image-heavy scan',
      inputs: [epsonScan],
      options: { maxsize: '1.2' },
      pages: [2, 2, 2],
      names: ['plumber_pr-136_epson-scan-chinese-1-2.pdf', 'plumber_pr-136_epson-scan-chinese-3-4.pdf', 'plumber_pr-136_epson-scan-chinese-5-6.pdf'],
      notice: null,
      check: withinSize(1.2 * MB, 1.3),
    },
    {
      name: 'fills parts of a text document up to the size given, pages in order',
      inputs: [tracemonkey.file],
      options: { maxsize: 0.4 },
      check: withinSize(0.4 * MB, 3),
    },
    {
      name: 'puts a page larger than the size given in a part of its own, and says so',
      inputs: [epsonScan],
      options: { maxsize: 0.2 },
      pages: Array(6).fill(1),
      notice: 'PART_OVER_LIMIT',
      check: partsAddUp,
    },
    {
      name: 'makes one part per top-level bookmark, named from its title, the cover with the first',
      inputs: [libtasn1.file],
      options: { bookmarklevel: 1 },
      pages: [4, 3, 3, 16, 8, 1, 1],
      names: ['1 Introduction.pdf', '2 ASN.1 structure handling.pdf', '3 Utilities.pdf', '4 Function reference.pdf', 'A Copying Information.pdf', 'Concept Index.pdf', 'Function and Data Index.pdf'],
      check: partsAddUp,
    },
    {
      name: 'splits at the bookmarks of the level given, several on one page starting one part',
      inputs: [libtasn1.file],
      options: { bookmarklevel: '2' },
      pages: [5, 1, 1, 2, 1, 7, 7, 1, 1, 10],
      check: partsAddUp,
    },
    { name: 'refuses to split by bookmarks a document that has none', inputs: [tracemonkey.file], options: { bookmarklevel: 1 }, error: 'NO_BOOKMARKS' },
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
