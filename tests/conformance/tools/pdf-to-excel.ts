import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ToolConformance, ToolRun } from '../harness';
import { pageCount, pdfFixture } from '../pdf-checks';

const warn = pdfFixture('plumber_WARN-Report.pdf').file;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-excel-fixtures-'));
process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
/** Pages of a stored fixture as a PDF of their own (qpdf), made once. */
function pagesOf(name: string, pages: string): string {
  const target = path.join(dir, `${path.basename(name, '.pdf')}-p${pages.replace(/,/g, '-')}.pdf`);
  if (!fs.existsSync(target)) execFileSync('qpdf', ['--empty', '--pages', pdfFixture(name).file, pages, '--', target]);
  return target;
}
/** tracemonkey's page 12: a table set without any rule between its columns, over two columns of prose. */
const tracemonkeyTable = () => pagesOf('pdfjs_tracemonkey.pdf', '12');
/** Chelsea's page 27: a ruled table with a title row and a header cell over two columns, rows spanned down. */
const chelseaMerged = () => pagesOf('plumber_chelsea_pdta.pdf', '27');
/** Chelsea's page 60: three ruled tables between questions and charts. */
const chelseaThree = () => pagesOf('plumber_chelsea_pdta.pdf', '60');

async function workbook(run: ToolRun): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(run.outputs[0].path);
  return book;
}
const sheetNames = (book: ExcelJS.Workbook) => book.worksheets.map((s) => s.name);
const sheet = (book: ExcelJS.Workbook, name: string) => {
  const s = book.getWorksheet(name);
  expect(s, name).toBeDefined();
  return s!;
};
const value = (s: ExcelJS.Worksheet, address: string) => s.getCell(address).value;
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
/** Every value of a sheet's column, top to bottom (null for empty cells). */
const columnValues = (s: ExcelJS.Worksheet, col: string) => Array.from({ length: s.rowCount }, (_, i) => s.getCell(`${col}${i + 1}`).value);
const blankRow = (s: ExcelJS.Worksheet, row: number) => (s.getRow(row).values as unknown[]).every((v) => v === null || v === undefined);
/** Every string of a sheet, whitespace collapsed. */
const sheetText = (s: ExcelJS.Worksheet) => {
  const out: string[] = [];
  s.eachRow((row) => row.eachCell((c) => out.push(String(c.value))));
  return out.join(' ').replace(/\s+/g, ' ');
};

/** pdftotext's layout lines of some pages, whitespace collapsed: the truth the cells are checked against. */
const layoutLines = (file: string, first?: number, last?: number) =>
  execFileSync('pdftotext', ['-layout', ...(first ? ['-f', String(first), '-l', String(last ?? first)] : []), file, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
/** A record of the WARN report: its three dates first. */
const DATED = /^(?:\d\d\/\d\d\/\d{4} ){3}/;

/** A CSV line's fields (LibreOffice quotes fields that hold commas). */
const csvFields = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].slice(0, -1).map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"'));

const pdfToExcel: ToolConformance = {
  tool: 'pdf-to-excel',
  outputExtension: 'xlsx',
  sample: [warn],
  pagesOf: () => [1],
  async invariant(run) {
    // A workbook exceljs reads back: page sheets for pages the input has (or the one sheet), the text sheet last.
    const book = await workbook(run);
    const names = sheetNames(book);
    expect(names.length).toBeGreaterThan(0);
    const pages = pageCount(run.inputs[0]);
    const tableSheets = names.filter((n) => n !== 'Text');
    if (run.options.excelonesheet === true) expect(tableSheets).toEqual(tableSheets.length ? [pages > 1 ? `Pages 1–${pages}` : 'Page 1'] : []);
    else for (const n of tableSheets) expect(Number(/^Page (\d+)$/.exec(n)?.[1])).toBeLessThanOrEqual(pages);
    expect(names.indexOf('Text')).toBe(names.includes('Text') ? names.length - 1 : -1);
  },
  cases: [
    {
      // Chromium prints the bold header words 0.6 em apart: one line to the layout, not two cells.
      name: 'puts each word of a short header row in its own column, over the body',
      inputs: [pdfFixture('sheaf_typography-chromium.pdf').file],
      async check(run) {
        const p1 = sheet(await workbook(run), 'Page 1');
        expect([value(p1, 'A1'), value(p1, 'B1')]).toEqual(['target', 'notes']);
        expect([value(p1, 'A2'), value(p1, 'B2')]).toEqual([4.5, 'up on last year']);
        expect([value(p1, 'A5'), value(p1, 'B5')]).toEqual([7.25, 'a new office']);
        expect(p1.getCell('B1').font?.bold).toBe(true);
      },
    },
    {
      name: 'puts the header row of a ruled LibreOffice table in its columns',
      inputs: [pdfFixture('sheaf_targets-table.pdf').file],
      async check(run) {
        const p1 = sheet(await workbook(run), 'Page 1');
        expect(columnValues(p1, 'A')).toEqual(['target', 'Revenue', 'Margin', 'Staff']);
        expect(columnValues(p1, 'B')).toEqual(['notes', 'up 4 % on last year', 'held at 12 %', 'two hires in “sales”']);
      },
    },
    {
      name: 'puts the cells of a ruled table in their rows and columns, dates as dates and counts as numbers',
      inputs: [warn],
      names: ['plumber_WARN-Report.xlsx'],
      async check(run) {
        const book = await workbook(run);
        expect(sheetNames(book)).toEqual([...Array.from({ length: 16 }, (_, i) => `Page ${i + 1}`), 'Text']);
        const p1 = sheet(book, 'Page 1');
        expect([1, 2, 3, 4, 5, 6, 7].map((c) => p1.getCell(1, c).value)).toEqual(['Notice Date', 'Effective', 'Received', 'Company', 'City', 'No. Of', 'Layoff/Closure']);
        // The header row is bold, the rows under it are not; the table keeps its rules as borders.
        expect(p1.getCell('D1').font?.bold).toBe(true);
        expect(p1.getCell('D2').font?.bold).toBeFalsy();
        expect(p1.getCell('D2').border?.left?.style).toBe('thin');
        expect(value(p1, 'A2')).toEqual(utc(2015, 6, 22));
        expect(p1.getCell('A2').numFmt).toBe('mm/dd/yyyy');
        expect(value(p1, 'B2')).toEqual(utc(2016, 3, 25));
        expect(value(p1, 'C2')).toEqual(utc(2015, 7, 1));
        expect(value(p1, 'D2')).toBe('Maxim Integrated Product');
        expect(value(p1, 'E2')).toBe('San Jose');
        expect(value(p1, 'F2')).toBe(150);
        expect(value(p1, 'G3')).toBe('Layoff Unknown at this time');
        expect(value(p1, 'D37')).toBe('American Management Services LLC');
        expect(value(p1, 'F37')).toBe(56);
        // A typing slip in the PDF stays what it says: the year 5016.
        expect(value(sheet(book, 'Page 15'), 'B6')).toEqual(utc(5016, 5, 15));

        // Every record of every page, in column A as a date: as many as pdftotext finds lines starting with one.
        for (let page = 1; page <= 16; page++) {
          const records = layoutLines(run.inputs[0], page).filter((l) => DATED.test(l)).length;
          const s = sheet(book, `Page ${page}`);
          expect(columnValues(s, 'A').filter((v) => v instanceof Date), `page ${page}`).toHaveLength(records);
          expect(columnValues(s, 'F').filter((v) => typeof v === 'number').length, `page ${page}`).toBeGreaterThanOrEqual(records);
        }

        // The summary table under the last records, after a blank row; its total row bold, thousands grouped.
        const p15 = sheet(book, 'Page 15');
        expect(blankRow(p15, 39)).toBe(true);
        expect(value(p15, 'A40')).toBe('Summary by Month');
        expect(value(p15, 'I40')).toBe('Not Identified Closure');
        expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((c) => p15.getCell(41, c).value)).toEqual(['July 2015', 71, 8574, 30, 2, 13, 25, 1, 0]);
        expect(p15.getCell('C41').numFmt).toBe('#,##0');
        const p16 = sheet(book, 'Page 16');
        expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((c) => p16.getCell(8, c).value)).toEqual(['Total', 632, 53454, 295, 11, 90, 212, 12, 12]);
        expect(p16.getCell('C8').font?.bold).toBe(true);

        // Columns as wide as their text: the company names, not the dates, set the widest.
        expect(p1.getColumn(4).width).toBeGreaterThan(p1.getColumn(1).width!);
        expect(p1.getColumn(1).width).toBeGreaterThanOrEqual('06/22/2015'.length);
      },
    },
    {
      name: 'keeps the text outside the tables on a sheet of its own, in reading order',
      inputs: [warn],
      async check(run) {
        const book = await workbook(run);
        const text = sheetText(sheet(book, 'Text'));
        expect(text).toMatch(/WARN Report\*.*Summary by Received Date.*07\/01\/2015 - 03\/25\/2016.*Fiscal Year.*Publication Note.*\*\* Lay-offs have been cancelled by the Company\./);
        expect(text).not.toContain('Maxim Integrated Product');
        expect(sheetText(sheet(book, 'Page 1'))).not.toContain('Publication Note');
      },
    },
    {
      name: 'stacks every table on one sheet with excelonesheet, a blank row between them',
      inputs: [warn],
      options: { excelonesheet: true },
      async check(run) {
        const book = await workbook(run);
        expect(sheetNames(book)).toEqual(['Pages 1–16', 'Text']);
        const s = sheet(book, 'Pages 1–16');
        const records = layoutLines(run.inputs[0]).filter((l) => DATED.test(l)).length;
        expect(columnValues(s, 'A').filter((v) => v instanceof Date)).toHaveLength(records);
        // 17 tables (two on page 15): 16 blank rows between them, none inside.
        expect(columnValues(s, 'A').filter((v) => v === null)).toHaveLength(16);
        expect(value(s, 'A1')).toBe('Notice Date');
        // Page 2's records start after page 1's 37 rows and a blank one.
        expect(blankRow(s, 38)).toBe(true);
        expect([4, 5].map((c) => s.getCell(39, c).value)).toEqual(['Boeing Company', 'Huntington Beach']);
        expect(value(s, `A${s.rowCount}`)).toBe('Total');
      },
    },
    {
      name: 'opens in LibreOffice, every row of a page reading as pdftotext reads that line',
      inputs: [warn],
      async check(run) {
        const profile = path.join(run.workDir, 'lo-profile');
        execFileSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'csv', '--outdir', run.workDir, run.outputs[0].path], {
          stdio: 'ignore',
          timeout: 120_000,
        });
        // The CSV is the first sheet, page 1, as LibreOffice shows it (dates in their number format).
        const rows = fs
          .readFileSync(path.join(run.workDir, 'plumber_WARN-Report.csv'), 'utf8')
          .trim()
          .split('\n')
          .map((l) => csvFields(l).join(' ').replace(/\s+/g, ' ').trim());
        const truth = layoutLines(run.inputs[0], 1).filter((l) => DATED.test(l) || l.startsWith('Notice Date'));
        expect(rows).toEqual(truth);
      },
    },
    {
      name: 'finds a table set without rules, its header above a rule, figures as numbers with their decimals',
      get inputs() {
        return [tracemonkeyTable()];
      },
      async check(run) {
        const book = await workbook(run);
        expect(sheetNames(book)).toEqual(['Page 1', 'Text']);
        const s = sheet(book, 'Page 1');
        expect([2, 3, 4, 5, 6, 7, 8, 9, 10].map((c) => s.getCell(1, c).value)).toEqual(['Loops', 'Trees', 'Traces', 'Aborts', 'Flushes', 'Trees/Loop', 'Traces/Tree', 'Traces/Loop', 'Speedup']);
        expect(s.getCell('B1').font?.bold).toBe(true);
        expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((c) => s.getCell(2, c).value)).toEqual(['3d-cube', 25, 27, 29, 3, 0, 1.1, 1.1, 1.2, '2.20x']);
        expect(s.getCell('H3').numFmt).toBe('0.0');
        expect([1, 7, 10].map((c) => s.getCell(5, c).value)).toEqual(['access-binary-trees', '-', '0.93x']);
        expect([1, 4, 10].map((c) => s.getCell(27, c).value)).toEqual(['string-validate-input', 13, '1.86x']);
        expect(s.rowCount).toBe(27);
        // No rules, no borders.
        expect(s.getCell('B2').border?.left).toBeUndefined();
        // The caption and the prose around the table go to the text sheet, the table's cells do not.
        const text = sheetText(sheet(book, 'Text'));
        expect(text).toContain('Figure 13. Detailed trace recording statistics for the SunSpider benchmark set.');
        expect(text).toContain('We exclude regexp-dna from the following calculations');
        expect(text).not.toContain('access-fannkuch');
        expect(sheetText(s)).not.toContain('regexp-dna from');
      },
    },
    {
      name: 'merges the cells a ruled table spans: a title row, a header over two columns, a row header down',
      get inputs() {
        return [chelseaMerged()];
      },
      async check(run) {
        const book = await workbook(run);
        const s = sheet(book, 'Page 1');
        expect(new Set(s.model.merges)).toEqual(new Set(['A1:F1', 'B2:C2', 'A3:A8', 'B3:B4', 'B5:B6', 'B7:B8']));
        expect(value(s, 'A1')).toBe('AXE 2 – MARKETING');
        expect([1, 2, 4, 5, 6].map((c) => s.getCell(2, c).value)).toEqual(['AXE D’EVALUATION', 'ACTIONS', 'ÉCHEANCIER', 'RESSOURCES NECESSAIRES', 'RESPONSABLES ET PARTENAIRES']);
        expect(s.getCell('B2').font?.bold).toBe(true);
        expect(value(s, 'A3')).toBe('Promotion Promouvoir le projet, en faire la publicité et le faire connaître.');
        expect(value(s, 'B5')).toBe('Promotion du transport actif');
        // A cell's lines are joined again, a hyphenated compound kept whole.
        expect(value(s, 'C5')).toBe(
          '• Intensifier les mesures d’encouragement et d’éducation pour que les résidents et les visiteurs soient davantage portés à utiliser le transport actif pour les déplacements à Chelsea : défi vélo-boulot, journée de marche, journée sans auto, diffusion de vidéos promotionnelles.',
        );
        expect([4, 5].map((c) => s.getCell(6, c).value)).toEqual(['2022*', '$']);
        expect(value(s, 'F8')).toBe('Responsable du transport actif, service des loisirs, service de police, MTQ, organismes et écoles');
        expect(sheetText(sheet(book, 'Text'))).toContain('Plan d’action du Plan directeur du transport actif 2021-2026');
      },
    },
    {
      name: 'stacks the tables of a page on its sheet, a blank row between them',
      get inputs() {
        return [chelseaThree()];
      },
      async check(run) {
        const book = await workbook(run);
        const s = sheet(book, 'Page 1');
        expect(columnValues(s, 'A')).toEqual([
          'Pour participer à des activités sociales',
          'Pour se rendre à l\'école ou au travail',
          'Pour le loisir ou le sport',
          null,
          'Synthèse de résultats',
          'Pour faire l’épicerie',
          'Pour faire vos achats (autre que l’épicerie)',
          'Pour participer à des activités sociales',
          'Pour se rendre à l\'école ou au travail',
          'Pour le loisir ou le sport',
          'Autre:',
          null,
          'Synthèse des résultats',
          null,
        ]);
        expect([2, 3, 4, 5, 6].map((c) => s.getCell(1, c).value)).toEqual([9, 123, 81, 23, 6]);
        expect([2, 3, 4, 5, 6].map((c) => s.getCell(7, c).value)).toEqual([0, 9, 71, 153, 6]);
        expect(s.getCell('F5').value).toBe('Non applicable');
        expect(s.getCell('F5').font?.bold).toBe(true);
        expect([2, 3, 4, 5, 6].map((c) => s.getCell(14, c).value)).toEqual([33, 40, 21, 81, 68]);
        expect(value(s, 'C13')).toBe('Deux à trois fois par semaine');
        expect(sheetText(sheet(book, 'Text'))).toContain('Question 8 : À quelle fréquence utilisez-vous le sentier communautaire');
      },
    },
  ],
};

export default pdfToExcel;
