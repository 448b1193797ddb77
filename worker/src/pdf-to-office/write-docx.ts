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
  Column,
  ColumnBreak,
  Document,
  Footer,
  FrameAnchorType,
  Header,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  LineRuleType,
  Packer,
  NumberFormat as PageNumberType,
  PageNumber,
  PageOrientation,
  Paragraph,
  SectionType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  Tab,
  TabStopType,
  TextRun,
  WidthType,
  type ISectionOptions,
  type IParagraphOptions,
} from 'docx';
import { officeFont } from './font-names';
import { CJK_CHAR, fragmentsOf, isRtlText, lineOf, rowsOf } from './lines';
import { documentFlow, type Band, type Block, type PageFlow } from './page-flow';
import { findFurniture, withoutFurniture, type PageFurniture, type RunningLine } from './page-furniture';
import { paragraphsOf, type Align, type ListInfo, type NumberFormat, type Paragraph as FlowParagraph, type StyledText } from './paragraphs';
import type { Table as FlowTable } from './tables';
import type { DocumentLayout, ImageBox, TextRun as LayoutRun } from './types';

export interface DocxOptions {
  /**
   * Running heads and feet out of the body: into Word's header and footer, the page number a
   * PAGE field, or out of the flow when they differ page to page; a paragraph cut by a page break
   * made whole (on by default; the benchmark compares with it off).
   */
  furniture?: boolean;
}

export async function writeDocx(layout: DocumentLayout, outPath: string, opts: DocxOptions = {}): Promise<void> {
  const furniture = opts.furniture === false ? layout.pages.map((): PageFurniture => ({ lines: [] })) : findFurniture(layout);
  const pages = documentFlow(withoutFurniture(layout, furniture), { joinPages: opts.furniture !== false });
  const numbering = new Numbering();
  const running = new RunningParts(pages, furniture);
  const sections: ISectionOptions[] = [];
  pages.forEach((page, i) => sections.push(...pageSections(page, i, numbering, running)));
  if (!sections.length) sections.push({ children: [new Paragraph('')] });
  const doc = new Document({
    creator: 'Sheaf',
    ...(running.evenAndOdd ? { evenAndOddHeaderAndFooters: true } : {}),
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
/** Points kept between the body and a running foot moved to Word's footer. */
const FOOT_GAP = 6;
/** docx sizes pictures in pixels at 96 per inch. */
const pixels = (pt: number) => Math.max(1, Math.round((pt * 96) / 72));

function pageSections(page: PageFlow, pageIndex: number, numbering: Numbering, running: RunningParts): ISectionOptions[] {
  const c = page.content;
  // Margins from where the content sits, with room to spare at top and bottom: text rewrapped by
  // a word processor (without the original's hyphenation, in a stand-in font) runs a little longer.
  // A running head or foot in Word's header or footer moves up (down) as the page's text would
  // have with it, so that the body keeps that room, and its gap to the head and foot.
  const { head, foot } = running.extent(pageIndex);
  const headAt = head && clamp(0.5 * head.y0, 14, 72);
  const footAt = foot && clamp(0.4 * (page.height - foot.y1), 14, 72);
  // The body may run down to just above the foot, as the page's own text could have: a page whose
  // text stopped short (the picture after it went to the next page) still has that room in Word,
  // where its text, rewrapped longer, would otherwise spill onto a page of its own.
  const bodyEnd = foot ? Math.max(c.y1, foot.y0 - FOOT_GAP) : c.y1;
  const margin = {
    left: clamp(c.x0, 18, 108),
    right: clamp(page.width - c.x1, 18, 108),
    top: head && headAt ? Math.max(14, c.y0 - (head.y0 - headAt)) : clamp(0.5 * c.y0, 14, 72),
    bottom:
      foot && footAt ? Math.max(14, page.height - bodyEnd - (page.height - foot.y1 - footAt)) : clamp(0.4 * (page.height - c.y1), 14, 72),
  };
  const area = { x0: margin.left, x1: page.width - margin.right, y0: margin.top, y1: page.height - margin.bottom };
  const pageProps = {
    // docx swaps the sides of a landscape page: it takes them as the portrait page's.
    size:
      page.width > page.height
        ? { width: twips(page.height), height: twips(page.width), orientation: PageOrientation.LANDSCAPE }
        : { width: twips(page.width), height: twips(page.height), orientation: PageOrientation.PORTRAIT },
    margin: {
      left: twips(margin.left),
      right: twips(margin.right),
      top: twips(margin.top),
      bottom: twips(margin.bottom),
      header: twips(headAt ?? 0),
      footer: twips(footAt ?? 0),
    },
  };
  const bands = page.bands.length ? page.bands : [undefined];
  const parts = running.partsOf(pageIndex, area);
  const loose = running.loose(pageIndex);
  return bands.map((band, i) => {
    const columns = band && band.columns.length > 1 ? columnsOf(band, area) : undefined;
    const properties = {
      page: { ...pageProps, ...(i === 0 && parts.pageNumbers ? { pageNumbers: parts.pageNumbers } : {}) },
      ...(i === 0 ? (pageIndex === 0 ? {} : { type: SectionType.NEXT_PAGE }) : { type: SectionType.CONTINUOUS }),
      ...(columns ? { column: columns.setting } : {}),
    };
    // Half the space between this band and the one above goes before its first paragraphs: enough
    // to set it apart, not so much that a running foot is pushed off a page whose text ran long.
    const above = i > 0 && band ? Math.max(0, 0.5 * (band.y0 - bands[i - 1]!.y1)) : 0;
    const children = band ? bandChildren(band, columns?.widths ?? [area.x1 - area.x0], area, above, numbering) : [];
    // Running lines that differ page to page sit where they were, out of the flow: the head first, the foot last.
    if (i === 0) children.unshift(...loose.filter((l) => l.band === 'head').map(framedLine));
    const lastRead = bands.findLastIndex((b) => !b?.sideways);
    if (i === (lastRead < 0 ? bands.length - 1 : lastRead)) children.push(...loose.filter((l) => l.band === 'foot').map(framedLine));
    if (!children.length) children.push(new Paragraph(''));
    return { properties, children, ...(i === 0 ? { headers: parts.headers, footers: parts.footers } : {}) } as ISectionOptions;
  });
}

type Slot = 'default' | 'even';

const PAGE_NUMBER_TYPE = {
  decimal: PageNumberType.DECIMAL,
  lowerRoman: PageNumberType.LOWER_ROMAN,
  upperRoman: PageNumberType.UPPER_ROMAN,
} as const;

/**
 * Word's headers and footers from the running lines that repeat: one part for as long as the
 * pages repeat the same lines (odd and even pages each their own when they alternate), a new one
 * where they change, an empty one on a page without them; the page numbers restart where the
 * printed ones do.
 */
class RunningParts {
  readonly evenAndOdd: boolean;
  /** Each page's repeating head and foot, as a key (its text without the page number, and where it sits). */
  private keys: Array<{ head: string; foot: string }>;
  /** The number Word gives each page, and where the numbering restarts. */
  private numbers: number[] = [];
  private restarts = new Map<number, { start: number; formatType: (typeof PageNumberType)[keyof typeof PageNumberType] }>();
  private current = { head: new Map<Slot, string>(), foot: new Map<Slot, string>() };

  constructor(
    private pages: readonly PageFlow[],
    private furniture: readonly PageFurniture[],
  ) {
    const keysBy = (key: (l: RunningLine) => string) =>
      furniture.map((f) => {
        const of = (band: 'head' | 'foot') => f.lines.filter((l) => l.repeats && l.band === band).map(key);
        return { head: of('head').join('\n'), foot: of('foot').join('\n') };
      });
    // Odd and even pages of their own when the words alternate page after page; a mirrored head
    // that only changes sides keeps one part, set as the first page that has it sets it.
    const words = keysBy((l) => l.template);
    const alternate = (band: 'head' | 'foot') =>
      words.some((k, i) => k[band] && words[i + 1]?.[band] && k[band] !== words[i + 1][band] && k[band] === words[i + 2]?.[band]);
    this.evenAndOdd = alternate('head') || alternate('foot');
    this.keys = this.evenAndOdd ? keysBy((l) => `${Math.round(l.x0 / 6)}:${Math.round(l.y0 / 6)}:${l.template}`) : words;
    let number = 0;
    let last: { offset: number; format: string } | undefined;
    furniture.forEach((f, i) => {
      number++;
      if (f.number && (!last || last.offset !== f.number.value - i || last.format !== f.number.format)) {
        last = { offset: f.number.value - i, format: f.number.format };
        number = f.number.value;
        this.restarts.set(i, { start: f.number.value, formatType: PAGE_NUMBER_TYPE[f.number.format] });
      }
      this.numbers.push(number);
    });
  }

  /** Where the page's repeating head ends and its foot starts, for the margins. */
  extent(page: number): { head?: { y0: number; y1: number }; foot?: { y0: number; y1: number } } {
    const lines = this.furniture[page].lines.filter((l) => l.repeats);
    const span = (band: 'head' | 'foot') => {
      const ls = lines.filter((l) => l.band === band);
      return ls.length ? { y0: Math.min(...ls.map((l) => l.y0)), y1: Math.max(...ls.map((l) => l.y1)) } : undefined;
    };
    return { head: span('head'), foot: span('foot') };
  }

  loose(page: number): RunningLine[] {
    return this.furniture[page].lines.filter((l) => !l.repeats);
  }

  /** The header and footer parts the page's section must name (none when the page before's still hold), and its page numbering. */
  partsOf(page: number, area: { x0: number; x1: number }) {
    const slot: Slot = this.evenAndOdd && this.numbers[page] % 2 === 0 ? 'even' : 'default';
    const build = (band: 'head' | 'foot') => {
      const want = this.keys[page][band];
      const current = this.current[band];
      if ((current.get(slot) ?? '') === want && (page > 0 || !want)) return undefined;
      current.set(slot, want);
      const lines = this.furniture[page].lines.filter((l) => l.repeats && l.band === band);
      const Part = band === 'head' ? Header : Footer;
      const part = new Part({ children: lines.length ? lines.map((l) => runningParagraph(l, area)) : [new Paragraph('')] });
      // A page that changes one slot names the other as it stands, so that no reader has to inherit it.
      const other: Slot = slot === 'default' ? 'even' : 'default';
      const out: Partial<Record<Slot, Header | Footer>> = { [slot]: part };
      if (this.evenAndOdd && page > 0) out[other] = this.partFor(band, other, area);
      return out;
    };
    const headers = build('head');
    const footers = build('foot');
    return { ...(headers ? { headers } : {}), ...(footers ? { footers } : {}), pageNumbers: this.restarts.get(page) };
  }

  /** The part a slot holds now, made again from the last page that filled it. */
  private partFor(band: 'head' | 'foot', slot: Slot, area: { x0: number; x1: number }): Header | Footer {
    const want = this.current[band].get(slot) ?? '';
    const from = this.furniture.findIndex((_, i) => this.keys[i][band] === want && want !== '');
    const lines = from < 0 ? [] : this.furniture[from].lines.filter((l) => l.repeats && l.band === band);
    const Part = band === 'head' ? Header : Footer;
    return new Part({ children: lines.length ? lines.map((l) => runningParagraph(l, area)) : [new Paragraph('')] });
  }
}

/** A run of the layout as Word runs: its text, the page number in it a PAGE field. */
function layoutRuns(line: RunningLine, index: number, run: LayoutRun): TextRun[] {
  const style = {
    size: Math.max(2, Math.round(run.fontSize * 2)),
    ...(run.bold ? { bold: true } : {}),
    ...(run.italic ? { italics: true } : {}),
    ...(run.color && !nearWhite(run.color) ? { color: run.color } : {}),
    ...(() => {
      const font = officeFont(run.fontName, run.family);
      return font ? { font: { ascii: font, hAnsi: font, eastAsia: font, cs: font } } : {};
    })(),
  };
  const n = line.pageNumber?.run === index ? line.pageNumber : undefined;
  if (!n) return [new TextRun({ text: run.text, ...style })];
  return [
    ...(n.start > 0 ? [new TextRun({ text: run.text.slice(0, n.start), ...style })] : []),
    new TextRun({ children: [PageNumber.CURRENT], ...style }),
    ...(n.end < run.text.length ? [new TextRun({ text: run.text.slice(n.end), ...style })] : []),
  ];
}

/**
 * A running line in a header or footer: its pieces (parted by wide gaps) at the left margin, in
 * the middle or at the right margin, by tab stops, as they sat on the page.
 */
function runningParagraph(line: RunningLine, area: { x0: number; x1: number }): Paragraph {
  const width = area.x1 - area.x0;
  const middle = (area.x0 + area.x1) / 2;
  const pieces: Array<{ x0: number; x1: number; runs: number[] }> = [];
  line.runs.forEach((r, i) => {
    const last = pieces.at(-1);
    if (last && r.x - last.x1 < 1.5 * r.fontSize) {
      last.runs.push(i);
      last.x1 = Math.max(last.x1, r.x + r.width);
    } else pieces.push({ x0: r.x, x1: r.x + r.width, runs: [i] });
  });
  const where = (p: { x0: number; x1: number }) =>
    Math.abs((p.x0 + p.x1) / 2 - middle) < 0.05 * width ? 'center' : p.x1 > area.x1 - 0.1 * width && p.x0 > middle ? 'right' : 'left';
  const children: Array<TextRun> = [];
  const first = where(pieces[0]);
  pieces.forEach((p, k) => {
    if (k > 0) children.push(new TextRun({ children: [new Tab()] }));
    for (const i of p.runs) {
      children.push(...layoutRuns(line, i, { ...line.runs[i], text: i === p.runs[0] ? line.runs[i].text.trimStart() : line.runs[i].text }));
      const next = line.runs[i + 1];
      const spaced = next && p.runs.includes(i + 1) && next.x - (line.runs[i].x + line.runs[i].width) > 0.15 * next.fontSize;
      if (spaced && !/\s$/.test(line.runs[i].text)) children.push(new TextRun({ text: ' ' }));
    }
  });
  const single = pieces.length === 1;
  return new Paragraph({
    children,
    spacing: { before: 0, after: 0 },
    ...(single
      ? first === 'center'
        ? { alignment: AlignmentType.CENTER }
        : first === 'right'
          ? { alignment: AlignmentType.RIGHT }
          : { indent: { left: twips(Math.max(0, pieces[0].x0 - area.x0)) } }
      : {
          tabStops: pieces
            .slice(1)
            .map((p) =>
              where(p) === 'center'
                ? { type: TabStopType.CENTER, position: twips(width / 2) }
                : where(p) === 'right'
                  ? { type: TabStopType.RIGHT, position: twips(width) }
                  : { type: TabStopType.LEFT, position: twips(Math.max(0, p.x0 - area.x0)) },
            ),
          ...(first === 'left' && pieces[0].x0 - area.x0 > 2 ? { indent: { left: twips(pieces[0].x0 - area.x0) } } : {}),
        }),
  });
}

/** A running line that differs page to page, in a frame at its place on the page. */
function framedLine(line: RunningLine): Paragraph {
  return new Paragraph({
    frame: {
      type: 'absolute',
      position: { x: twips(line.x0), y: twips(line.y0) },
      anchor: { horizontal: FrameAnchorType.PAGE, vertical: FrameAnchorType.PAGE },
    },
    spacing: { before: 0, after: 0 },
    children: line.runs.flatMap((r, i) => {
      const gap = i > 0 ? r.x - (line.runs[i - 1].x + line.runs[i - 1].width) : 0;
      const space =
        i > 0 && gap > 0.15 * r.fontSize && !/\s$/.test(line.runs[i - 1].text)
          ? [gap > 1.5 * r.fontSize ? new TextRun({ children: [new Tab()] }) : new TextRun({ text: ' ' })]
          : [];
      return [...space, ...layoutRuns(line, i, r)];
    }),
  });
}

/** Word columns as wide as the page's, from the left margin to the right one. */
function columnsOf(band: Band, area: { x0: number; x1: number }) {
  const cols = band.columns;
  const widths = cols.map((col, i) => (i + 1 < cols.length ? col.x1 : area.x1) - (i === 0 ? area.x0 : col.x0));
  const spaces = cols.map((col, i) => (i + 1 < cols.length ? Math.max(4, cols[i + 1].x0 - col.x1) : 0));
  return {
    widths,
    setting: {
      count: cols.length,
      space: twips(Math.min(...spaces.slice(0, -1))),
      equalWidth: false,
      children: widths.map((w, i) => new Column({ width: twips(Math.max(36, w)), space: twips(spaces[i]) })),
    },
  };
}

function bandChildren(band: Band, widths: readonly number[], area: { y0: number; y1: number }, above: number, numbering: Numbering): Array<Paragraph | Table> {
  const out: Array<Paragraph | Table> = [];
  band.columns.forEach((column, i) => {
    const width = widths[i] ?? widths[0];
    // Each column's text stays in its column, as on the page, unless its last paragraph goes on
    // in the next one: then the text flows over by itself.
    const breakAfter = i + 1 < band.columns.length && !band.columns[i + 1].continued;
    const blocks = withImageRows(withLabelsTogether(column.blocks));
    blocks.forEach((block, k) => {
      const last = k === blocks.length - 1;
      const context = { width, maxHeight: area.y1 - area.y0, column, above: k === 0 ? above : 0, breakAfter: last && breakAfter };
      out.push(...blockChildren(block, context, numbering));
      if (block.kind === 'table' && (last ? breakAfter : blocks[k + 1].kind === 'table')) {
        // Word joins tables that touch, and a column break needs a paragraph to sit in.
        out.push(new Paragraph({ spacing: { before: 0, after: 0, line: 20, lineRule: LineRuleType.EXACT }, children: last && breakAfter ? [new ColumnBreak()] : [] }));
      }
    });
    if (!column.blocks.length && breakAfter) out.push(new Paragraph({ children: [new ColumnBreak()] }));
  });
  return out;
}

/**
 * The labels of a pictured drawing as one paragraph in the size of the smallest, parted by middle dots:
 * the picture shows them where they were, and the text after it (there to be searched and read
 * aloud) takes two or three lines instead of one per label, which pushed a page's end onto a page
 * of its own (Chelsea's charts).
 */
function withLabelsTogether(blocks: readonly Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    const prev = out.at(-1);
    if (block.kind !== 'paragraph' || !block.figure || prev?.kind !== 'paragraph' || !prev.figure) {
      out.push(block.kind === 'paragraph' && block.figure ? labelsParagraph([block]) : block);
      continue;
    }
    out[out.length - 1] = labelsParagraph([prev, block]);
  }
  return out;
}

function labelsParagraph(labels: readonly FlowParagraph[]): FlowParagraph {
  const size = Math.max(4, Math.min(...labels.flatMap((p) => p.content.map((c) => c.fontSize))));
  const content = labels.flatMap((p, i) => [
    ...(i > 0 ? [{ ...p.content[0], text: ' · ', bold: false, italic: false }] : []),
    ...p.content,
  ]);
  return {
    ...labels[0],
    content: content.map((c) => ({ ...c, fontSize: size, script: undefined })),
    lines: labels.flatMap((p) => p.lines),
    fontSize: size,
    lineHeight: undefined,
    bold: labels.every((p) => p.bold),
  };
}

/** Pictures side by side on the page: one paragraph holds them all, in a row. */
interface ImageRow {
  kind: 'images';
  images: ImageBox[];
}

/** Consecutive pictures that share a row on the page become one row. */
function withImageRows(blocks: readonly Block[]): Array<Exclude<Block, { kind: 'image' }> | ImageRow> {
  const out: Array<Exclude<Block, { kind: 'image' }> | ImageRow> = [];
  for (const block of blocks) {
    if (block.kind !== 'image') {
      out.push(block);
      continue;
    }
    const prev = out.at(-1);
    const beside = (a: ImageBox, b: ImageBox) => Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5 * Math.min(a.height, b.height);
    if (prev?.kind === 'images' && beside(prev.images.at(-1)!, block.image) && block.image.x > prev.images.at(-1)!.x) prev.images.push(block.image);
    else out.push({ kind: 'images', images: [block.image] });
  }
  return out;
}

interface BlockContext {
  /** Width of the column the block sits in, in points. */
  width: number;
  maxHeight: number;
  column: { x0: number; x1: number };
  /** Extra space above (the gap from the band above), in points. */
  above: number;
  /** Ends its column: a column break follows it. */
  breakAfter: boolean;
}

function blockChildren(block: Exclude<Block, { kind: 'image' }> | ImageRow, ctx: BlockContext, numbering: Numbering): Array<Paragraph | Table> {
  if (block.kind === 'paragraph') return [paragraphOf(block, numbering, ctx)];
  if (block.kind === 'images') return [imageParagraph(block.images, ctx)];
  return [tableOf(block.table, ctx.width, numbering)];
}

const ALIGN: Record<Align, (typeof AlignmentType)[keyof typeof AlignmentType]> = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
};
const HEADING = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;

function paragraphOf(p: FlowParagraph, numbering: Numbering, ctx?: Pick<BlockContext, 'above' | 'breakAfter'>): Paragraph {
  // Exact line pitch, as on the page: substitute fonts then take the same room as the originals.
  const ratio = p.lineHeight && p.lineHeight >= 0.9 && p.lineHeight <= 3 ? p.lineHeight : 1.2;
  const pitch = twips(ratio * p.fontSize);
  const options: IParagraphOptions = {
    children: [...runsOf(p.content, p.fontSize), ...(ctx?.breakAfter ? [new ColumnBreak()] : [])],
    alignment: ALIGN[p.align === 'left' && p.rtl ? 'right' : p.align],
    spacing: { before: twips(p.spaceBefore + Math.min(72, ctx?.above ?? 0)), after: 0, line: pitch, lineRule: LineRuleType.EXACT },
    ...(p.rtl ? { bidirectional: true } : {}),
    // A heading stays with what follows it, unless a column break follows it.
    ...(p.heading ? { heading: HEADING[p.heading], ...(ctx?.breakAfter ? {} : { keepNext: true }) } : {}),
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

function runsOf(content: readonly StyledText[], baseSize: number): TextRun[] {
  return content.map((c) => {
    const font = officeFont(c.fontName, c.family);
    // A stand-in of the same kind has no Chinese or Japanese: those keep their own face.
    const eastAsia = CJK_CHAR.test(c.text) ? (officeFont(c.fontName) ?? font) : font;
    // Word shrinks super- and subscripts itself: give them the size of the text around them.
    const size = Math.max(2, Math.round((c.script ? baseSize : c.fontSize) * 2));
    return new TextRun({
      text: c.text,
      size,
      ...(c.bold ? { bold: true } : {}),
      ...(c.italic ? { italics: true } : {}),
      // Light text sat on a dark fill the document does not carry over: on white it would vanish.
      ...(c.color && !nearWhite(c.color) ? { color: c.color } : {}),
      ...(font ? { font: { ascii: font, hAnsi: font, eastAsia, cs: font } } : {}),
      ...(c.script === 'super' ? { superScript: true } : c.script === 'sub' ? { subScript: true } : {}),
      // Only Hebrew and Arabic runs are marked right to left: Word sets marked runs in the complex-script font.
      ...(isRtlText(c.text) ? { rightToLeft: true } : {}),
    });
  });
}

/** Width of a no-break space, in points, as the gap between pictures of a row is made of them. */
const GAP_SPACE = 3;

function imageParagraph(images: readonly ImageBox[], ctx: Pick<BlockContext, 'width' | 'maxHeight' | 'column' | 'above' | 'breakAfter'>): Paragraph {
  const first = images[0];
  const last = images.at(-1)!;
  const span = last.x + last.width - first.x;
  const scale = Math.min(1, ctx.width / span, ...images.map((image) => (0.95 * ctx.maxHeight) / image.height));
  const { column } = ctx;
  const centred = Math.abs(first.x + span / 2 - (column.x0 + column.x1) / 2) < 0.05 * (column.x1 - column.x0);
  const right = !centred && first.x + span > column.x1 - 2 && first.x > column.x0 + 0.2 * (column.x1 - column.x0);
  const children: Array<ImageRun | TextRun | ColumnBreak> = [];
  images.forEach((image, i) => {
    if (i > 0) {
      const gap = image.x - (images[i - 1].x + images[i - 1].width);
      children.push(new TextRun({ text: '\u00A0'.repeat(Math.max(1, Math.min(40, Math.round((gap * scale) / GAP_SPACE)))), size: 20 }));
    }
    children.push(new ImageRun({ type: image.format, data: image.data, transformation: { width: pixels(image.width * scale), height: pixels(image.height * scale) } }));
  });
  if (ctx.breakAfter) children.push(new ColumnBreak());
  return new Paragraph({
    alignment: centred ? AlignmentType.CENTER : right ? AlignmentType.RIGHT : AlignmentType.LEFT,
    ...(!centred && !right && first.x - column.x0 > 1 ? { indent: { left: twips(Math.min(first.x - column.x0, Math.max(0, ctx.width - span * scale))) } } : {}),
    spacing: { before: twips(3 + Math.min(72, ctx.above)), after: 60 },
    children,
  });
}

const LINE = { style: BorderStyle.SINGLE, size: 4, color: '000000' };
const NONE = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };

/** Room a cell leaves around its text, each side, in points. */
const CELL_PAD = 2;

/**
 * Column widths in twips: as on the page, but never narrower than the column's longest word
 * (a word processor breaks a word that does not fit, letter by letter), within `maxWidth`.
 */
export function columnWidthsOf(t: FlowTable, maxWidth: number): number[] {
  const widths = t.colEdges.slice(1).map((e, i) => e - t.colEdges[i]);
  const least = widths.map(() => 12);
  for (const c of t.cells) {
    if (c.colSpan !== 1) continue;
    for (const r of c.runs) {
      const chars = [...r.text].length || 1;
      const longest = Math.max(0, ...r.text.split(/\s+/).map((w) => [...w].length));
      // Stand-in fonts run up to a tenth wider than the originals.
      least[c.col] = Math.max(least[c.col], 1.1 * ((r.width * longest) / chars) + 2 * CELL_PAD);
    }
  }
  let out = widths.map((w, i) => Math.max(w, least[i]));
  const total = out.reduce((s, w) => s + w, 0);
  if (total > maxWidth) {
    // Take the excess from the room columns have above their least width.
    const spare = out.reduce((s, w, i) => s + (w - least[i]), 0);
    const cut = total - maxWidth;
    out = spare >= cut ? out.map((w, i) => w - ((w - least[i]) * cut) / spare) : out.map((w) => (w * maxWidth) / total);
  }
  return out.map((w) => twips(w));
}

function tableOf(t: FlowTable, maxWidth: number, numbering: Numbering): Table {
  const columnWidths = columnWidthsOf(t, maxWidth);
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
              margins: { top: 0, bottom: 0, left: twips(CELL_PAD), right: twips(CELL_PAD) },
              borders: { top: border, bottom: border, left: border, right: border },
              children: cellParagraphs(c.runs, { x0: t.colEdges[c.col], x1: t.colEdges[c.col + c.colSpan], y0: t.rowEdges[r], y1: t.rowEdges[r + c.rowSpan] }, numbering),
            }),
        ),
      }),
    );
  }
  return new Table({ rows: tableRows, columnWidths, layout: TableLayoutType.FIXED, width: { size: columnWidths.reduce((s, w) => s + w, 0), type: WidthType.DXA } });
}

/** A cell's text as paragraphs measured against the cell, lists included. */
function cellParagraphs(runs: FlowTable['cells'][number]['runs'], box: { x0: number; y0: number; x1: number; y1: number }, numbering: Numbering): Paragraph[] {
  if (!runs.length) return [new Paragraph('')];
  const lines = rowsOf(fragmentsOf(runs)).map((row) => lineOf(row.flatMap((f) => f.runs)));
  return paragraphsOf(lines, box).map((p) => paragraphOf(p, numbering));
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
              const f = officeFont(c.fontName, c.family);
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

function nearWhite(hex: string): boolean {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 215;
}
