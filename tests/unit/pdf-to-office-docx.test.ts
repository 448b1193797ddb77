import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractLayout } from '../../worker/src/pdf-to-office/extract-pdf';
import type { Table } from '../../worker/src/pdf-to-office/tables';
import type { DocumentLayout, PageLayout, TextRun } from '../../worker/src/pdf-to-office/types';
import { columnWidthsOf, writeDocx } from '../../worker/src/pdf-to-office/write-docx';
import { fixture } from '../support/fixtures';
import { docxParagraphs, docxTextParagraphs, wordParagraphs, zipPart, zipParts } from '../support/office-text';

function run(text: string, x: number, y: number, more: Partial<TextRun> = {}): TextRun {
  const fontSize = more.fontSize ?? 10;
  return { text, x, y, width: 0.5 * fontSize * [...text].length, height: fontSize, fontSize, fontName: 'Times-Roman', ...more };
}
/** A column of body lines, 12 pt apart. */
const column = (words: string, x: number, top: number, count: number) =>
  Array.from({ length: count }, (_, i) => run(`${words} line ${i + 1} of the column runs on.`, x, top + 12 * i));
const page = (runs: TextRun[], more: Partial<PageLayout> = {}): PageLayout => ({
  width: 612,
  height: 792,
  runs,
  images: [],
  rules: [],
  ...more,
});

let dir: string;
let xml: string;
let paragraphs: string[];
let docx: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sheaf-docx-'));
  const picture = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#c03020' } })
    .png()
    .toBuffer();
  // A ruled two-by-two table: rules around and between its cells.
  const h = (y: number) => ({ x1: 70, y1: y, x2: 320, y2: y });
  const v = (x: number) => ({ x1: x, y1: 500, x2: x, y2: 540 });
  const layout: DocumentLayout = {
    pages: [
      page(
        [
          run('A Title Set Large', 70, 60, { fontSize: 20, bold: true }),
          ...column('Left', 70, 100, 20),
          ...column('Right', 320, 100, 20),
          run('Red words set across the whole width of the page, below both of the columns', 70, 360, { color: 'c00000', italic: true }),
          run('Name', 75, 505),
          run('Value', 175, 505),
          run('Alpha', 75, 525),
          run('42', 175, 525),
        ],
        { rules: [h(500), h(520), h(540), v(70), v(170), v(320)] },
      ),
      page([run('שלום עולם', 400, 100, { dir: 'rtl' }), ...column('Body', 70, 130, 10)], {
        images: [{ x: 100, y: 300, width: 120, height: 90, data: new Uint8Array(picture), format: 'png' }],
      }),
      page([run('A landscape page', 70, 70)], { width: 792, height: 612 }),
    ],
  };
  docx = path.join(dir, 'out.docx');
  await writeDocx(layout, docx);
  xml = zipPart(docx, 'word/document.xml') ?? '';
  paragraphs = xml.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [];
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const paragraphWith = (snippet: string) => paragraphs.find((p) => p.includes(snippet)) ?? '';

describe('the Word writer', () => {
  it('starts each PDF page on a new page of its size and orientation', () => {
    expect(xml.match(/<w:type w:val="nextPage"\/>/g)).toHaveLength(2);
    expect(xml).toContain('<w:pgSz w:w="12240" w:h="15840" w:orient="portrait"/>');
    expect(xml).toContain('<w:pgSz w:w="15840" w:h="12240" w:orient="landscape"/>');
  });

  it('sets two columns side by side as a two-column section, the left one ended by a column break', () => {
    expect(xml).toMatch(/<w:cols [^>]*w:num="2"/);
    expect(paragraphWith('Left line 20 of the column runs on.')).toContain('<w:br w:type="column"/>');
    const text = docxTextParagraphs(docx).join('\n');
    expect(text.indexOf('Left line 20')).toBeLessThan(text.indexOf('Right line 1 '));
  });

  it('gives the title a heading style, and keeps weight, slant, size and colour on the runs', () => {
    const title = paragraphWith('A Title Set Large');
    expect(title).toContain('<w:pStyle w:val="Heading1"/>');
    expect(title).toContain('<w:b/>');
    expect(title).toContain('<w:sz w:val="40"/>');
    const red = paragraphWith('Red words set across');
    expect(red).toContain('<w:i/>');
    expect(red).toMatch(/<w:color w:val="C00000"\/>/i);
    expect(red).toContain('<w:rFonts w:ascii="Times New Roman"');
  });

  it('makes a Word table of a ruled table, cell by cell', () => {
    const table = xml.match(/<w:tbl>[\s\S]*?<\/w:tbl>/)?.[0] ?? '';
    const rows = (table.match(/<w:tr[ >][\s\S]*?<\/w:tr>/g) ?? []).map((r) =>
      (r.match(/<w:t[^>]*>[^<]*<\/w:t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')),
    );
    expect(rows).toEqual([
      ['Name', 'Value'],
      ['Alpha', '42'],
    ]);
    expect(table).toContain('w:val="single"');
  });

  it('places a picture as an inline drawing of its size on the page', () => {
    const drawing = xml.match(/<w:drawing>[\s\S]*?<\/w:drawing>/)?.[0] ?? '';
    // 120 × 90 pt in EMU (12 700 a point).
    expect(drawing).toContain('cx="1524000" cy="1143000"');
  });

  it('writes right-to-left text in a right-to-left paragraph', () => {
    const hebrew = paragraphWith('שלום עולם');
    expect(hebrew).toContain('<w:bidi/>');
    expect(hebrew).toContain('<w:rtl/>');
  });
});

describe('table column widths', () => {
  it('widens a column to its longest word, taking the room from the others', () => {
    const cell = (row: number, col: number, text: string, x: number) => ({
      row,
      col,
      rowSpan: 1,
      colSpan: 1,
      runs: [run(text, x, 10 + 12 * row)],
      text,
    });
    const table: Table = {
      x0: 0,
      y0: 0,
      x1: 300,
      y1: 40,
      colEdges: [0, 20, 300],
      rowEdges: [0, 20, 40],
      cells: [cell(0, 0, 'Tag', 2), cell(0, 1, 'Description', 22), cell(1, 0, 'xx1', 2), cell(1, 1, 'a 31-bit integer', 22)],
      ruled: true,
    };
    const [first, second] = columnWidthsOf(table, 300);
    // "Tag" is 15 pt at 10 pt: a tenth more for a stand-in font, and the cell's padding.
    expect(first / 20).toBeCloseTo(1.1 * 15 + 4, 0);
    expect((first + second) / 20).toBeCloseTo(300, 0);
  });
});

describe('page furniture', () => {
  let manual: string;
  beforeAll(async () => {
    // A LibreOffice manual: its title in the header and "Page N" in the footer of each of its 4 pages.
    const layout = await extractLayout(fixture('pdf/sheaf_bicycle-manual.pdf'), { images: true });
    manual = path.join(dir, 'manual.docx');
    await writeDocx(layout, manual);
  });

  it("puts a manual's running title in Word's header and its page number in the footer as a PAGE field, none in the body", () => {
    const parts = zipParts(manual);
    const headers = parts.filter((p) => /^word\/header\d+\.xml$/.test(p)).map((p) => wordParagraphs(zipPart(manual, p) ?? '').join(' '));
    expect(headers).toEqual(["Bicycle Owner's Manual · Model T-300"]);
    const footers = parts.filter((p) => /^word\/footer\d+\.xml$/.test(p)).map((p) => zipPart(manual, p) ?? '');
    expect(footers).toHaveLength(1);
    expect(wordParagraphs(footers[0]).join(' ')).toBe('Page ');
    expect(footers[0]).toMatch(/<w:instrText[^>]*>PAGE<\/w:instrText>/);
    const body = docxParagraphs(manual).filter((p) => p.trim());
    expect(body.filter((p) => p.includes('Model T-300') || /^Page \d+$/.test(p))).toEqual([]);
    expect(body[0]).toBe("Bicycle Owner's Manual");
  });

  it('makes one paragraph of a paragraph that runs on from one page to the next', () => {
    const body = docxParagraphs(manual);
    // Page 3 ends with "...since air seeps slowly through the inner tube even when nothing is wrong. Underinflated tyres", page 4 goes on.
    const paragraph = body.filter((p) => p.includes('Check the tyre pressure at least once a week'));
    expect(paragraph).toHaveLength(1);
    expect(paragraph[0]).toContain('Underinflated tyres wear quickly');
    expect(paragraph[0]).toMatch(/less grip on wet roads\.$/);
    // Each page of the PDF is still a page of its own.
    expect(zipPart(manual, 'word/document.xml')!.match(/<w:type w:val="nextPage"\/>/g)).toHaveLength(3);
  });
});

describe('paragraphs cut by a page break in columns', () => {
  it("joins a paragraph that ends a page's last column to its rest atop the next page's first column (a LaTeX page in two columns)", async () => {
    const layout = await extractLayout(fixture('pdf/pypdf_multicolumn.pdf'), { images: true });
    const out = path.join(dir, 'multicolumn.docx');
    await writeDocx(layout, out);
    const body = docxParagraphs(out).filter((p) => p.trim());
    // Page 1's right column ends "… Nam feugiat", page 2's left column opens "lacus vel est. Curabitur consectetuer."
    const paragraph = body.filter((p) => p.includes('Nam feugiat'));
    expect(paragraph).toHaveLength(1);
    expect(paragraph[0]).toMatch(/Nam feugiat lacus vel est\. Curabitur consectetuer\.$/);
    // The page numbers are in the footer, not between the two parts; each page is still a page.
    expect(body.filter((p) => /^\d+$/.test(p.trim()))).toEqual([]);
    expect(zipPart(out, 'word/document.xml')!.match(/<w:type w:val="nextPage"\/>/g)).toHaveLength(2);
  });

  it('moves the part above the notes at the foot of a column to the next page, and leaves a table of contents row alone', async () => {
    // 40 characters, 200 pt at 10 pt: every line fills its column.
    const full = (words: string, x: number, y: number) => run(`${words} runs on along its column to`.padEnd(40, 'o').slice(0, 40), x, y);
    const lines = (words: string, x: number, top: number, count: number) =>
      Array.from({ length: count }, (_, i) => full(`${words} ${i + 1}`, x, top + 12 * i));
    const layout: DocumentLayout = {
      pages: [
        page([
          ...lines('Left', 70, 100, 19),
          run('The left column ends.', 70, 328),
          ...lines('Right', 320, 106, 15),
          run('The right column paragraph ends.', 320, 286),
          full('A paragraph cut by the page', 320, 298),
          full('and the right', 320, 310),
          run('1 A note set small at the foot.', 320, 346, { fontSize: 7 }),
        ]),
        page([
          full('over the page where the sentence', 70, 100),
          run('ends here.', 70, 112),
          ...lines('Then', 70, 136, 18),
          ...lines('More', 320, 106, 20),
        ]),
        page([run('Symbolverzeichnis', 70, 100), run('108', 500, 100)]),
        page([run('Stichwortverzeichnis', 70, 100), run('111', 500, 100)]),
      ],
    };
    const out = path.join(dir, 'notes.docx');
    await writeDocx(layout, out);
    const body = docxParagraphs(out).filter((p) => p.trim());
    const cut = body.findIndex((p) => p.startsWith('A paragraph cut by the page'));
    expect(body[cut]).toMatch(/and the right runs on along its column t over the page where the sentence runs on ends here\.$/);
    // The notes stay at the foot of their page, the column full down to them; the paragraph opens the next page.
    expect(body[cut - 1]).toBe('1 A note set small at the foot.');
    expect(body.filter((p) => p.includes('verzeichnis'))).toHaveLength(2);
  });
});
