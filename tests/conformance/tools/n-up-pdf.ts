import { expect } from 'vitest';
import type { ToolConformance, ToolRun } from '../harness';
import { label, numberedPages, wordBoxes } from '../layout-fixtures';
import { pageCount, pdfFixture } from '../pdf-checks';

const numbered = await numberedPages(10);

/**
 * Every sheet holds its pages in the grid's order, each upright (its label, printed near the page's
 * top-left corner as shown, is in the top-left quarter of its cell), and every label is read once.
 */
const laysOut = (grid: { columns: number; rows: number }, slotOf: (slot: number) => { column: number; row: number }) => (run: ToolRun) => {
  const out = run.outputs[0].path;
  const perSheet = grid.columns * grid.rows;
  const sheets = pageCount(out);
  expect(sheets).toBe(Math.ceil(10 / perSheet));
  for (let sheet = 1; sheet <= sheets; sheet++) {
    const { width, height, words } = wordBoxes(out, sheet);
    const first = (sheet - 1) * perSheet + 1;
    const expected = Array.from({ length: Math.min(perSheet, 10 - first + 1) }, (_, slot) => label(first + slot));
    expect(words.map((w) => w.text).sort(), `sheet ${sheet}`).toEqual(expected);
    expected.forEach((text, slot) => {
      const word = words.find((w) => w.text === text)!;
      const cell = { width: width / grid.columns, height: height / grid.rows };
      const { column, row } = slotOf(slot);
      expect([Math.floor(word.x / cell.width), Math.floor(word.y / cell.height)], text).toEqual([column, row]);
      expect((word.x % cell.width) / cell.width, `${text} across`).toBeLessThan(0.5);
      expect((word.y % cell.height) / cell.height, `${text} down`).toBeLessThan(0.5);
    });
  }
};

const nUpPdf: ToolConformance = {
  tool: 'n-up-pdf',
  sample: [pdfFixture('ocrmypdf_tagged.pdf').file],
  options: { perSheet: 4 },
  pagesOf: ([pages]) => [Math.ceil(pages / 4)],
  cases: [
    {
      name: 'puts 4 pages on each A4 sheet, across then down, turned pages upright',
      inputs: [numbered],
      options: { perSheet: '4', borders: 'true' },
      names: ['numbered-10-4-up.pdf'],
      check: laysOut({ columns: 2, rows: 2 }, (slot) => ({ column: slot % 2, row: Math.floor(slot / 2) })),
    },
    {
      name: 'puts 6 pages on each landscape sheet, down then across',
      inputs: [numbered],
      options: { perSheet: 6, order: 'down', sheet: 'letter' },
      check: laysOut({ columns: 3, rows: 2 }, (slot) => ({ column: Math.floor(slot / 2), row: slot % 2 })),
    },
    {
      name: 'puts 2 pages side by side on sheets the size of the pages',
      inputs: [numbered],
      options: { perSheet: 2, sheet: 'same' },
      check: laysOut({ columns: 2, rows: 1 }, (slot) => ({ column: slot, row: 0 })),
    },
  ],
};

export default nUpPdf;
