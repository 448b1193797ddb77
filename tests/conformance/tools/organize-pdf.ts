import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { ToolCase, ToolConformance } from '../harness';
import { INHERITED_ROTATION, inheritedRotation } from '../made-fixtures';
import { fromInput, pagesFrom, range, type PageSource } from '../page-sources';
import { bookmarks, opensWithoutPassword, pageRotations, pdfFixture } from '../pdf-checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');
const register = pdfFixture('plumber_federal-register-2020-17221.pdf');
const geoTopo = pdfFixture('pypdf_GeoTopo-komprimiert.pdf');
const form = pdfFixture('pypdf_libreoffice-form.pdf');
const taxForm = pdfFixture('pdfjs_160F-2019.pdf');
const tagged = pdfFixture('ocrmypdf_tagged.pdf');
const chelsea = pdfFixture('plumber_chelsea_pdta.pdf');

/**
 * Organizing `inputs` by `order` gives exactly the pages of `sources`, each with the rotation it
 * had plus its turn in `turns` (output position → degrees).
 */
function organizes(name: string, inputs: string[], order: string, sources: PageSource[], turns: Record<number, number> = {}): ToolCase {
  return {
    name,
    inputs,
    options: { order },
    pages: [sources.length],
    async check(run) {
      const rotations = run.inputs.map(pageRotations);
      expect(pageRotations(run.outputs[0].path)).toEqual(
        sources.map(({ input, page }, i) => (rotations[input][page - 1] + (turns[i + 1] ?? 0)) % 360),
      );
      await pagesFrom(sources, Object.keys(turns).map(Number))(run);
    },
  };
}

/** ocrmypdf_tagged's two pages are global pages 1–2, the 117-page book's 3–119; both have bookmarks. */
const bothInputs = organizes(
  'keeps the bookmarks of every input, each leading to its page where it landed',
  [tagged.file, geoTopo.file],
  '15,2,8,1r90,12',
  [
    { input: 1, page: 13 },
    { input: 0, page: 2 },
    { input: 1, page: 6 },
    { input: 0, page: 1 },
    { input: 1, page: 10 },
  ],
  { 4: 90 },
);
const bookmarksOfBothInputs: ToolCase = {
  ...bothInputs,
  async check(run) {
    await bothInputs.check!(run);
    // Not vacuous: the second input's sections land on the pages it was put at.
    expect(bookmarks(run.outputs[0].path)).toEqual(
      expect.arrayContaining([
        { title: 'Page 2 Heading', page: 2 },
        { title: '1.1 Topologische Räume', page: 3 },
        { title: '1.2 Metrische Räume', page: 5 },
        { title: '1.3 Stetigkeit', page: 1 },
      ]),
    );
  },
};

/** qpdf writes this output with a cross-reference stream (chelsea has object streams): the bookmarks' update must write one too. */
const streamed = organizes('writes the bookmarks after a cross-reference stream', [chelsea.file], '7,6,5,10,1', fromInput(0, [7, 6, 5, 10, 1]));
const bookmarksAfterXrefStream: ToolCase = {
  ...streamed,
  async check(run) {
    await streamed.check!(run);
    const tail = readFileSync(run.outputs[0].path).subarray(-600).toString('latin1');
    expect(tail).toMatch(/\/Type \/XRef[^]*\/Prev \d+[^]*startxref\s+\d+\s+%%EOF\s*$/);
    expect(bookmarks(run.outputs[0].path)).toEqual(
      expect.arrayContaining([
        { title: '1. Mise en contexte', page: 3 },
        { title: '2.  Méthodologie et consultations', page: 1 },
      ]),
    );
  },
};

/** tracemonkey (14 pages) then the federal register (15): global pages 1–14, then 15–29. */
const interleaved = range(1, 14).flatMap((p) => [p, 14 + p]);

const organizePdf: ToolConformance = {
  tool: 'organize-pdf',
  sample: [tagged.file, pdfFixture('pdf20_Simple-PDF-2.0-file.pdf').file],
  options: { order: '2,1r90' },
  pagesOf: () => [2],
  cases: [
    {
      ...organizes('puts the pages in the order given, turning the ones marked', [tracemonkey.file], '3,1r90,2', fromInput(0, [3, 1, 2]), { 2: 90 }),
      names: ['pdfjs_tracemonkey-organized.pdf'],
    },
    organizes('reverses a 117-page book, its links and bookmarks following their pages', [geoTopo.file], range(117, 1).join(','), fromInput(0, range(117, 1))),
    organizes(
      'shuffles a 117-page book, leaving pages out',
      [geoTopo.file],
      '117,3,50r180,51,52,1,116',
      fromInput(0, [117, 3, 50, 51, 52, 1, 116]),
      { 3: 180 },
    ),
    organizes(
      'interleaves the pages of two inputs, numbered across them in upload order',
      [tracemonkey.file, register.file],
      interleaved.join(','),
      interleaved.map((p) => (p <= 14 ? { input: 0, page: p } : { input: 1, page: p - 14 })),
    ),
    organizes(
      'puts a page of the second input first, turned',
      [tracemonkey.file, register.file],
      '29r270,1,15',
      [
        { input: 1, page: 15 },
        { input: 0, page: 1 },
        { input: 1, page: 1 },
      ],
      { 1: 270 },
    ),
    organizes(
      'keeps the form fields and values of both inputs',
      [form.file, taxForm.file],
      '2,1',
      [
        { input: 1, page: 1 },
        { input: 0, page: 1 },
      ],
    ),
    organizes(
      'keeps the form fields of the second input when the first is left out',
      [form.file, taxForm.file],
      '2r90',
      [{ input: 1, page: 1 }],
      { 1: 90 },
    ),
    bookmarksOfBothInputs,
    bookmarksAfterXrefStream,
    organizes('repeats a page asked for twice, turning only the copy marked', [tracemonkey.file], '1,1r180', fromInput(0, [1, 1]), { 2: 180 }),
    organizes(
      'adds the turn to rotations inherited from the page tree',
      [inheritedRotation],
      '14r90,7r90,1,13r270',
      fromInput(0, [14, 7, 1, 13]),
      { 1: 90, 2: 90, 4: 270 },
    ),
    {
      name: 'keeps the inherited rotation of pages it does not turn',
      inputs: [inheritedRotation],
      options: { order: range(14, 1).join(',') },
      pages: [14],
      check({ outputs }) {
        expect(pageRotations(outputs[0].path)).toEqual([...INHERITED_ROTATION].reverse());
      },
    },
    organizes(
      'mixes a damaged file and a fuzzed one',
      [pdfFixture('pdfjs_bug1795263_no-xref.pdf').file, pdfFixture('pdfjs_poppler-90-0-fuzzed.pdf').file],
      '17,1,2r90',
      [
        { input: 1, page: 16 },
        { input: 0, page: 1 },
        { input: 1, page: 1 },
      ],
      { 3: 90 },
    ),
    {
      name: 'opens an owner-only encrypted second input and hands back an open file',
      inputs: [tracemonkey.file, pdfFixture('qpdf_enc-XI-R6-V5_O-master_owner-only.pdf').file],
      options: { order: '44,1' },
      pages: [2],
      check({ outputs }) {
        expect(opensWithoutPassword(outputs[0].path)).toBe(true);
      },
    },
    {
      name: 'refuses a password-protected second input with PDF_ENCRYPTED',
      inputs: [tracemonkey.file, pdfFixture('qpdf_c-r4_aes128.pdf').file],
      options: { order: '1' },
      error: 'PDF_ENCRYPTED',
    },
    { name: 'refuses a page past the last one', inputs: [tracemonkey.file], options: { order: '1,15' }, error: 'INVALID_PAGES' },
    {
      name: 'refuses a page past the last one of all inputs',
      inputs: [tracemonkey.file, register.file],
      options: { order: '29,30' },
      error: 'INVALID_PAGES',
    },
  ],
};

export default organizePdf;
