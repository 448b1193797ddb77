import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { convertCold } from '../../../worker/src/engines/soffice-cold';
import type { ToolCase, ToolConformance, ToolRun } from '../harness';
import { pageCount, pdfFixture, text } from '../pdf-checks';
import { blockOrderScore, docxTextParagraphs, wordOrderScore, wordParagraphs, zipPart, zipParts } from '../../support/office-text';
import { fixture } from '../../support/fixtures';

const multicolumn = pdfFixture('pypdf_multicolumn.pdf').file;
const federalRegister = pdfFixture('plumber_federal-register-2020-17221.pdf').file;
const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf').file;
const word365 = pdfFixture('plumber_word365_structure.pdf').file;
const chelsea = pdfFixture('plumber_chelsea_pdta.pdf').file;

const docxOf = (run: ToolRun) => run.outputs[0].path;
const documentXml = (run: ToolRun) => zipPart(docxOf(run), 'word/document.xml') ?? '';
/** The body's paragraphs as XML (table cells' included), in document order. */
const paragraphXml = (run: ToolRun) => documentXml(run).match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [];
/** The paragraph whose text holds the snippet, as XML; fails the test when there is none. */
function paragraphWith(run: ToolRun, snippet: string): string {
  const found = paragraphXml(run).find((p) => wordParagraphs(p)[0].includes(snippet));
  expect(found, snippet).toBeDefined();
  return found!;
}
/** The text of the DOCX as a reader sees it, one paragraph a line. */
const docText = (run: ToolRun) => docxTextParagraphs(docxOf(run)).join('\n');
const flat = (s: string) => s.replace(/\s+/g, ' ');
/** Position of each snippet in the text; every one must be there. */
const positions = (s: string, snippets: string[]) =>
  snippets.map((snippet) => {
    const at = s.indexOf(snippet);
    expect(at, snippet).toBeGreaterThanOrEqual(0);
    return at;
  });
const ascending = (values: number[]) => expect(values).toEqual([...values].sort((a, b) => a - b));
const nonEmptyLines = (s: string) => s.split('\n').filter((l) => l.trim()).length;

/**
 * pdftotext's words, found in the same order in the DOCX: block by block (its blocks may come in
 * another order, since it reads some columns and every table in an order of its own) and over the
 * whole text.
 */
function keepsWords(file: string, floors: { byBlock: number; whole: number }, why = ''): ToolCase {
  return {
    name: `keeps pdftotext's words in order in ${path.basename(file)} (${floors.byBlock * 100} % block by block, ${floors.whole * 100} % over the whole text)${why}`,
    inputs: [file],
    async check(run) {
      const reference = await text(run.inputs[0]);
      const got = docText(run);
      expect(blockOrderScore(reference, got)).toBeGreaterThanOrEqual(floors.byBlock);
      expect(wordOrderScore(reference, got)).toBeGreaterThanOrEqual(floors.whole);
    },
  };
}

const pdfToWord: ToolConformance = {
  tool: 'pdf-to-word',
  outputExtension: 'docx',
  sample: [multicolumn],
  pagesOf: () => [1],
  invariant(run) {
    const parts = zipParts(docxOf(run));
    for (const part of ['[Content_Types].xml', 'word/document.xml', 'word/styles.xml']) expect(parts).toContain(part);
    // Each PDF page starts a Word page: one page break between pages, none before the first.
    const xml = documentXml(run);
    expect(xml.match(/<w:type w:val="nextPage"\/>/g) ?? []).toHaveLength(pageCount(run.inputs[0]) - 1);
    expect(xml).not.toContain('w:type="page"');
  },
  cases: [
    {
      name: 'reads two columns top to bottom, the left one first, into a two-column section',
      inputs: [multicolumn],
      names: ['pypdf_multicolumn.docx'],
      check(run) {
        ascending(
          positions(flat(docText(run)), [
            'Two-Column Document with Lorem Ipsum',
            'Abstract',
            'This is a sample document with two columns filled with Lorem Ipsum text.',
            // The left column's last line runs on into the right column's first: one sentence, one paragraph.
            'Donec nonummy pellentesque ante. Phasellus adipiscing semper elit.',
            'Quisque ullamcorper placerat ipsum.',
          ]),
        );
        expect(documentXml(run)).toMatch(/<w:cols [^>]*w:num="2"/);
      },
    },
    {
      name: 'reads three columns in order, the running head first and the running foot after them',
      inputs: [federalRegister],
      check(run) {
        const page1 = flat(docText(run).split('47699')[0]);
        ascending(
          positions(page1, [
            'Proposed Rules',
            'Federal Register',
            'This section of the FEDERAL REGISTER',
            'SUMMARY: The FAA proposes to',
            'Federal eRulemaking Portal: Go to',
            'Examining the AD Docket',
            'Confidential Business Information (CBI)',
            'VerDate Sep<11>2014',
          ]),
        );
        expect(documentXml(run)).toMatch(/<w:cols [^>]*w:num="3"/);
      },
    },
    {
      name: 'makes paragraphs, not lines: lines joined, words broken at line ends made whole',
      inputs: [tracemonkey],
      async check(run) {
        const paragraphs = docxTextParagraphs(docxOf(run)).filter((p) => p.trim());
        expect(paragraphs.length).toBeLessThan(0.4 * nonEmptyLines(await text(run.inputs[0])));
        const all = paragraphs.join('\n');
        // "com-" / "pile" at a line's end in the PDF; "Trace-" / "Monkey" too, and the paper writes TraceMonkey whole.
        expect(all).toContain('Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.');
        expect(all).toContain('We call the resulting tracing VM TraceMonkey.');
        expect(all).not.toMatch(/\p{L}- \p{Ll}/u);
        // TeX draws the diaeresis of "naïve" as a glyph of its own over a dotless i.
        expect(all).toContain('naïve');
      },
    },
    keepsWords(multicolumn, { byBlock: 0.98, whole: 0.88 }, ': pdftotext reads its first page from the right column'),
    keepsWords(federalRegister, { byBlock: 0.98, whole: 0.88 }, ': pdftotext reads its running heads and margin notes elsewhere'),
    keepsWords(chelsea, { byBlock: 0.99, whole: 0.94 }, ': pdftotext reads its tables column by column'),
    keepsWords(word365, { byBlock: 0.98, whole: 0.8 }, ': pdftotext reads its table column by column'),
    keepsWords(pdfFixture('pdfjs_issue11656_hebrew.pdf').file, { byBlock: 0.98, whole: 0.98 }),
    keepsWords(pdfFixture('pdfjs_issue12823_chinese.pdf').file, { byBlock: 0.98, whole: 0.98 }),
    keepsWords(pdfFixture('pdfjs_issue16538_japanese.pdf').file, { byBlock: 0.98, whole: 0.98 }),
    keepsWords(tracemonkey, { byBlock: 0.98, whole: 0.94 }, ': pdftotext reads its tables column by column and its diagrams\' labels in an order of its own'),
    {
      name: "sets the labels of a pictured diagram as text after its picture and before its caption, none a heading",
      inputs: [tracemonkey],
      check(run) {
        const xml = paragraphXml(run);
        const texts = xml.map((p) => wordParagraphs(p)[0]);
        const caption = texts.findIndex((t) => t.startsWith('Figure 2. State machine'));
        let picture = caption - 1;
        while (picture >= 0 && !xml[picture].includes('<w:drawing>')) picture--;
        expect(picture).toBeGreaterThan(0);
        const labels = xml.slice(picture + 1, caption);
        for (const p of labels) expect(p).not.toMatch(/<w:pStyle w:val="Heading/);
        const words = flat(texts.slice(picture + 1, caption).join(' '));
        for (const label of ['Interpret Bytecodes', 'Monitor', 'abort recording', 'Record LIR Trace', 'Compile LIR Trace', 'Leave Compiled Trace', 'side exit to existing trace', 'Symbol Key']) expect(words).toContain(label);
      },
    },
    {
      name: 'gives titles Heading styles, keeps bullets and numbers as Word lists and the table as a Word table',
      inputs: [word365],
      check(run) {
        expect(paragraphWith(run, 'Titre')).toMatch(/<w:pStyle w:val="Heading1"\/>/);
        for (const item of ['Liste 2', 'Liste 3']) expect(paragraphWith(run, item)).toMatch(/<w:numPr>/);
        const labels = docxTextParagraphs(docxOf(run));
        expect(labels).toContain('1. Liste numérotée');
        expect(labels).toContain('2. Liste numérotée');
        expect(labels.filter((p) => p.startsWith('• Liste'))).toHaveLength(3);
        const tables = documentXml(run).match(/<w:tbl>[\s\S]*?<\/w:tbl>/g) ?? [];
        expect(tables).toHaveLength(1);
        const rows = (tables[0]!.match(/<w:tr[ >][\s\S]*?<\/w:tr>/g) ?? []).map((row) => (row.match(/<w:tc>[\s\S]*?<\/w:tc>/g) ?? []).map((c) => wordParagraphs(c).join(' ').trim()));
        expect(rows).toEqual([
          ['En-tête 1', 'En-tête 2', 'En-tête 3'],
          ['Ligne 1', 'Alouette', 'Farfadet'],
          ['Linge 2', 'Belette', 'Bibitte'],
        ]);
      },
    },
    {
      name: 'makes a Word table of a table in a two-column paper, a row per row, after its caption',
      inputs: [multicolumn],
      check(run) {
        const tables = documentXml(run).match(/<w:tbl>[\s\S]*?<\/w:tbl>/g) ?? [];
        expect(tables).toHaveLength(1);
        const rows = (tables[0]!.match(/<w:tr[ >][\s\S]*?<\/w:tr>/g) ?? []).map((row) => wordParagraphs(row).join(' ').replace(/\s+/g, ' ').trim());
        expect(rows).toContain('Austria 8.9 83,879 Vienna German');
        expect(rows).toContain('Finland 5.5 338,424 Helsinki Finnish, Swedish');
        ascending(positions(flat(docText(run)), ['Table 1: EU Countries Information', 'Austria']));
      },
    },
    {
      name: 'keeps bold, italic, sizes and the fonts of a paper, and gives its sections Heading styles',
      inputs: [tracemonkey],
      check(run) {
        const title = paragraphWith(run, 'Trace-based Just-in-Time Type Specialization for Dynamic Languages');
        expect(title).toMatch(/<w:pStyle w:val="Heading1"\/>/);
        expect(title).toMatch(/<w:b\/>/);
        expect(title).toMatch(/<w:sz w:val="36"\/>/);
        expect(paragraphWith(run, '1. Introduction')).toMatch(/<w:pStyle w:val="Heading\d"\/>/);
        // "trace" is set in italics inside a sentence, the rest of the sentence upright.
        const sentence = paragraphWith(run, 'We call such a sequence of instructions a trace.');
        expect(sentence).toMatch(/<w:i\/>(?:(?!<\/w:r>)[\s\S])*?<w:t[^>]*>trace<\/w:t>/);
        expect(sentence).toMatch(/<w:rFonts w:ascii="Times New Roman"/);
        expect(sentence).toMatch(/<w:sz w:val="18"\/>/);
      },
    },
    {
      name: 'keeps the colours of coloured text',
      inputs: [chelsea],
      check(run) {
        expect(paragraphWith(run, 'Table des matières')).toMatch(/<w:color w:val="527D55"\/>/i);
        expect(paragraphWith(run, 'Annexe A')).toMatch(/<w:color w:val="538135"\/>/i);
      },
    },
    {
      name: 'places pictures as drawings, with their pixels',
      inputs: [pdfFixture('pdfjs_images.pdf').file],
      async check(run) {
        expect((documentXml(run).match(/<w:drawing>/g) ?? []).length).toBeGreaterThanOrEqual(1);
        const media = zipParts(docxOf(run)).filter((p) => p.startsWith('word/media/'));
        expect(media.length).toBeGreaterThanOrEqual(1);
        const dir = fs.mkdtempSync(path.join(run.workDir, 'media-'));
        execFileSync('python3', ['-c', 'import sys,zipfile;zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])', docxOf(run), dir]);
        const meta = await sharp(path.join(dir, media[0])).metadata();
        expect(meta.width).toBeGreaterThan(50);
        expect(meta.height).toBeGreaterThan(50);
      },
    },
    {
      name: 'pictures a scan without a text layer, a page per page',
      inputs: [fixture('scanned/ocrmypdf_skew.pdf')],
      check(run) {
        expect(documentXml(run).match(/<w:drawing>/g) ?? []).toHaveLength(1);
      },
    },
    {
      name: 'writes Hebrew right to left, in the order it is read',
      inputs: [pdfFixture('pdfjs_issue11656_hebrew.pdf').file],
      check(run) {
        const p = paragraphWith(run, 'שלום עולם');
        expect(p).toMatch(/<w:bidi\/>/);
        expect(p).toMatch(/<w:rtl\/>/);
      },
    },
    {
      name: 'writes Chinese and Japanese without spaces between the characters',
      inputs: [pdfFixture('pdfjs_issue16538_japanese.pdf').file],
      async check(run) {
        const got = docText(run);
        const reference = (await text(run.inputs[0])).split('\n').filter((l) => /\p{Script=Han}{4}/u.test(l));
        expect(reference.length).toBeGreaterThan(3);
        for (const line of reference.slice(0, 5)) expect(got.replace(/\s+/g, '')).toContain(line.replace(/\s+/g, ''));
        expect(got).not.toMatch(/\p{Script=Han} \p{Script=Han}/u);
      },
    },
    {
      name: 'opens in LibreOffice: back to PDF, it has the pages and the words of the original',
      inputs: [federalRegister],
      async check(run) {
        const back = path.join(run.workDir, 'back.pdf');
        await convertCold({ input: docxOf(run), output: back }, { timeoutMs: 120_000 });
        expect(pageCount(back)).toBe(pageCount(run.inputs[0]));
        expect(blockOrderScore(await text(run.inputs[0]), await text(back))).toBeGreaterThanOrEqual(0.98);
      },
    },
    {
      name: 'reports progress page by page and ends at 1',
      inputs: [multicolumn],
      check({ progress }) {
        // Once for the repaired input, once per page, once for the written document.
        expect(progress).toHaveLength(1 + 3 + 1);
        expect(progress.at(-1)).toBe(1);
      },
    },
  ],
};

export default pdfToWord;
