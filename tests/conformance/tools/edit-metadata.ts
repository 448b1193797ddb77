import { expect } from 'vitest';
import type { ToolConformance, ToolRun } from '../harness';
import { pdfFixture, pdfinfoFields, structureProblems, text, xmpPacketOf } from '../pdf-checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');
/** LibreOffice's own properties: Creator "Writer", Producer "LibreOffice 6.4", a creation date. */
const libreofficeForm = pdfFixture('pypdf_libreoffice-form.pdf');
/** Its XMP packet cannot be read: the edit writes a new one. */
const brokenXmp = pdfFixture('pdf20_utf8-test.pdf');

const EDIT = {
  title: 'Rapport annuel — été 2024 « 日本語 »',
  author: 'Zoë Dupont & <Partners>',
  subject: 'Budget',
  keywords: 'budget, 2024, rapport',
  creator: 'Writer',
  producer: 'Sheaf',
  creationdate: '2024-03-01T09:30:00Z',
  moddate: '2024-06-15T17:05:00+02:00',
};

/** The text of an XMP element, XML entities undone. */
function xmpValue(packet: string, element: string): string | undefined {
  const m = new RegExp(`<${element}>(?:<rdf:(?:Alt|Seq)><rdf:li[^>]*>)?([^<]*)`).exec(packet);
  return m?.[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** pdfinfo (the Info dictionary) and the XMP packet both hold `expected`. */
function agree(file: string, expected: typeof EDIT) {
  const info = pdfinfoFields(file);
  const xmp = xmpPacketOf(file);
  const pairs: Array<[string, string, string]> = [
    ['Title', 'dc:title', expected.title],
    ['Author', 'dc:creator', expected.author],
    ['Subject', 'dc:description', expected.subject],
    ['Keywords', 'pdf:Keywords', expected.keywords],
    ['Creator', 'xmp:CreatorTool', expected.creator],
    ['Producer', 'pdf:Producer', expected.producer],
  ];
  for (const [infoKey, xmpKey, value] of pairs) {
    expect(info[infoKey], infoKey).toBe(value);
    expect(xmpValue(xmp, xmpKey), xmpKey).toBe(value);
  }
  for (const [infoKey, xmpKey, value] of [
    ['CreationDate', 'xmp:CreateDate', expected.creationdate],
    ['ModDate', 'xmp:ModifyDate', expected.moddate],
  ] as const) {
    expect(Date.parse(info[infoKey]), infoKey).toBe(Date.parse(value));
    expect(Date.parse(xmpValue(xmp, xmpKey)!), xmpKey).toBe(Date.parse(value));
  }
}

/** The pages are untouched: the same text, page for page. */
const sameText = async ({ inputs, outputs }: ToolRun) => expect(await text(outputs[0].path)).toBe(await text(inputs[0]));

const editMetadata: ToolConformance = {
  tool: 'edit-metadata',
  sample: [libreofficeForm.file],
  options: { title: 'Sample' },
  pagesOf: ([pages]) => [pages],
  cases: [
    {
      name: 'writes every property to the Info dictionary and to XMP, the two agreeing',
      inputs: [tracemonkey.file],
      options: EDIT,
      pages: [14],
      names: ['pdfjs_tracemonkey-metadata.pdf'],
      async check(run) {
        agree(run.outputs[0].path, EDIT);
        await sameText(run);
      },
    },
    {
      name: 'keeps the properties not sent, in both places, and removes one sent empty',
      inputs: [libreofficeForm.file],
      options: { title: 'Form', creator: '' },
      pages: [1],
      check({ outputs }) {
        const info = pdfinfoFields(outputs[0].path);
        const xmp = xmpPacketOf(outputs[0].path);
        expect(info).toMatchObject({ Title: 'Form', Producer: 'LibreOffice 6.4' });
        expect(Date.parse(info.CreationDate)).toBe(Date.parse('2022-06-26T08:58:43Z'));
        expect(info.Creator).toBeUndefined();
        expect([xmpValue(xmp, 'dc:title'), xmpValue(xmp, 'pdf:Producer'), xmpValue(xmp, 'xmp:CreateDate')]).toEqual(['Form', 'LibreOffice 6.4', '2022-06-26T08:58:43Z']);
        expect(xmp).not.toContain('CreatorTool');
      },
    },
    {
      name: 'replaces an XMP packet that cannot be read with one that agrees with the Info dictionary',
      inputs: [brokenXmp.file],
      options: EDIT,
      pages: [1],
      check: ({ outputs }) => agree(outputs[0].path, EDIT),
    },
    {
      name: 'removes all metadata: neither pdfinfo nor XMP holds an author, a title, a producer or a date',
      inputs: [libreofficeForm.file],
      options: { removeall: 'true', title: 'ignored' },
      pages: [1],
      async check(run) {
        const info = pdfinfoFields(run.outputs[0].path);
        for (const key of ['Title', 'Author', 'Creator', 'Producer', 'CreationDate', 'ModDate']) expect(info[key], key).toBeUndefined();
        expect(info['Metadata Stream']).toBe('no');
        expect(xmpPacketOf(run.outputs[0].path).trim()).toBe('');
        expect(structureProblems(run.outputs[0].path)).toEqual([]);
        await sameText(run);
      },
    },
  ],
};

export default editMetadata;
