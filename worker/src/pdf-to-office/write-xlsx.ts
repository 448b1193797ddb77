/**
 * DocumentLayout → an Excel workbook (exceljs).
 *
 *   writeXlsx(layout: DocumentLayout, outPath: string, { oneSheet }): Promise<void>
 *
 * Every table the page flow finds, ruled or only lined up, becomes a block of cells in its rows
 * and columns: spanning cells merged, figures and dates stored as values in the format they were
 * printed in, header rows in bold, ruled tables with their borders. Tables stack down a sheet
 * with a blank row between them, on a sheet per page ("Page 3"): a table is found where it was
 * printed, and a page's tables stay together, where a sheet per table would scatter a page of
 * small tables over many tabs. `oneSheet` stacks every table of the document on one sheet.
 * The text outside the tables goes line by line, in reading order, to a last sheet, "Text"
 * (under "Page N" rows when several pages have some).
 * The layout may come from pdf.js (extract-pdf.ts) or from OCR.
 */
import ExcelJS from 'exceljs';
import { cellValue, readingConventions, type CellValue, type Conventions } from './cell-values';
import { pageFlow } from './page-flow';
import type { Table, TableCell } from './tables';
import type { DocumentLayout, PageLayout } from './types';

export interface XlsxOptions {
  /** Every table on one sheet instead of a sheet per page. */
  oneSheet?: boolean;
}

interface PageContent {
  number: number;
  tables: Table[];
  lines: Array<{ text: string; bold: boolean }>;
}

/** Excel keeps at most this many characters in a cell. */
const MAX_CELL = 32_767;
/** Column widths in characters of the default font. */
const MIN_WIDTH = 6;
const MAX_WIDTH = 60;
const MAX_TEXT_WIDTH = 120;
/** At most this many leading rows are a table's header. */
const MAX_HEADER_ROWS = 3;

export async function writeXlsx(layout: DocumentLayout, outPath: string, opts: XlsxOptions = {}): Promise<void> {
  const pages = layout.pages.map((page, i) => pageContent(page, i + 1));
  const conventions = readingConventions(pages.flatMap((p) => p.tables.flatMap((t) => t.cells.map(cellString))));
  const book = new ExcelJS.Workbook();
  book.creator = 'Sheaf';
  // Printed, a sheet fits the paper's width, turned as the PDF's page was.
  const sheetFor = (name: string, page: PageLayout) =>
    book.addWorksheet(name, { pageSetup: { orientation: page.width > page.height ? 'landscape' : 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  if (opts.oneSheet) {
    const tables = pages.flatMap((p) => p.tables);
    if (tables.length) writeTables(sheetFor(pages.length > 1 ? `Pages 1–${pages.length}` : 'Page 1', layout.pages[0]), tables, conventions);
  } else {
    for (const p of pages) if (p.tables.length) writeTables(sheetFor(`Page ${p.number}`, layout.pages[p.number - 1]), p.tables, conventions);
  }
  const withText = pages.filter((p) => p.lines.length);
  // A workbook needs a sheet, even for a PDF without any text.
  if (withText.length || !book.worksheets.length) writeText(book.addWorksheet('Text'), withText);
  await book.xlsx.writeFile(outPath);
}

function pageContent(page: PageLayout, number: number): PageContent {
  const content: PageContent = { number, tables: [], lines: [] };
  for (const band of pageFlow(page).bands) {
    for (const column of band.columns) {
      for (const block of column.blocks) {
        if (block.kind === 'table') content.tables.push(block.table);
        else if (block.kind === 'paragraph') for (const line of block.lines) content.lines.push({ text: line.text, bold: block.bold });
      }
    }
  }
  return content;
}

const LIST_ITEM = /^(?:[•◦▪▫■□●○◆◇►▸‣⁃∙·➢➤✓✔❖\uF000-\uF8FF]|[-–—*]\s|\(?(?:\d{1,3}|[a-zA-Z])[.)]\s)/;
/** Dot leaders that run a label out to its figure ("Parts cost ......."). */
const LEADER = /(?:\s+\.{2,}|\.{4,})$/;

/**
 * A cell's text as one string: its lines were broken by the width of the PDF's column, so they
 * are joined again, except before a list item.
 */
function cellString(cell: TableCell): string {
  let out = '';
  for (const raw of cell.text.split('\n')) {
    const line = raw.replace(LEADER, '').trim();
    if (!line) continue;
    if (!out) out = line;
    else if (LIST_ITEM.test(line)) out += `\n${line}`;
    // A line ending in a hyphen runs on into the next ("vélo-" "boulot").
    else if (/[-‐]$/.test(out)) out += line;
    else out += ` ${line}`;
  }
  return out;
}

/** Characters XML 1.0 cannot carry (they would make the file unreadable), and Excel's cell limit. */
function clean(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '').slice(0, MAX_CELL);
}

function writeTables(sheet: ExcelJS.Worksheet, tables: readonly Table[], conventions: Conventions) {
  const widths: number[] = [];
  let top = 1;
  for (const t of tables) top = writeTable(sheet, t, top, conventions, widths) + 2;
  widths.forEach((w, i) => {
    sheet.getColumn(i + 1).width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w));
  });
}

/** Writes the table with its first row at `top`; returns the last row it used. */
function writeTable(sheet: ExcelJS.Worksheet, t: Table, top: number, conventions: Conventions, widths: number[]): number {
  const texts = new Map(t.cells.map((c) => [c, cellString(c)]));
  const values = new Map<TableCell, CellValue>();
  const codes = codeColumns(t, texts);
  for (const c of t.cells) {
    const text = texts.get(c)!;
    values.set(c, c.colSpan === 1 && codes.has(c.col) && /^\d+$/.test(text) ? { value: text } : cellValue(text, conventions));
  }
  const header = headerRows(t, values);
  for (const c of t.cells) {
    const row = top + c.row;
    const col = 1 + c.col;
    const cell = sheet.getCell(row, col);
    const { value, numFmt } = values.get(c)!;
    if (value !== '') cell.value = typeof value === 'string' ? clean(value) : value;
    if (numFmt) cell.numFmt = numFmt;
    if (c.row < header || (c.runs.length && c.runs.every((r) => r.bold))) cell.font = { bold: true };
    const text = texts.get(c)!;
    if (text.includes('\n') || text.length > MAX_WIDTH) cell.alignment = { wrapText: true, vertical: 'top' };
    if (t.ruled) cell.border = THIN_BOX;
    if (c.rowSpan > 1 || c.colSpan > 1) sheet.mergeCells(row, col, row + c.rowSpan - 1, col + c.colSpan - 1);
    if (c.colSpan === 1) {
      const longest = Math.max(0, ...text.split('\n').map((l) => l.length));
      widths[c.col] = Math.max(widths[c.col] ?? 0, longest * (cell.font?.bold ? 1.1 : 1) + 2);
    }
  }
  return top + t.rowEdges.length - 2;
}

const THIN = { style: 'thin' as const };
const THIN_BOX: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };

/**
 * Columns of zero-padded numbers ("000", "010", "110") are codes: their other all-digit cells
 * stay text too, so the column reads the same all the way down.
 */
function codeColumns(t: Table, texts: Map<TableCell, string>): Set<number> {
  return new Set(t.cells.filter((c) => c.colSpan === 1 && /^0\d+$/.test(texts.get(c)!)).map((c) => c.col));
}

/**
 * How many leading rows are the header: rows of words only above a first row holding figures or
 * dates, or else rows set in bold above one that is not.
 */
function headerRows(t: Table, values: Map<TableCell, CellValue>): number {
  const rows = t.rowEdges.length - 1;
  const filled = (r: number) => t.cells.filter((c) => c.row === r && c.runs.length);
  const wordsOnly = (r: number) => filled(r).length > 0 && filled(r).every((c) => typeof values.get(c)!.value === 'string');
  const hasData = (r: number) => filled(r).some((c) => typeof values.get(c)!.value !== 'string');
  const bold = (r: number) => filled(r).length > 0 && filled(r).every((c) => c.runs.every((run) => run.bold));
  const limit = Math.min(MAX_HEADER_ROWS, rows - 1);
  let n = 0;
  while (n < limit && wordsOnly(n)) n++;
  if (n > 0 && hasData(n)) return n;
  n = 0;
  while (n < limit && bold(n)) n++;
  return n > 0 && !bold(n) ? n : 0;
}

/** The text sheet: its lines one a row, each page's under its number when there are several. */
function writeText(sheet: ExcelJS.Worksheet, pages: readonly PageContent[]) {
  let row = 1;
  let width = 0;
  for (const p of pages) {
    if (row > 1) row++;
    if (pages.length > 1) {
      const label = sheet.getCell(row++, 1);
      label.value = `Page ${p.number}`;
      label.font = { bold: true };
    }
    for (const line of p.lines) {
      const cell = sheet.getCell(row++, 1);
      cell.value = clean(line.text);
      if (line.bold) cell.font = { bold: true };
      width = Math.max(width, line.text.length);
    }
  }
  sheet.getColumn(1).width = Math.min(MAX_TEXT_WIDTH, Math.max(MIN_WIDTH, width + 2));
}
