/**
 * Where the pages of a document go on printed sheets: the grid of an N-up sheet and the page order
 * of a saddle-stitched booklet. Pure arithmetic, shared by the worker that draws the sheets and the
 * options panels that show their layout.
 */

export const PAGES_PER_SHEET = [2, 4, 6, 9, 16] as const;
export type PagesPerSheet = (typeof PAGES_PER_SHEET)[number];

/** Pages fill a sheet's rows left to right (`across`) or its columns top to bottom (`down`). */
export const SHEET_ORDERS = ['across', 'down'] as const;
export type SheetOrder = (typeof SHEET_ORDERS)[number];

/** Paper of the sheets, portrait sizes in points; `same` takes the size of the document's first page. */
export const SHEET_PAPERS = ['a4', 'letter', 'same'] as const;
export type SheetPaper = (typeof SHEET_PAPERS)[number];
export const PAPER_POINTS = { a4: { width: 595.28, height: 841.89 }, letter: { width: 612, height: 792 } } as const;

export interface Size {
  width: number;
  height: number;
}

/** Columns and rows a count of pages can be laid out in: 6 as 3×2 or 2×3, 9 only as 3×3. */
const GRIDS: Record<PagesPerSheet, ReadonlyArray<[number, number]>> = {
  2: [
    [2, 1],
    [1, 2],
  ],
  4: [[2, 2]],
  6: [
    [3, 2],
    [2, 3],
  ],
  9: [[3, 3]],
  16: [[4, 4]],
};

/** White space around the pages of a sheet and between them, in points. */
export const SHEET_MARGIN = 18;
export const SHEET_GAP = 9;

export interface SheetLayout {
  sheet: Size;
  columns: number;
  rows: number;
}

/**
 * The sheet (upright or turned landscape) and grid that show a page of `page` size the largest:
 * two portrait pages go side by side on a landscape sheet, four on an upright one.
 */
export function sheetLayout(perSheet: PagesPerSheet, paper: Size, page: Size): SheetLayout {
  let best: SheetLayout & { scale: number } = { sheet: paper, columns: GRIDS[perSheet][0][0], rows: GRIDS[perSheet][0][1], scale: -1 };
  const turns = [paper, { width: paper.height, height: paper.width }];
  for (const sheet of turns) {
    for (const [columns, rows] of GRIDS[perSheet]) {
      const cell = cellSize({ sheet, columns, rows });
      const scale = Math.min(cell.width / page.width, cell.height / page.height);
      // Ties keep the first candidate: the paper as given, the wider grid.
      if (scale > best.scale + 1e-9) best = { sheet, columns, rows, scale };
    }
  }
  return { sheet: best.sheet, columns: best.columns, rows: best.rows };
}

export function cellSize({ sheet, columns, rows }: SheetLayout): Size {
  return {
    width: (sheet.width - 2 * SHEET_MARGIN - (columns - 1) * SHEET_GAP) / columns,
    height: (sheet.height - 2 * SHEET_MARGIN - (rows - 1) * SHEET_GAP) / rows,
  };
}

/** Column and row (0-based, row 0 at the top) of the `slot`-th page of a sheet. */
export function slotPosition(slot: number, layout: Pick<SheetLayout, 'columns' | 'rows'>, order: SheetOrder): { column: number; row: number } {
  return order === 'across'
    ? { column: slot % layout.columns, row: Math.floor(slot / layout.columns) }
    : { column: Math.floor(slot / layout.rows), row: slot % layout.rows };
}

/**
 * The sides of a saddle-stitched booklet, in printing order: each side holds a left and a right page
 * (1-based page numbers; a number past `pages` is a blank). Pages are padded with blanks at the end
 * to a multiple of four, so folding the printed stack in half gives pages 1, 2, 3… in reading order.
 */
export function bookletSides(pages: number): Array<[number, number]> {
  const total = Math.ceil(pages / 4) * 4;
  const sides: Array<[number, number]> = [];
  for (let i = 0; i < total / 4; i++) {
    sides.push([total - 2 * i, 2 * i + 1], [2 * i + 2, total - 2 * i - 1]);
  }
  return sides;
}
