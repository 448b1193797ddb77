import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';

/**
 * Documents made at test time for the layout tools (crop, N-up, booklet), whose checks need pages
 * with known labels and known printed areas. One temp dir per test file, removed at exit.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-layout-fixtures-'));
process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));

/** The label of a numbered page: one word pdftotext reads whole. */
export const label = (page: number) => `pg${String(page).padStart(2, '0')}`;

/** How each page of `numberedPages` is set up: its /Rotate and, for some, a crop box offset from the media box. */
const SETUP: Record<number, { rotate: number; landscape?: boolean; crop?: [number, number, number, number] }> = {
  3: { rotate: 90, landscape: true },
  4: { rotate: 180 },
  5: { rotate: 270, landscape: true },
  6: { rotate: 0, crop: [50, 60, 545, 782] },
  7: { rotate: 90, landscape: true, crop: [40, 30, 800, 560] },
};

/**
 * `count` A4 pages shown upright, each labelled `pg01`, `pg02`… near the top-left corner of the page
 * as a viewer shows it; pages 3–7 are turned (/Rotate 90, 180, 270, on landscape media where that
 * shows them portrait) or have an offset crop box, so a tool that ignores either misplaces the label.
 */
export async function numberedPages(count: number): Promise<string> {
  const file = path.join(dir, `numbered-${count}.pdf`);
  if (fs.existsSync(file)) return file;
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= count; n++) {
    const setup = SETUP[n] ?? { rotate: 0 };
    const page = pdf.addPage(setup.landscape ? [842, 595] : [595, 842]);
    const [x0, y0, x1, y1] = setup.crop ?? [0, 0, page.getWidth(), page.getHeight()];
    if (setup.crop) page.setCropBox(x0, y0, x1 - x0, y1 - y0);
    page.setRotation(degrees(setup.rotate));
    // (X, Y): 60 pt from the shown left edge, 70 pt down from the shown top; the text turns with the page.
    const [X, Y] = [60, 70];
    const at: Record<number, { x: number; y: number; turn: number }> = {
      0: { x: x0 + X, y: y1 - Y, turn: 0 },
      90: { x: x0 + Y, y: y0 + X, turn: 90 },
      180: { x: x1 - X, y: y0 + Y, turn: 180 },
      270: { x: x1 - Y, y: y1 - X, turn: 270 },
    };
    const { x, y, turn } = at[setup.rotate];
    page.drawText(label(n), { x, y, size: 28, font, color: rgb(0, 0, 0), rotate: degrees(turn) });
  }
  fs.writeFileSync(file, await pdf.save());
  return file;
}

/** The printed area of `printedPage`: a black rectangle, in points from the page's edges as shown. */
export const PRINTED = { left: 72, top: 100, right: 130, bottom: 86 } as const;

/**
 * Three Letter pages: page 1 and 3 white with a black rectangle whose margins are PRINTED (page 3
 * turned 90° with landscape media, so its margins are measured as shown), page 2 blank.
 */
export async function printedPages(): Promise<string> {
  const file = path.join(dir, 'printed.pdf');
  if (fs.existsSync(file)) return file;
  const pdf = await PDFDocument.create();
  const { left, top, right, bottom } = PRINTED;
  const upright = pdf.addPage([612, 792]);
  upright.drawRectangle({ x: left, y: bottom, width: 612 - left - right, height: 792 - top - bottom, color: rgb(0, 0, 0) });
  pdf.addPage([612, 792]);
  // Shown 612 × 792 after a quarter turn: the shown left edge is the media's bottom edge, the shown top its left edge.
  const turned = pdf.addPage([792, 612]);
  turned.setRotation(degrees(90));
  turned.drawRectangle({ x: top, y: left, width: 792 - top - bottom, height: 612 - left - right, color: rgb(0, 0, 0) });
  fs.writeFileSync(file, await pdf.save());
  return file;
}

/** Words pdftotext finds on one page, with their centres as the page is shown (crop box turned by /Rotate; points, y down), and the page's shown size. */
export function wordBoxes(file: string, page: number): { width: number; height: number; words: Array<{ text: string; x: number; y: number }> } {
  const html = execFileSync('pdftotext', ['-q', '-bbox', '-cropbox', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
  const size = /<page width="([\d.]+)" height="([\d.]+)"/.exec(html)!;
  const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    text: m[5],
    x: (Number(m[1]) + Number(m[3])) / 2,
    y: (Number(m[2]) + Number(m[4])) / 2,
  }));
  // pdftotext gives the words as shown but the page's size before its /Rotate.
  const info = execFileSync('pdfinfo', ['-f', String(page), '-l', String(page), file], { encoding: 'utf8' });
  const turned = Number(/^Page\s+\d+\s+rot:\s+(\d+)/m.exec(info)?.[1] ?? 0) % 180 !== 0;
  const [width, height] = [Number(size[1]), Number(size[2])];
  return { ...(turned ? { width: height, height: width } : { width, height }), words };
}

/** Each page's crop box as qpdf reads it (inherited or not): [llx, lly, urx, ury]. */
export function cropBoxes(file: string): Array<[number, number, number, number]> {
  const json = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=pages', '--json-key=qpdf', file], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const objects: Record<string, { value: Record<string, unknown> }> = json.qpdf[1];
  const resolve = (v: unknown): unknown => (typeof v === 'string' && / R$/.test(v) ? objects[`obj:${v}`]?.value : v);
  const inherited = (ref: string, key: string): unknown => {
    const dict = resolve(ref) as Record<string, unknown>;
    if (dict[key] !== undefined) return resolve(dict[key]);
    return dict['/Parent'] ? inherited(dict['/Parent'] as string, key) : undefined;
  };
  return json.pages.map((p: { object: string }) => ((inherited(p.object, '/CropBox') ?? inherited(p.object, '/MediaBox')) as number[]).map(Number));
}
