import { describe, expect, it } from 'vitest';
import { textBoxes, type TextBox } from '../../worker/src/pdf-to-office/slide-text';
import type { PageLayout, TextRun } from '../../worker/src/pdf-to-office/types';

/** A 10 pt run of Times at (x, y), about 5 pt a character. */
const run = (text: string, x: number, y: number, extra: Partial<TextRun> = {}): TextRun => ({
  text,
  x,
  y,
  width: 5 * text.length,
  height: 10,
  fontSize: 10,
  fontName: 'TimesNewRomanPSMT',
  ...extra,
});
const page = (runs: TextRun[]): PageLayout => ({ width: 612, height: 792, runs, images: [], rules: [] });
const text = (box: TextBox) => box.runs.map((r) => (r.breakBefore ? '\n' : '') + r.text).join('');

describe('text boxes of a slide', () => {
  it('puts the lines of a justified paragraph in one box, at its place, each line kept', () => {
    const lines = ['Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do', 'eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim', 'ad minim veniam, quis nostrud exercitation ullamco laboris nisi', 'ut aliquip ex ea commodo.'];
    // Justified: every line but the last reaches the right edge, 400 pt from the left.
    const runs = lines.map((l, i) => ({ ...run(l, 72, 100 + 12 * i), width: i < 3 ? 400 : 120 }));
    const [box, ...rest] = textBoxes(page(runs));
    expect(rest).toEqual([]);
    expect(box).toMatchObject({ x: 72, y: 100, width: 400, align: 'justify', lineSpacing: 12, rtl: false });
    expect(text(box)).toBe(lines.join('\n'));
    expect(box.runs[0]).toMatchObject({ fontSize: 10, fontFace: 'Times New Roman' });
  });

  it('gives an indented first line a box of its own, so the others keep their left edge', () => {
    const runs = [{ ...run('Indented opening line of the paragraph here', 90, 100), width: 382 }, { ...run('second line of the same paragraph, full', 72, 112), width: 400 }, run('last', 72, 124)];
    const boxes = textBoxes(page(runs));
    expect(boxes.map((b) => [b.x, b.y, text(b)])).toEqual([
      [90, 100, 'Indented opening line of the paragraph here'],
      [72, 112, 'second line of the same paragraph, full\nlast'],
    ]);
  });

  it('centres the lines of a centred title', () => {
    const boxes = textBoxes(page([run('A Long Centred Title Line', 243.5, 100, { fontSize: 18, height: 18 }), run('Second', 291, 121, { fontSize: 18, height: 18 })]));
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toMatchObject({ align: 'center', x: 243.5 });
    expect(text(boxes[0])).toBe('A Long Centred Title Line\nSecond');
  });

  it('places the cells of a table row apart, each where it was', () => {
    const boxes = textBoxes(page([run('Name', 72, 100), run('City', 250, 100), run('150', 400, 100)]));
    expect(boxes.map((b) => [b.x, text(b)])).toEqual([
      [72, 'Name'],
      [250, 'City'],
      [400, '150'],
    ]);
  });

  it('keeps the two lines of a stacked label apart', () => {
    // "Interpret" over "Bytecodes", their boxes overlapping by half: taken for one row.
    const boxes = textBoxes(page([run('Interpret', 100, 100, { height: 7, fontSize: 6, width: 24 }), run('Bytecodes', 99, 103.5, { height: 7, fontSize: 6, width: 26 })]));
    expect(boxes.map((b) => [b.y, text(b)])).toEqual([
      [100, 'Interpret'],
      [103.5, 'Bytecodes'],
    ]);
  });

  it('turns a box for text set up the page about the text’s own centre', () => {
    // 200 pt of 8 pt text read upwards, in the left margin.
    const [box] = textBoxes(page([{ text: 'jbell on DSKJLSW7X2PROD', x: 18, y: 500, width: 8, height: 200, fontSize: 8, angle: 270 }]));
    expect(box.rotate).toBe(270);
    expect(box.width).toBeCloseTo(200, 5);
    expect(box.x + box.width / 2).toBeCloseTo(22, 5);
    expect(box.y + box.height / 2).toBeCloseTo(600, 5);
  });

  it('writes an accent drawn apart over its letter as the accented letter', () => {
    const [box] = textBoxes(page([run('a na\u00A8\u0131ve approach', 72, 100)]));
    expect(text(box)).toBe('a naïve approach');
  });

  it('sets a font no office suite has in a common one of its kind', () => {
    const [serif] = textBoxes(page([run('Federal Register', 72, 100, { fontName: 'Melior', family: 'serif' })]));
    const [known] = textBoxes(page([run('Federal Register', 72, 100, { fontName: 'ABCDEF+Arial-BoldMT', bold: true })]));
    expect(serif.runs[0].fontFace).toBe('Times New Roman');
    expect(known.runs[0]).toMatchObject({ fontFace: 'Arial', bold: true });
  });

  it('writes right-to-left lines in reading order, set right', () => {
    const [box] = textBoxes(page([run('עולם', 100, 100, { dir: 'rtl', width: 20 }), run('שלום', 125, 100, { dir: 'rtl', width: 20 })]));
    expect(box).toMatchObject({ rtl: true, align: 'right' });
    expect(text(box)).toBe('שלום עולם');
  });
});
