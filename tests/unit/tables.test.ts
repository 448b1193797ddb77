import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { extractLayout } from '../../worker/src/pdf-to-office/extract-pdf';
import { cellText, detectTables, type Table } from '../../worker/src/pdf-to-office/tables';
import type { PageLayout, RuleLine, TextRun } from '../../worker/src/pdf-to-office/types';
import { writeXlsx } from '../../worker/src/pdf-to-office/write-xlsx';
import { fixture } from '../support/fixtures';

/** A run of Helvetica-like text: half an em per character. */
const run = (text: string, x: number, y: number, size = 10): TextRun => ({ text, x, y, width: text.length * 0.5 * size, height: size, fontSize: size });
/** A run right-aligned on `x1`. */
const right = (text: string, x1: number, y: number, size = 10) => run(text, x1 - text.length * 0.5 * size, y, size);
const h = (y: number, x1: number, x2: number): RuleLine => ({ x1, y1: y, x2, y2: y });
const v = (x: number, y1: number, y2: number): RuleLine => ({ x1: x, y1, x2: x, y2 });
const page = (runs: TextRun[], rules: RuleLine[] = []): PageLayout => ({ width: 612, height: 792, runs, rules, images: [] });

/** The table as rows of cell texts ('' where no cell starts), spans noted as "text[rows×cols]". */
function grid(t: Table): string[][] {
  const out = Array.from({ length: t.rowEdges.length - 1 }, () => Array<string>(t.colEdges.length - 1).fill(''));
  for (const c of t.cells) out[c.row][c.col] = c.text.replace(/\n/g, ' ') + (c.rowSpan > 1 || c.colSpan > 1 ? `[${c.rowSpan}×${c.colSpan}]` : '');
  return out;
}

describe('ruled tables', () => {
  it('reads a grid, a header cell over two columns merged where no rule divides it', () => {
    const rules = [h(100, 50, 350), h(120, 50, 350), h(140, 50, 350), h(160, 50, 350), v(50, 100, 160), v(150, 120, 160), v(250, 100, 160), v(350, 100, 160)];
    const runs = [run('Period', 55, 105), run('Count', 155, 105), run('Name', 255, 105), run('2020', 55, 125), run('12', 155, 125), run('Ann', 255, 125), run('2021', 55, 145), run('7', 155, 145), run('Bob', 255, 145)];
    const tables = detectTables(page(runs, rules));
    expect(tables).toHaveLength(1);
    expect(tables[0].ruled).toBe(true);
    expect(grid(tables[0])).toEqual([
      ['Period Count[1×2]', '', 'Name'],
      ['2020', '12', 'Ann'],
      ['2021', '7', 'Bob'],
    ]);
  });

  it('takes in the outer columns of a table ruled only between its columns', () => {
    const rules = [h(100, 40, 360), h(120, 40, 360), h(140, 40, 360), v(150, 100, 140), v(250, 100, 140)];
    const runs = [run('Code', 50, 105), run('Item', 160, 105), run('Price', 260, 105), run('A1', 50, 125), run('Pen', 160, 125), run('2.50', 260, 125)];
    const [t] = detectTables(page(runs, rules));
    expect(grid(t)).toEqual([
      ['Code', 'Item', 'Price'],
      ['A1', 'Pen', '2.50'],
    ]);
  });

  it('splits a row ruled off only as a whole into its records, a line each', () => {
    const rules = [h(100, 50, 350), h(120, 50, 350), h(170, 50, 350), v(50, 100, 170), v(250, 100, 170), v(350, 100, 170)];
    const runs = [
      run('Action', 55, 105),
      run('Cost', 255, 105),
      run('Install software', 55, 125),
      right('$85', 345, 125),
      run('Revise the manual', 55, 140),
      right('$170', 345, 140),
      run('Remove the marker', 55, 155),
      right('$85', 345, 155),
    ];
    const [t] = detectTables(page(runs, rules));
    expect(grid(t)).toEqual([
      ['Action', 'Cost'],
      ['Install software', '$85'],
      ['Revise the manual', '$170'],
      ['Remove the marker', '$85'],
    ]);
  });

  it('parts text pdf.js joined across a rule between two cells', () => {
    const rules = [h(100, 50, 250), h(120, 50, 250), h(140, 50, 250), v(50, 100, 140), v(150, 100, 140), v(250, 100, 140)];
    const [kg, code] = [right('12.3', 148, 125), run('SP-3', 152, 125)];
    const pieces = [kg, code].map(({ text, x, width }) => ({ text, x, width }));
    const joined = { ...kg, text: '12.3 SP-3', width: code.x + code.width - kg.x, pieces };
    const [t] = detectTables(page([run('Kg', 55, 105), run('Code', 155, 105), joined], rules));
    expect(grid(t)).toEqual([
      ['Kg', 'Code'],
      ['12.3', 'SP-3'],
    ]);
  });

  it('takes the axes and ticks of a chart for a chart, not a table', () => {
    const ticks = [70, 110, 190, 230];
    const rules = [h(150, 50, 250), v(150, 50, 250), ...ticks.map((x) => v(x, 148, 152)), ...ticks.map((y) => h(y, 148, 152))];
    const runs = [...ticks.map((x, i) => run(['−4', '−2', '2', '4'][i], x - 5, 156)), ...ticks.map((y, i) => run(['4', '2', '−2', '−4'][i], 132, y - 5))];
    expect(detectTables(page(runs, rules)).filter((t) => t.ruled)).toEqual([]);
  });

  it('keeps the wrapped words of a header cell in one row', () => {
    const rules = [h(100, 50, 350), h(130, 50, 350), h(150, 50, 350), v(50, 100, 150), v(250, 100, 150), v(350, 100, 150)];
    const runs = [run('Employees', 55, 103), run('Notices', 255, 103), run('affected', 55, 115), run('sent', 255, 115), run('12', 55, 135), run('3', 255, 135)];
    const [t] = detectTables(page(runs, rules));
    expect(grid(t)).toEqual([
      ['Employees affected', 'Notices sent'],
      ['12', '3'],
    ]);
  });
});

describe('tables without rules', () => {
  it('finds columns that stand closer than an em apart, when every row keeps them', () => {
    const rows = [
      ['Team', 'Location', 'Cups'],
      ['Blues', 'STL', '1'],
      ['Flyers', 'PHI', '2'],
      ['Maple Leafs', 'TOR', '13'],
    ];
    // "Maple Leafs" ends 7 points (0.7 em) before the second column.
    const runs = rows.flatMap((r, i) => [run(r[0], 50, 100 + 15 * i), run(r[1], 112, 100 + 15 * i), right(r[2], 200, 100 + 15 * i)]);
    const tables = detectTables(page(runs));
    expect(tables).toHaveLength(1);
    expect(tables[0].ruled).toBe(false);
    expect(grid(tables[0])).toEqual(rows);
  });

  it('parts cells a space apart where their edges line up row after row, cutting the runs pdf.js joined across them', () => {
    // Item left-aligned, Qty and Kg right-aligned, Code left-aligned, a space between the columns.
    const rows = [
      ['Item', 'Qty', 'Kg', 'Code'],
      ['Bolt M6x20', '1204', '3.5', 'FX-9'],
      ['Nut M6', '5310', '1.2', 'FX-9'],
      ['Washer M6', '2875', '0.8', 'KL-2'],
      ['Screw 4x40', '10250', '12.3', 'SP-3'],
    ];
    const runs = rows.flatMap((r, i) => {
      const y = 100 + 12 * i;
      const [item, qty, kg, code] = [run(r[0], 50, y), right(r[1], 140, y), right(r[2], 162, y), run(r[3], 164, y)];
      // pdf.js joins "3.5" and "FX-9" (2 points apart) into one item; where each was drawn stays known.
      const pieces = [kg, code].map(({ text, x, width }) => ({ text, x, width }));
      const joined = { ...kg, text: `${kg.text} ${code.text}`, width: code.x + code.width - kg.x, pieces };
      return [item, qty, joined];
    });
    const tables = detectTables(page(runs));
    expect(tables.map(grid)).toEqual([rows]);
  });

  it('keeps the header above the rule that sets it off from the body', () => {
    const header = ['Loops', 'Trees', 'Traces'];
    const body = [
      ['cube', '25', '27', '29'],
      ['morph', '5', '8', '8'],
      ['raytrace', '10', '25', '100'],
    ];
    const runs = [
      ...header.map((text, c) => right(text, 160 + 50 * c, 100)),
      ...body.flatMap((r, i) => [run(r[0], 50, 115 + 12 * i), ...r.slice(1).map((text, c) => right(text, 160 + 50 * c, 115 + 12 * i))]),
    ];
    const [t] = detectTables(page(runs, [h(112, 45, 265)]));
    expect(grid(t)).toEqual([['', ...header], ...body]);
  });

  it('reads a page of three justified columns as text, not as a table', () => {
    const words = 'the quick brown fox jumps over the lazy dog and runs far away';
    const runs = Array.from({ length: 12 }, (_, i) => [0, 1, 2].map((c) => run(words.slice(0, 44), 40 + 180 * c, 100 + 12 * i))).flat();
    expect(detectTables(page(runs))).toEqual([]);
  });

  it('finds the table in the right column, not the prose beside it', () => {
    const prose = 'Because traces are in SSA form and have no join points';
    const table = [
      ['Tag', 'Type', 'Description'],
      ['xx1', 'number', 'integer'],
      ['000', 'object', 'pointer to object'],
      ['010', 'number', 'pointer to double'],
    ];
    const runs = [
      ...[0, 1, 2, 3, 4].map((i) => run(prose, 40, 100 + 12 * i, 8)),
      ...table.flatMap((r, i) => r.map((text, c) => run(text, 330 + 60 * c, 106 + 12 * i, 8))),
    ];
    const tables = detectTables(page(runs));
    expect(tables.map(grid)).toEqual([table]);
  });

  it('leaves the brackets of a matrix in a formula alone', () => {
    const runs = [
      ...[100, 112, 124].map((y) => run('(', 100, y)),
      run('a', 120, 106),
      run('b', 150, 106),
      run('c', 120, 118),
      run('d', 150, 118),
      ...[100, 112, 124].map((y) => run(')', 170, y)),
    ];
    expect(detectTables(page(runs))).toEqual([]);
  });

  it('does not take a bulleted list for a table', () => {
    const runs = ['First point', 'Second point', 'Third point'].flatMap((text, i) => [run('•', 50, 100 + 12 * i), run(text, 70, 100 + 12 * i)]);
    expect(detectTables(page(runs))).toEqual([]);
  });
});

describe('tables printed to PDF by LibreOffice', () => {
  /** The workbook pdf-to-excel writes for a fixture, as rows of cell values. */
  async function sheetRows(name: string): Promise<unknown[][]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-tables-'));
    try {
      const out = path.join(dir, 'out.xlsx');
      await writeXlsx(await extractLayout(fixture(`pdf/${name}`)), out);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(out);
      const rows: unknown[][] = [];
      book.getWorksheet('Page 1')!.eachRow((row, r) => (rows[r - 1] = (row.values as unknown[]).slice(1)));
      return rows;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('reads a spreadsheet printed at narrow widths and a report on tab stops cell by cell, figures as numbers', async () => {
    const stock = await sheetRows('sheaf_stock-narrow-columns.pdf');
    expect(stock[0]).toEqual(['Item', 'Qty', 'Kg', 'Supp.', 'Price', 'Bin']);
    expect(stock[1]).toEqual(['Bolt M6x20', 1204, 3.5, 'FX-9', 0.12, 'A-03']);
    expect(stock[7]).toEqual(['Screw 4x40', 10250, 12.3, 'SP-3', 0.03, 'B-01']);
    expect(stock[13]).toEqual(['Total', 30777, 40.8]);
    expect(stock).toHaveLength(14);

    const sales = await sheetRows('sheaf_regional-sales.pdf');
    expect(sales[0]).toEqual(['Region', 'Units', 'Revenue', 'Margin', 'Manager']);
    expect(sales[3]).toEqual(['Central', 2310, 102455.25, 14, 'Nguyen']);
    expect(sales[5]).toEqual(['South-West', 1876, 75600, 11.25, 'Rossi']);
    expect(sales[7]).toEqual(['Total', 6921, 287010.25, 11.6]);
    expect(sales).toHaveLength(8);
  });
});

describe('cell text', () => {
  it('reads lines top to bottom and a turned header from the bottom up, first line leftmost', () => {
    expect(cellText([run('Summary by', 50, 100), run('Month', 50, 112)])).toBe('Summary by\nMonth');
    const up = (text: string, x: number) => ({ text, x, y: 200 - text.length * 5, width: 8, height: text.length * 5, fontSize: 8 });
    expect(cellText([up('operating profit', 112), up('Underlying Trading', 100), { ...up('(b)', 112), y: 100 }])).toBe('Underlying Trading\noperating profit (b)');
    // pdf.js tells which way a run is turned: set down the page, the first line is the rightmost.
    const down = (text: string, x: number, y = 100) => ({ text, x, y, width: 8, height: text.length * 5, fontSize: 8, angle: 90 });
    expect(cellText([down('profit', 100), down('Trading', 112), down('(b)', 100, 131)])).toBe('Trading\nprofit (b)');
  });
});
