import { expect } from 'vitest';
import type { ToolCase, ToolConformance, ToolRun } from '../harness';
import { INHERITED_ROTATION, inheritedRotation } from '../made-fixtures';
import { fromInput, pagesFrom, range } from '../page-sources';
import { pageCount, pageRotations, pdfFixture } from '../pdf-checks';
import { fixture } from '../../support/fixtures';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');
const geoTopo = pdfFixture('pypdf_GeoTopo-komprimiert.pdf');
/** A real scan whose only page already has /Rotate 90. */
const turnedScan = fixture('scanned/ocrmypdf_rotated_skew.pdf');
/** A real 6-page scan whose pages hold /Rotate 0 as indirect objects. */
const epsonScan = fixture('scanned/plumber_pr-136_epson-scan-chinese.pdf');

/** Each page's rotation is what it had plus `angle` where `turned` says so; nothing else on the pages changes. */
const addsRotation =
  (angle: number, turned?: readonly number[]) =>
  async (run: ToolRun) => {
    const before = pageRotations(run.inputs[0]);
    const pages = range(1, before.length);
    const isTurned = (page: number) => !turned || turned.includes(page);
    expect(pageRotations(run.outputs[0].path)).toEqual(before.map((r, i) => (isTurned(i + 1) ? (r + angle) % 360 : r)));
    await pagesFrom(fromInput(0, pages), pages.filter(isTurned))(run);
  };

function rotates(name: string, file: string, angle: number | string, turned?: number[]): ToolCase {
  return {
    name,
    inputs: [file],
    options: { angle, ...(turned ? { pages: turned.join(',') } : {}) },
    pages: [pageCount(file)],
    check: addsRotation(Number(angle), turned),
  };
}

const rotatePdf: ToolConformance = {
  tool: 'rotate-pdf',
  sample: [pdfFixture('ocrmypdf_tagged.pdf').file],
  options: { angle: 90 },
  pagesOf: ([pages]) => [pages],
  cases: [
    { ...rotates('turns every page 90° clockwise when no pages are given', tracemonkey.file, 90), names: ['pdfjs_tracemonkey-rotated.pdf'] },
    rotates('turns every page 180°', tracemonkey.file, 180),
    rotates('turns every page 270°', tracemonkey.file, 270),
    rotates('takes the angle as the form sends it, a string', tracemonkey.file, '90', [1]),
    rotates('turns only the pages given, in a 117-page book, keeping its links and bookmarks', geoTopo.file, 180, [2, 5, 6, 7, 117]),
    rotates('turns every page of a 117-page book', geoTopo.file, 90),
    {
      // qpdf given "2-4,3" itself would turn page 3 twice.
      ...rotates('turns each page once when the ranges overlap, repeat or come out of order', tracemonkey.file, 90, [1, 2, 3, 4, 7]),
      options: { angle: 90, pages: '7,3,1-3,2-4,3' },
    },
    rotates('adds to the /Rotate a page already has: 90 + 90 = 180', turnedScan, 90),
    rotates('adds to the /Rotate a page already has: 90 + 270 = 0', turnedScan, 270),
    rotates('adds to a rotation held in an indirect object', epsonScan, 270, [2, 4, 6]),
    {
      name: 'adds to rotations inherited from the page tree and set on a page',
      inputs: [inheritedRotation],
      options: { angle: 90, pages: '1,7-8,13-' },
      pages: [14],
      async check(run) {
        const turned = [1, 7, 8, 13, 14];
        expect(pageRotations(run.outputs[0].path)).toEqual(INHERITED_ROTATION.map((r, i) => (turned.includes(i + 1) ? (r + 90) % 360 : r)));
        await addsRotation(90, turned)(run);
      },
    },
    rotates('keeps the form fields and their values', pdfFixture('pdfjs_160F-2019.pdf').file, 90),
    rotates('keeps the filled form fields of a LibreOffice form', pdfFixture('pypdf_libreoffice-form.pdf').file, 270),
    rotates('turns the pages of a damaged, fuzzed file', pdfFixture('pdfjs_poppler-90-0-fuzzed.pdf').file, 90, range(1, 8)),
    { name: 'refuses pages beyond the end', inputs: [tracemonkey.file], options: { angle: 90, pages: '2,15' }, error: 'INVALID_PAGES' },
  ],
};

export default rotatePdf;
