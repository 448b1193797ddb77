/**
 * DocumentLayout → an editable Word document (docx package).
 *
 *   writeDocx(layout: DocumentLayout, outPath: string): Promise<void>
 *
 * Text is reflowed into real paragraphs (lines joined, hyphenation undone) with their fonts,
 * sizes, weights, slants and colours; headings get Word's heading styles, lists Word's numbering,
 * tables become Word tables, pictures sit in the flow where they were. Each PDF page starts a new
 * page of its size; a multi-column part of a page becomes a section with as many columns.
 * The layout may come from pdf.js (extract-pdf.ts) or from OCR.
 */
import fs from 'node:fs/promises';
import {
  AlignmentType,
  BorderStyle,
  ColumnBreak,
  Document,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  LineRuleType,
  Packer,
  Paragraph,
  SectionType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
  type ISectionOptions,
  type IParagraphOptions,
} from 'docx';
import { officeFont } from './font-names';
import { fragmentsOf, lineOf, rowsOf } from './lines';
import { documentFlow, type Band, type Block, type PageFlow } from './page-flow';
import { paragraphsOf, type Align, type ListInfo, type NumberFormat, type Paragraph as FlowParagraph, type StyledText } from './paragraphs';
import type { Table as FlowTable } from './tables';
import type { DocumentLayout, ImageBox } from './types';

export async function writeDocx(layout: DocumentLayout, outPath: string): Promise<void> {
  const pages = documentFlow(layout);
  const numbering = new Numbering();
  const sections: ISectionOptions[] = [];
  pages.forEach((page, i) => sections.push(...pageSections(page, i, numbering)));
  if (!sections.length) sections.push({ children: [new Paragraph('')] });
  const doc = new Document({
    creator: 'Sheaf',
    styles: {
      default: {
        document: { run: { font: bodyFont(pages) } },
        // Runs carry their own size, colour and weight: the heading styles only give structure.
        heading1: { run: { color: '000000', bold: false, size: 32 }, paragraph: { spacing: { before: 0, after: 0 } } },
        heading2: { run: { color: '000000', bold: false, size: 26 }, paragraph: { spacing: { before: 0, after: 0 } } },
        heading3: { run: { color: '000000', bold: false, size: 24 }, paragraph: { spacing: { before: 0, after: 0 } } },
      },
    },
    numbering: { config: numbering.config() },
    ...(layout.lang ? { language: layout.lang } : {}),
    sections,
  } as ConstructorParameters<typeof Document>[0]);
  await fs.writeFile(outPath, await Packer.toBuffer(doc));
}

const twips = (pt: number) => Math.round(pt * 20);
/** docx sizes pictures in pixels at 96 per inch. */
const pixels = (pt: number) => Math.max(1, Math.round((pt * 96) / 72));

function pageSections(page: PageFlow, pageIndex: number, numbering: Numbering): ISectionOptions[] {
  const c = page.content;
  // Margins from where the content sits, a little tighter at top and bottom so text set in a
  // substitute font that runs slightly longer still fits the page.
  const margin = {
    left: twips(clamp(c.x0, 18, 108)),
    right: twips(clamp(page.width - c.x1, 18, 108)),
    top: twips(clamp(0.7 * c.y0, 14, 72)),
    bottom: twips(clamp(0.7 * (page.height - c.y1), 14, 72)),
  };
  const size = { width: twips(page.width), height: twips(page.height), orientation: page.width > page.height ? 'landscape' : 'portrait' };
  const contentWidth = page.width - (margin.left + margin.right) / 20;
  const bands = page.bands.length ? page.bands : [undefined];
  return bands.map((band, i) => {
    const properties = {
      page: { size, margin },
      ...(i === 0 ? (pageIndex === 0 ? {} : { type: SectionType.NEXT_PAGE }) : { type: SectionType.CONTINUOUS }),
      ...(band && band.columns.length > 1 ? { column: columnsOf(band) } : {}),
    };
    const children = band ? bandChildren(band, contentWidth, numbering) : [];
    if (!children.length) children.push(new Paragraph(''));
    return { properties, children } as ISectionOptions;
  });
}

function columnsOf(band: Band) {
  const gaps = band.columns.slice(1).map((col, i) => col.x0 - band.columns[i].x1);
  return { count: band.columns.length, space: twips(Math.max(6, Math.min(...gaps))), equalWidth: true };
}

function bandChildren(band: Band, contentWidth: number, numbering: Numbering): Array<Paragraph | Table> {
  const out: Array<Paragraph | Table> = [];
  const width = band.columns.length > 1 ? Math.min(...band.columns.map((c) => c.x1 - c.x0)) : contentWidth;
  band.columns.forEach((column, i) => {
    for (const block of column.blocks) out.push(...blockChildren(block, width, column, numbering));
    // Each column's text stays in its column, as on the page.
    if (i < band.columns.length - 1) out.push(new Paragraph({ children: [new ColumnBreak()] }));
  });
  return out;
}

function blockChildren(block: Block, width: number, column: { x0: number; x1: number }, numbering: Numbering): Array<Paragraph | Table> {
  if (block.kind === 'paragraph') return [paragraphOf(block, numbering)];
  if (block.kind === 'image') return [imageParagraph(block.image, width, column)];
  return [tableOf(block.table, width), new Paragraph({ spacing: { before: 0, after: 0 }, children: [] })];
}

const ALIGN: Record<Align, (typeof AlignmentType)[keyof typeof AlignmentType]> = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
};
const HEADING = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

function paragraphOf(p: FlowParagraph, numbering: Numbering): Paragraph {
  // Exact line pitch, as on the page: substitute fonts then take the same room as the originals.
  const ratio = p.lineHeight && p.lineHeight >= 0.9 && p.lineHeight <= 3 ? p.lineHeight : 1.2;
  const pitch = twips(ratio * p.fontSize);
  const options: IParagraphOptions = {
    children: runsOf(p.content, p.rtl, p.fontSize),
    alignment: ALIGN[p.align === 'left' && p.rtl ? 'right' : p.align],
    spacing: { before: twips(p.spaceBefore), after: 0, line: pitch, lineRule: LineRuleType.EXACT },
    ...(p.rtl ? { bidirectional: true } : {}),
    ...(p.heading ? { heading: HEADING[p.heading], keepNext: true } : {}),
    ...(p.list
      ? { numbering: { reference: numbering.reference(p.list), level: p.list.level } }
      : p.align === 'left' || p.align === 'justify' || (p.rtl && p.align === 'right')
        ? { indent: indentOf(p) }
        : {}),
  };
  return new Paragraph(options);
}

function indentOf(p: FlowParagraph) {
  const start = twips(p.indent);
  if (p.firstLine > 0) return p.rtl ? { right: start, firstLine: twips(p.firstLine) } : { left: start, firstLine: twips(p.firstLine) };
  if (p.firstLine < 0) {
    const hanging = Math.min(twips(-p.firstLine), start);
    return p.rtl ? { right: start, hanging } : { left: start, hanging };
  }
  return p.rtl ? { right: start } : { left: start };
}

function runsOf(content: readonly StyledText[], rtl: boolean, baseSize: number): TextRun[] {
  return content.map((c) => {
    const font = officeFont(c.fontName);
    // Word shrinks super- and subscripts itself: give them the size of the text around them.
    const size = Math.max(2, Math.round((c.script ? baseSize : c.fontSize) * 2));
    return new TextRun({
      text: c.text,
      size,
      ...(c.bold ? { bold: true } : {}),
      ...(c.italic ? { italics: true } : {}),
      ...(c.color ? { color: c.color } : {}),
      ...(font ? { font: { ascii: font, hAnsi: font, eastAsia: font, cs: font } } : {}),
      ...(c.script === 'super' ? { superScript: true } : c.script === 'sub' ? { subScript: true } : {}),
      ...(rtl ? { rightToLeft: true } : {}),
    });
  });
}

function imageParagraph(image: ImageBox, width: number, column: { x0: number; x1: number }): Paragraph {
  const scale = Math.min(1, width / image.width);
  const centred = Math.abs(image.x + image.width / 2 - (column.x0 + column.x1) / 2) < 0.05 * (column.x1 - column.x0);
  return new Paragraph({
    alignment: centred ? AlignmentType.CENTER : AlignmentType.LEFT,
    spacing: { before: 60, after: 60 },
    children: [new ImageRun({ type: image.format, data: image.data, transformation: { width: pixels(image.width * scale), height: pixels(image.height * scale) } })],
  });
}

const LINE = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
const NONE = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };

function tableOf(t: FlowTable, maxWidth: number): Table {
  const widths = t.colEdges.slice(1).map((e, i) => e - t.colEdges[i]);
  const scale = Math.min(1, maxWidth / widths.reduce((s, w) => s + w, 0));
  const columnWidths = widths.map((w) => twips(Math.max(12, w * scale)));
  const rows = t.rowEdges.length - 1;
  const border = t.ruled ? LINE : NONE;
  const tableRows: TableRow[] = [];
  for (let r = 0; r < rows; r++) {
    const cells = t.cells.filter((c) => c.row === r);
    if (!cells.length) continue;
    tableRows.push(
      new TableRow({
        children: cells.map(
          (c) =>
            new TableCell({
              columnSpan: c.colSpan > 1 ? c.colSpan : undefined,
              rowSpan: c.rowSpan > 1 ? c.rowSpan : undefined,
              width: { size: columnWidths.slice(c.col, c.col + c.colSpan).reduce((s, w) => s + w, 0), type: WidthType.DXA },
              margins: { top: 20, bottom: 20, left: 60, right: 60 },
              borders: { top: border, bottom: border, left: border, right: border },
              children: cellParagraphs(c.runs, { x0: t.colEdges[c.col], x1: t.colEdges[c.col + c.colSpan], y0: t.rowEdges[r], y1: t.rowEdges[r + c.rowSpan] }),
            }),
        ),
      }),
    );
  }
  return new Table({ rows: tableRows, columnWidths, layout: TableLayoutType.FIXED, width: { size: columnWidths.reduce((s, w) => s + w, 0), type: WidthType.DXA } });
}

function cellParagraphs(runs: FlowTable['cells'][number]['runs'], box: { x0: number; y0: number; x1: number; y1: number }): Paragraph[] {
  if (!runs.length) return [new Paragraph('')];
  const lines = rowsOf(fragmentsOf(runs)).map((row) => lineOf(row.flatMap((f) => f.runs)));
  return paragraphsOf(lines, box).map(
    (p) =>
      new Paragraph({
        children: runsOf(p.content, p.rtl, p.fontSize),
        alignment: ALIGN[p.align === 'justify' ? 'left' : p.align],
        spacing: { before: 0, after: 0 },
        ...(p.rtl ? { bidirectional: true } : {}),
      }),
  );
}

/** The font most of the text is set in, as the document default. */
function bodyFont(pages: readonly PageFlow[]): string {
  const weight = new Map<string, number>();
  for (const page of pages)
    for (const band of page.bands)
      for (const col of band.columns)
        for (const b of col.blocks)
          if (b.kind === 'paragraph')
            for (const c of b.content) {
              const f = officeFont(c.fontName);
              if (f) weight.set(f, (weight.get(f) ?? 0) + c.text.length);
            }
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'Times New Roman';
}

/**
 * Word numbering definitions made as lists need them: one per marker style, and a fresh
 * instance whenever a list restarts, so each list counts from its own first number.
 */
class Numbering {
  private refs = new Map<string, { format: NumberFormat | 'bullet'; pattern: string; start: number }>();
  private lastKey: string | undefined;
  private lastValue = 0;
  private serial = 0;

  reference(list: ListInfo): string {
    const format = list.kind === 'bullet' ? 'bullet' : (list.format ?? 'decimal');
    const pattern = list.pattern ?? '%1.';
    const value = list.value ?? 1;
    const key = `${format}|${pattern}`;
    // A number that does not follow the previous item starts a new list.
    const continues = this.lastKey?.startsWith(`${key}|`) && (format === 'bullet' || value === this.lastValue + 1 || list.level > 0);
    if (!continues) {
      this.serial++;
      this.lastKey = `${key}|${this.serial}`;
      this.refs.set(this.lastKey, { format, pattern, start: format === 'bullet' ? 1 : value });
    }
    if (list.level === 0) this.lastValue = value;
    return this.lastKey!;
  }

  config() {
    return [...this.refs.entries()].map(([reference, { format, pattern, start }]) => ({
      reference,
      levels: Array.from({ length: 4 }, (_, level) => ({
        level,
        format: format === 'bullet' ? LevelFormat.BULLET : LEVEL_FORMAT[format],
        text: format === 'bullet' ? (['•', '◦', '▪', '•'][level] ?? '•') : pattern.replace('%1', `%${level + 1}`),
        start: level === 0 ? start : 1,
        alignment: AlignmentType.LEFT,
        style: { paragraph: { indent: { left: 360 * (level + 1), hanging: 360 } } },
      })),
    }));
  }
}

const LEVEL_FORMAT: Record<NumberFormat, (typeof LevelFormat)[keyof typeof LevelFormat]> = {
  decimal: LevelFormat.DECIMAL,
  lowerLetter: LevelFormat.LOWER_LETTER,
  upperLetter: LevelFormat.UPPER_LETTER,
  lowerRoman: LevelFormat.LOWER_ROMAN,
  upperRoman: LevelFormat.UPPER_ROMAN,
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
