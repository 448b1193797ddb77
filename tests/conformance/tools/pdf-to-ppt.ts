import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { convertCold } from '../../../worker/src/engines/soffice-cold';
import type { ToolConformance, ToolRun } from '../harness';
import { slideCount } from '../office-checks';
import { pageCount, pageTexts, pdfFixture } from '../pdf-checks';
import { blockOrderScore, drawingText, pptxSlideTexts, wordOrderScore, wordTokens, zipPart, zipParts } from '../../support/office-text';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf').file;
const multicolumn = pdfFixture('pypdf_multicolumn.pdf').file;
const warnReport = pdfFixture('plumber_WARN-Report.pdf').file;
const federalRegister = pdfFixture('plumber_federal-register-2020-17221.pdf').file;
const tamReview = pdfFixture('pdfjs_TAMReview.pdf').file;
const hebrew = pdfFixture('pdfjs_issue11656_hebrew.pdf').file;

const EMU_PER_POINT = 12700;
const output = (run: ToolRun) => run.outputs[0].path;

/** One part of a zip as bytes. */
function zipBytes(file: string, part: string): Buffer {
  return execFileSync('python3', ['-c', 'import sys,zipfile;sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))', file, part], {
    maxBuffer: 256 * 1024 * 1024,
  });
}

/** The slide size in points (presentation.xml's sldSz). */
function slideSize(pptx: string): { width: number; height: number } {
  const m = /<p:sldSz cx="(\d+)" cy="(\d+)"/.exec(zipPart(pptx, 'ppt/presentation.xml') ?? '')!;
  return { width: Number(m[1]) / EMU_PER_POINT, height: Number(m[2]) / EMU_PER_POINT };
}

interface Shape {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Clockwise, degrees. */
  rotation: number;
  text: string;
  xml: string;
}

/** The text boxes of slide `n` (1-based), in the order the slide lists them; geometry in points. */
function slideShapes(pptx: string, n: number): Shape[] {
  const xml = zipPart(pptx, `ppt/slides/slide${n}.xml`) ?? '';
  return (xml.match(/<p:sp>[\s\S]*?<\/p:sp>/g) ?? []).map((sp) => {
    const off = /<a:off x="(-?\d+)" y="(-?\d+)"\/>/.exec(sp)!;
    const ext = /<a:ext cx="(\d+)" cy="(\d+)"\/>/.exec(sp)!;
    return {
      x: Number(off[1]) / EMU_PER_POINT,
      y: Number(off[2]) / EMU_PER_POINT,
      width: Number(ext[1]) / EMU_PER_POINT,
      height: Number(ext[2]) / EMU_PER_POINT,
      rotation: Number(/<a:xfrm rot="(-?\d+)"/.exec(sp)?.[1] ?? 0) / 60000,
      text: drawingText(sp),
      xml: sp,
    };
  });
}

/** The background picture of slide `n`, as stored. */
function slideBackground(pptx: string, n: number): Buffer | undefined {
  const id = /<p:bg>[\s\S]*?r:embed="([^"]+)"[\s\S]*?<\/p:bg>/.exec(zipPart(pptx, `ppt/slides/slide${n}.xml`) ?? '')?.[1];
  if (!id) return undefined;
  const rels = zipPart(pptx, `ppt/slides/_rels/slide${n}.xml.rels`) ?? '';
  const target = new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ?? new RegExp(`Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)?.[1];
  return target ? zipBytes(pptx, path.posix.normalize(path.posix.join('ppt/slides', target))) : undefined;
}

interface Word {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** pdftotext's words of one page with their boxes (points, top left origin), and the page size. */
function pageWords(pdf: string, page: number): { width: number; height: number; words: Word[] } {
  const xml = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), pdf, '-'], { encoding: 'utf8' });
  const size = /<page width="([\d.]+)" height="([\d.]+)">/.exec(xml)!;
  const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  const words = [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    text: decode(m[5]),
    x0: Number(m[1]),
    y0: Number(m[2]),
    x1: Number(m[3]),
    y1: Number(m[4]),
  }));
  return { width: Number(size[1]), height: Number(size[2]), words };
}

/**
 * How far each text box sits from where its first word is on the page: for every box whose first
 * word pdftotext finds exactly once on the page, the distance of the box's top from that word's,
 * and of its left edge when its lines start there (not centred or set right), in points.
 */
function boxOffsets(pptx: string, pdf: string, page: number): Array<{ word: string; dx: number; dy: number }> {
  const { words } = pageWords(pdf, page);
  const count = new Map<string, number>();
  for (const w of words) count.set(w.text, (count.get(w.text) ?? 0) + 1);
  const out: Array<{ word: string; dx: number; dy: number }> = [];
  for (const shape of slideShapes(pptx, page)) {
    const first = shape.text.trim().split(/\s+/)[0];
    if (shape.rotation || !first || count.get(first) !== 1) continue;
    const w = words.find((x) => x.text === first)!;
    const leftAligned = !/<a:pPr[^>]* algn="(ctr|r)"/.test(shape.xml);
    out.push({ word: first, dx: leftAligned ? shape.x - w.x0 : 0, dy: shape.y - w.y0 });
  }
  return out;
}

/** Grey pixels of an image at a given size. */
async function grey(image: sharp.Sharp, width: number, height: number): Promise<Uint8Array> {
  const data = await image.resize(width, height, { fit: 'fill' }).flatten({ background: '#ffffff' }).greyscale().raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/**
 * The page as pdftoppm draws it and the slide's background, compared: the share of dark pixels
 * inside pdftotext's word boxes in each, and how far apart they are (mean grey difference) away
 * from the words. Ghostscript and poppler anti-alias thin rules a little differently: the
 * difference is weighed against that of blank paper.
 */
async function compareBackground(pptx: string, pdf: string, page: number, workDir: string) {
  const background = slideBackground(pptx, page);
  expect(background, `slide ${page} has a background picture`).toBeDefined();
  const { width, height } = await sharp(background!).metadata();
  const render = path.join(workDir, `page-${page}`);
  execFileSync('pdftoppm', ['-png', '-f', String(page), '-l', String(page), '-scale-to-x', String(width), '-scale-to-y', String(height), '-singlefile', pdf, render]);
  const original = await grey(sharp(`${render}.png`), width!, height!);
  const back = await grey(sharp(background!), width!, height!);
  const words = pageWords(pdf, page);
  const scale = width! / words.width;
  // 2: the middle of a word's box (the letters' body; its edges may touch a table's rules);
  // 1: the rest of the box and a little around it, where the letters' anti-aliased edges are.
  const inWord = new Uint8Array(width! * height!);
  const mark = (x0: number, y0: number, x1: number, y1: number, value: number) => {
    for (let y = Math.max(0, Math.round(y0 * scale)); y <= Math.min(height! - 1, Math.round(y1 * scale)); y++)
      for (let x = Math.max(0, Math.round(x0 * scale)); x <= Math.min(width! - 1, Math.round(x1 * scale)); x++) inWord[y * width! + x] = Math.max(inWord[y * width! + x], value);
  };
  for (const w of words.words) {
    const inset = 0.2 * (w.y1 - w.y0);
    mark(w.x0 - 2, w.y0 - 2, w.x1 + 2, w.y1 + 2, 1);
    mark(w.x0 + 1, w.y0 + inset, w.x1 - 1, w.y1 - inset, 2);
  }
  let inside = 0;
  let darkOriginal = 0;
  let darkBackground = 0;
  let outside = 0;
  let difference = 0;
  let fromPaper = 0;
  for (let i = 0; i < inWord.length; i++) {
    if (inWord[i] === 2) {
      inside++;
      if (original[i] < 128) darkOriginal++;
      if (back[i] < 128) darkBackground++;
    } else if (inWord[i] === 0) {
      outside++;
      difference += Math.abs(original[i] - back[i]);
      fromPaper += 255 - original[i];
    }
  }
  return {
    darkOriginal: darkOriginal / inside,
    darkBackground: darkBackground / inside,
    differenceOutside: difference / outside,
    /** What the difference would be with a blank background: the drawings' own weight. */
    drawingsOutside: fromPaper / outside,
  };
}

/** Share of each page's words (pdftotext) found in order in its slide's text, over the whole document. */
async function wordsInOrder(pptx: string, pdf: string): Promise<number> {
  const pages = await pageTexts(pdf);
  const slides = pptxSlideTexts(pptx);
  let found = 0;
  let total = 0;
  pages.forEach((page, i) => {
    const n = page.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    found += blockOrderScore(page, slides[i] ?? '') * n;
    total += n;
  });
  return total ? found / total : 1;
}

/** Share of the PDF's words (pdftotext, counted with repeats) found anywhere in the deck: for tables, which pdftotext reads column by column. */
async function wordRecall(pptx: string, pdf: string): Promise<number> {
  const theirs = new Map<string, number>();
  for (const t of wordTokens(pptxSlideTexts(pptx).join('\n'))) theirs.set(t, (theirs.get(t) ?? 0) + 1);
  const ours = wordTokens((await pageTexts(pdf)).join('\n'));
  let found = 0;
  for (const t of ours) {
    const left = theirs.get(t) ?? 0;
    if (left > 0) {
      found++;
      theirs.set(t, left - 1);
    }
  }
  return ours.length ? found / ours.length : 1;
}

/**
 * Measured on these fixtures: 99.2% of the paper's words in their slide in order (the rest are
 * pdftotext's reading of figure labels and small capitals), 99.97% of the WARN report's words in
 * its deck; text boxes start exactly at their first word's left edge and within 2 pt of its top
 * (pdf.js and poppler measure a font's ascent a little differently), 95 to 100% of them per page.
 */
const WORDS_IN_ORDER = 0.98;

const pdfToPpt: ToolConformance = {
  tool: 'pdf-to-ppt',
  outputExtension: 'pptx',
  sample: [multicolumn],
  pagesOf: () => [1],
  invariant(run) {
    // One slide per page, each slide a part of its own.
    const pages = pageCount(run.inputs[0]);
    expect(slideCount(output(run))).toBe(pages);
    expect(zipParts(output(run)).filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p))).toHaveLength(pages);
  },
  cases: [
    {
      name: 'makes a slide of each page of a two-column paper, its words in order',
      inputs: [tracemonkey],
      names: ['pdfjs_tracemonkey.pptx'],
      async check(run) {
        expect(slideCount(output(run))).toBe(14);
        expect(await wordsInOrder(output(run), run.inputs[0])).toBeGreaterThanOrEqual(WORDS_IN_ORDER);
      },
    },
    {
      name: 'sizes portrait slides as the A4 page',
      inputs: [multicolumn],
      check(run) {
        const size = slideSize(output(run));
        expect(size.width).toBeCloseTo(595.28, 0);
        expect(size.height).toBeCloseTo(841.89, 0);
      },
    },
    {
      name: 'makes landscape slides of landscape pages, the table cells over their rules',
      inputs: [warnReport],
      async check(run) {
        const size = slideSize(output(run));
        expect(size.width / size.height).toBeCloseTo(792 / 612, 3);
        expect(size.width).toBeCloseTo(792, 0);
        // The table reads row by row, where pdftotext reads it a few columns at a time.
        expect(await wordRecall(output(run), run.inputs[0])).toBeGreaterThanOrEqual(WORDS_IN_ORDER);
        const offsets = boxOffsets(output(run), run.inputs[0], 1);
        expect(offsets.length).toBeGreaterThan(50);
        const near = offsets.filter((o) => Math.abs(o.dx) < 1.5 && Math.abs(o.dy) < 2.5);
        expect(near.length / offsets.length).toBeGreaterThanOrEqual(0.95);
        // The rules and the logo stay, the text goes.
        const back = await compareBackground(output(run), run.inputs[0], 1, run.workDir);
        expect(back.darkOriginal).toBeGreaterThan(0.1);
        expect(back.darkBackground).toBeLessThan(0.01);
        expect(back.differenceOutside).toBeLessThan(0.3 * back.drawingsOutside);
      },
    },
    {
      name: 'puts each text box where its first word is on the page',
      inputs: [tracemonkey],
      check(run) {
        for (const page of [1, 2, 5]) {
          const offsets = boxOffsets(output(run), run.inputs[0], page);
          expect(offsets.length).toBeGreaterThan(10);
          const near = offsets.filter((o) => Math.abs(o.dx) < 1.5 && Math.abs(o.dy) < 2.5);
          expect(near.length / offsets.length, JSON.stringify(offsets.filter((o) => !near.includes(o)))).toBeGreaterThanOrEqual(0.95);
        }
        // A known word: the heading "Abstract" at the top left of the first column.
        const abstract = slideShapes(output(run), 1).find((s) => s.text.startsWith('Abstract'))!;
        const word = pageWords(run.inputs[0], 1).words.find((w) => w.text === 'Abstract')!;
        expect(Math.abs(abstract.x - word.x0)).toBeLessThan(1);
        expect(Math.abs(abstract.y - word.y0)).toBeLessThan(2);
      },
    },
    {
      name: 'draws the page without its text as the slide background, the figure kept',
      inputs: [tracemonkey],
      async check(run) {
        // Page 2 holds a diagram whose labels are text.
        const back = await compareBackground(output(run), run.inputs[0], 2, run.workDir);
        expect(back.darkOriginal).toBeGreaterThan(0.1);
        expect(back.darkBackground).toBeLessThan(0.02);
        expect(back.differenceOutside).toBeLessThan(0.3 * back.drawingsOutside);
      },
    },
    {
      name: 'keeps the font size, weight, slant and face of the text',
      inputs: [tracemonkey],
      check(run) {
        const shapes = slideShapes(output(run), 1);
        const title = shapes.find((s) => s.text.startsWith('Trace-based Just-in-Time'))!;
        expect(title.text).toBe('Trace-based Just-in-Time Type Specialization for Dynamic\nLanguages');
        expect(Number(/ sz="(\d+)"/.exec(title.xml)![1]) / 100).toBeCloseTo(17.9, 0);
        expect(title.xml).toMatch(/ b="1"/);
        expect(title.xml).toContain('typeface="Times New Roman"');
        // "Categories and Subject Descriptors" is set in bold italic.
        const categories = shapes.find((s) => s.text.startsWith('Categories and Subject'))!;
        expect(categories.xml).toMatch(/<a:rPr [^>]*b="1" i="1"[^>]*>(?:(?!<\/a:rPr>).)*<\/a:rPr><a:t>Categories and Subject Descriptors/s);
      },
    },
    {
      name: 'keeps the colour of coloured text',
      inputs: [tamReview],
      check(run) {
        const red = slideShapes(output(run), 1).find((s) => s.text.includes('Working Papers'))!;
        expect(red.xml).toContain('<a:srgbClr val="CC0000"/>');
      },
    },
    {
      name: 'turns a box for text set up the page, in place',
      inputs: [federalRegister],
      check(run) {
        const stamp = slideShapes(output(run), 1).find((s) => s.text.startsWith('jbell on'))!;
        expect(stamp.rotation).toBe(270);
        const { words } = pageWords(run.inputs[0], 1);
        const jbell = words.find((w) => w.text === 'jbell')!;
        // The turned box's centre lies on the stamp's column, its top-left corner turned with it.
        const centre = { x: stamp.x + stamp.width / 2, y: stamp.y + stamp.height / 2 };
        expect(Math.abs(centre.x - (jbell.x0 + jbell.x1) / 2)).toBeLessThan(2);
        expect(stamp.y + stamp.height / 2 + stamp.width / 2).toBeCloseTo(jbell.y1, -1);
      },
    },
    {
      name: 'writes right-to-left text in reading order in a right-to-left box',
      inputs: [hebrew],
      check(run) {
        const shapes = slideShapes(output(run), 1);
        const hebrewBox = shapes.find((s) => s.text.includes('שלום עולם'))!;
        expect(hebrewBox.xml).toContain('rtl="1"');
      },
    },
    {
      name: 'opens in LibreOffice, a page per slide, with the text of the PDF',
      inputs: [multicolumn],
      async check(run) {
        const pdf = path.join(run.workDir, 'from-pptx.pdf');
        await convertCold({ input: output(run), output: pdf }, { timeoutMs: 120_000 });
        expect(pageCount(pdf)).toBe(slideCount(output(run)));
        const theirs = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
        expect(wordOrderScore(execFileSync('pdftotext', [run.inputs[0], '-'], { encoding: 'utf8' }), theirs)).toBeGreaterThanOrEqual(0.95);
        expect(fs.statSync(pdf).size).toBeGreaterThan(0);
      },
    },
  ],
};

export default pdfToPpt;
