import type { TRect } from '#shared/editor/operations';
import { boxOfRun, dominantSize, unionBox, type Box } from '../pdf-to-office/lines';
import { documentFlow, type PageFlow } from '../pdf-to-office/page-flow';
import { paragraphText, type Paragraph } from '../pdf-to-office/paragraphs';
import type { Table } from '../pdf-to-office/tables';
import type { DocumentLayout, TextRun } from '../pdf-to-office/types';

/** A paragraph or table cell of a page to translate, where it sits and how it looked. */
export interface TextBlock {
  /** 0-based page index. */
  page: number;
  /** Where its text is, as fractions of the page as displayed, from the top left (the editor's rects): removed. */
  rect: TRect;
  /** Where its translation may go: the text's box widened to its column or cell and down to what follows. */
  room: TRect;
  text: string;
  fontSize: number;
  fontName: string;
  bold: boolean;
  italic: boolean;
  /** #rrggbb */
  color: string;
  align: 'left' | 'center' | 'right';
  /** Written right to left (Arabic, Hebrew): its start is its right edge. */
  rtl: boolean;
  /** Baseline to baseline, in font sizes. */
  lineHeight: number;
}

/** Single spacing, for blocks that measured none. */
const SINGLE_SPACING = 1.15;
/** Kept clear between a translation and the block below it, and inside a table cell's rules. */
const GAP = 2;

/**
 * The paragraphs and table cells of every page that hold words: the layout reader's own paragraphs
 * (lines joined, hyphens mended) and cells. Text set sideways and blocks of bare numbers (page
 * numbers, figures) stay as they are.
 */
export function textBlocks(layout: DocumentLayout): TextBlock[] {
  return documentFlow(layout).flatMap((flow, page) =>
    flow.bands.flatMap((band) =>
      band.columns.flatMap((column) =>
        column.blocks.flatMap((block, i) => {
          const below = column.blocks.slice(i + 1).reduce((top, next) => Math.min(top, next.y0 > block.y1 ? next.y0 - GAP : top), column.y1);
          if (block.kind === 'paragraph') return paragraphBlock(flow, page, block, { x0: column.x0, x1: column.x1, y1: Math.max(block.y1, below) });
          if (block.kind === 'table') return cellBlocks(flow, page, block.table);
          return [];
        }),
      ),
    ),
  );
}

const fractions = (flow: PageFlow, b: Box): TRect => [b.x0 / flow.width, b.y0 / flow.height, (b.x1 - b.x0) / flow.width, (b.y1 - b.y0) / flow.height];

const hasWords = (text: string) => /\p{L}/u.test(text);

const styleOf = (run: TextRun | undefined) => ({
  fontName: run?.fontName ?? '',
  italic: !!run?.italic,
  color: `#${run?.color ?? '000000'}`,
});

function paragraphBlock(flow: PageFlow, page: number, p: Paragraph, column: { x0: number; x1: number; y1: number }): TextBlock[] {
  const text = paragraphText(p).replace(/\s+/g, ' ').trim();
  if (!hasWords(text) || turned(p)) return [];
  const align = p.rtl ? 'right' : p.align === 'center' || p.align === 'right' ? p.align : 'left';
  // A translation runs longer or shorter than its source: it may take the column's width on the side it grows to.
  const x0 = align === 'left' ? p.x0 : column.x0;
  const x1 = align === 'right' ? p.x1 : column.x1;
  const first = p.lines[0]?.pieces.find((piece) => piece.text.trim())?.run;
  return [
    {
      page,
      rect: fractions(flow, p),
      room: fractions(flow, { x0: Math.min(x0, p.x0), y0: p.y0, x1: Math.max(x1, p.x1), y1: column.y1 }),
      text,
      fontSize: p.fontSize,
      bold: p.bold,
      ...styleOf(first),
      align,
      rtl: p.rtl,
      lineHeight: p.lineHeight ?? SINGLE_SPACING,
    },
  ];
}

/** Each cell with words, its translation kept inside the cell. */
function cellBlocks(flow: PageFlow, page: number, table: Table): TextBlock[] {
  return table.cells.flatMap((cell) => {
    const text = cell.text.replace(/\s+/g, ' ').trim();
    if (!hasWords(text) || !cell.runs.length) return [];
    const source = unionBox(cell.runs.map(boxOfRun));
    const pad = table.ruled ? GAP : 0;
    const cellBox = {
      x0: table.colEdges[cell.col] + pad,
      y0: source.y0,
      x1: table.colEdges[cell.col + cell.colSpan] - pad,
      y1: table.rowEdges[cell.row + cell.rowSpan] - pad,
    };
    return [
      {
        page,
        rect: fractions(flow, source),
        room: fractions(flow, { x0: Math.min(cellBox.x0, source.x0), y0: source.y0, x1: Math.max(cellBox.x1, source.x1), y1: Math.max(cellBox.y1, source.y1) }),
        text,
        fontSize: dominantSize(cell.runs),
        bold: cell.runs.every((r) => r.bold),
        ...styleOf(cell.runs[0]),
        align: 'left' as const,
        rtl: false,
        lineHeight: SINGLE_SPACING,
      },
    ];
  });
}

const turned = (p: Paragraph) => p.lines.some((line) => line.pieces.some((piece) => piece.run.angle !== undefined && piece.run.angle % 360 !== 0));

