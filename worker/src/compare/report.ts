import { readFile } from 'node:fs/promises';
import { PDFDocument, rgb, type PDFEmbeddedPage, type PDFFont, type PDFPage, type RGB } from '@cantoo/pdf-lib';
import type { Change, ChangeKind, CompareReport, PageRect } from '#shared/compare';
import { RESOURCES } from '#shared/i18n';
import { FontBook } from '../editor/fonts';

type Lang = 'en' | 'fr';
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ''));

const COLOURS: Record<ChangeKind, RGB> = {
  changed: rgb(0.93, 0.55, 0),
  inserted: rgb(0.1, 0.6, 0.25),
  deleted: rgb(0.85, 0.15, 0.15),
  moved: rgb(0.2, 0.45, 0.9),
  pageInserted: rgb(0.1, 0.6, 0.25),
  pageDeleted: rgb(0.85, 0.15, 0.15),
  visual: rgb(0.6, 0.25, 0.8),
};

/** Words of a change shown in a list, cut where they would run on. */
const EXCERPT = 90;
const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

/** One line of the list: its number, kind and pages, then what was and what is. */
export function changeLines(change: Change, lang: Lang): string[] {
  const copy = RESOURCES[lang].compare;
  const page = (p?: number) => (p ? fill(copy.report.page, { page: p }) : copy.report.none);
  const head = fill(copy.report.line, { id: change.id, kind: copy.kinds[change.kind], before: page(change.before?.page), after: page(change.after?.page) });
  const lines = [head];
  if (change.before?.text) lines.push(`   - ${excerpt(change.before.text)}`);
  if (change.after?.text) lines.push(`   + ${excerpt(change.after.text)}`);
  return lines;
}

/** The list as plain text: a heading, the count, one entry per change. */
export function reportText(report: CompareReport, names: { before: string; after: string }, lang: Lang): string {
  const copy = RESOURCES[lang].compare.report;
  const head = [fill(copy.title, names), report.identical ? copy.identical : fill(copy.count, { count: report.changes.length }), report.mode === 'text' ? copy.modeText : copy.modeVisual];
  return `${[...head, '', ...report.changes.flatMap((c) => [...changeLines(c, lang), ''])].join('\n').trimEnd()}\n`;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 28;
const HEADER = 30;
/** Entries of the list the report's first pages hold; the text file has them all. */
const LISTED = 600;

/** Text the font can draw: characters it lacks become "?" rather than a blank glyph. */
const characterSets = new WeakMap<PDFFont, Set<number>>();
function drawable(font: PDFFont, text: string): string {
  let known = characterSets.get(font);
  if (!known) characterSets.set(font, (known = new Set(font.getCharacterSet())));
  return [...text].map((c) => (known.has(c.codePointAt(0)!) || c === ' ' ? c : '?')).join('');
}

/**
 * The report: the list of changes first, then every pair of matched pages side by side, the earlier
 * on the left, each change's words boxed in its colour with its number beside it.
 */
export async function writeReportPdf(
  report: CompareReport,
  files: { before: string; after: string },
  names: { before: string; after: string },
  lang: Lang,
): Promise<Uint8Array> {
  const copy = RESOURCES[lang].compare.report;
  const out = await PDFDocument.create();
  const book = new FontBook(out);
  const font = await book.get({ family: 'sans', bold: false, italic: false });
  const bold = await book.get({ family: 'sans', bold: true, italic: false });
  const text = (page: PDFPage, s: string, x: number, y: number, size: number, f = font, color = rgb(0.1, 0.1, 0.1)) =>
    page.drawText(drawable(f, s), { x, y, size, font: f, color });

  // The list.
  let page = out.addPage(A4);
  let y = A4[1] - MARGIN - 14;
  const line = (s: string, size = 9, f = font) => {
    if (y < MARGIN + size) {
      page = out.addPage(A4);
      y = A4[1] - MARGIN - size;
    }
    text(page, s, MARGIN, y, size, f);
    y -= size * 1.5;
  };
  line(fill(copy.title, names), 14, bold);
  line(report.identical ? copy.identical : fill(copy.count, { count: report.changes.length }), 11, bold);
  line(report.mode === 'text' ? copy.modeText : copy.modeVisual, 9);
  y -= 6;
  for (const change of report.changes.slice(0, LISTED)) for (const [i, s] of changeLines(change, lang).entries()) line(s, 9, i === 0 ? bold : font);
  if (report.changes.length > LISTED) line(fill(copy.more, { count: report.changes.length - LISTED }), 9, bold);

  // The pages side by side.
  const [before, after] = await Promise.all([files.before, files.after].map(async (f) => PDFDocument.load(await readFile(f), { ignoreEncryption: true })));
  // Page by page: a page whose content even qpdf could not decode is left as an empty frame, its changes still listed.
  const embed = async (doc: PDFDocument, numbers: number[]) => {
    const pages = doc.getPages();
    const embedded = new Map<number, PDFEmbeddedPage>();
    for (const n of numbers) {
      const box = pages[n - 1].getCropBox();
      const bounds = { left: box.x, bottom: box.y, right: box.x + box.width, top: box.y + box.height };
      // pdf-lib decodes a page's content only when it saves: a trial embedding in a scratch document finds out first.
      const readable = await PDFDocument.create()
        .then((scratch) => scratch.embedPage(pages[n - 1], bounds))
        .then((trial) => trial.embed())
        .then(() => true, () => false);
      if (readable) embedded.set(n, await out.embedPage(pages[n - 1], bounds));
    }
    return embedded;
  };
  const beforePages = await embed(before, report.pairs.flatMap(([b]) => (b ? [b] : [])));
  const afterPages = await embed(after, report.pairs.flatMap(([, a]) => (a ? [a] : [])));

  const marks = (side: 'before' | 'after', n: number) =>
    report.changes.flatMap((c) => {
      const s = c[side];
      if (!s) return [];
      const rects = s.rects.filter((r) => r.page === n);
      return rects.length ? [{ change: c, rects }] : [];
    });

  for (const [b, a] of report.pairs) {
    const sizes = [b ? report.pages.before[b - 1] : undefined, a ? report.pages.after[a - 1] : undefined];
    const height = Math.max(...sizes.map((s) => s?.height ?? 0));
    const widths = sizes.map((s, i) => s?.width ?? sizes[1 - i]!.width);
    const sheet = out.addPage([MARGIN * 3 + widths[0] + widths[1], height + HEADER + MARGIN * 2]);
    const sides = [
      { side: 'before' as const, n: b, x: MARGIN, embedded: b ? beforePages.get(b) : undefined, label: copy.before },
      { side: 'after' as const, n: a, x: MARGIN * 2 + widths[0], embedded: a ? afterPages.get(a) : undefined, label: copy.after },
    ];
    for (const [i, s] of sides.entries()) {
      const size = sizes[i];
      const top = MARGIN + height;
      text(sheet, s.n ? fill(s.label, { page: s.n }) : copy.noPage, s.x, top + 10, 11, bold);
      if (!s.n || !s.embedded || !size) {
        sheet.drawRectangle({ x: s.x, y: MARGIN + height - (sizes[1 - i]?.height ?? height), width: widths[i], height: sizes[1 - i]?.height ?? height, borderColor: rgb(0.7, 0.7, 0.7), borderWidth: 1, borderDashArray: [4, 4] });
        continue;
      }
      sheet.drawPage(s.embedded, { x: s.x, y: top - size.height, width: size.width, height: size.height });
      sheet.drawRectangle({ x: s.x, y: top - size.height, width: size.width, height: size.height, borderColor: rgb(0.75, 0.75, 0.75), borderWidth: 0.5 });
      // A page alone is wholly inserted or deleted: its frame says so.
      const other = i === 0 ? a : b;
      if (!other) sheet.drawRectangle({ x: s.x, y: top - size.height, width: size.width, height: size.height, borderColor: COLOURS[i === 0 ? 'pageDeleted' : 'pageInserted'], borderWidth: 3 });
      for (const { change, rects } of marks(s.side, s.n)) drawMarks(sheet, change, rects, { x: s.x, top }, bold);
    }
  }
  return out.save();
}

function drawMarks(sheet: PDFPage, change: Change, rects: PageRect[], origin: { x: number; top: number }, font: PDFFont) {
  const colour = COLOURS[change.kind];
  for (const r of rects) {
    const x = origin.x + r.x0;
    const y = origin.top - r.y1;
    if (r.x1 - r.x0 < 0.5) sheet.drawLine({ start: { x, y }, end: { x, y: y + (r.y1 - r.y0) }, thickness: 1.5, color: colour });
    else sheet.drawRectangle({ x: x - 1, y: y - 1, width: r.x1 - r.x0 + 2, height: r.y1 - r.y0 + 2, color: colour, opacity: 0.18, borderColor: colour, borderWidth: 1 });
  }
  const first = rects[0];
  const label = String(change.id);
  const width = font.widthOfTextAtSize(label, 7) + 4;
  const lx = Math.max(0, origin.x + first.x0 - width - 2);
  const ly = origin.top - first.y0 - 1;
  sheet.drawRectangle({ x: lx, y: ly - 8, width, height: 9, color: colour });
  sheet.drawText(label, { x: lx + 2, y: ly - 6, size: 7, font, color: rgb(1, 1, 1) });
}
