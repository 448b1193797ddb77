import { describe, expect, it } from 'vitest';
import { pageText, type TextBlock, type TextPage } from '../../worker/src/pdf-to-office/pdftotext-layout';

/** A block of `count` one-word lines 12 pt apart from `top`, 9 pt high, named name1, name2... */
function lines(name: string, x0: number, x1: number, top: number, count: number): TextBlock {
  const ls = Array.from({ length: count }, (_, i) => {
    const y0 = top + 12 * i;
    return { x0, y0, x1, y1: y0 + 9, words: [{ text: `${name}${i + 1}`, x0, y0, x1, y1: y0 + 9 }] };
  });
  return { x0, y0: top, x1, y1: top + 12 * (count - 1) + 9, lines: ls };
}
/** The words of the page text, in order. */
const order = (blocks: TextBlock[]) => pageText({ width: 612, height: 792, blocks }).split(/\s+/).filter(Boolean);
const names = (name: string, count: number) => Array.from({ length: count }, (_, i) => `${name}${i + 1}`);

describe('page text reading order (pdf-to-office/reading-order)', () => {
  it('reads a title, then each column top to bottom, left column first', () => {
    const blocks = [lines('right', 310, 540, 100, 10), lines('title', 150, 450, 60, 1), lines('left', 70, 300, 100, 5), lines('rightb', 310, 540, 220, 5), lines('leftb', 70, 300, 160, 10)];
    expect(order(blocks)).toEqual([...names('title', 1), ...names('left', 5), ...names('leftb', 10), ...names('right', 10), ...names('rightb', 5)]);
  });

  it('does not interleave columns whose paragraph gaps line up', () => {
    const blocks = [lines('a', 70, 300, 100, 4), lines('b', 310, 540, 100, 4), lines('c', 70, 300, 154, 4), lines('d', 310, 540, 154, 4)];
    expect(order(blocks)).toEqual([...names('a', 4), ...names('c', 4), ...names('b', 4), ...names('d', 4)]);
  });

  it('reads three columns left to right, a footer across them last', () => {
    const blocks = [lines('A', 45, 213, 100, 6), lines('B', 222, 390, 100, 6), lines('C', 399, 567, 100, 6), lines('footer', 25, 450, 700, 1)];
    expect(order(blocks)).toEqual([...names('A', 6), ...names('B', 6), ...names('C', 6), 'footer1']);
  });

  it('reads a line set sideways in the margin last', () => {
    const margin: TextBlock = { x0: 10, y0: 300, x1: 19, y1: 520, lines: [{ x0: 10, y0: 300, x1: 19, y1: 520, words: [{ text: 'margin', x0: 10, y0: 300, x1: 19, y1: 520 }] }] };
    expect(order([margin, lines('body', 70, 540, 100, 20), lines('footer', 70, 300, 700, 1)])).toEqual([...names('body', 20), 'footer1', 'margin']);
  });

  it('reads two columns one after the other though poppler gives each line a block of its own, and full-width text with short last lines crosses the gutter', () => {
    // The two-column Linn leaflet as an OCR text layer gives it (poppler makes a block of each
    // line): full-width bullets wrapping onto short lines, two columns 10 pt apart, one line of the
    // right one starting a hair inside the gutter, full-width bullets again. A plain XY-cut reads it
    // row by row across the columns.
    const line = (name: string, x0: number, top: number, x1: number) => lines(name, x0, x1, top, 1);
    const bullets = (name: string, top: number) => [
      line(`${name}a`, 70, top, 520),
      line(`${name}b`, 80, top + 12, 150),
      line(`${name}c`, 70, top + 24, 520),
      line(`${name}d`, 80, top + 36, 200),
      line(`${name}e`, 70, top + 48, 305),
    ];
    const column = (name: string, x0: number, x1: number) => Array.from({ length: 10 }, (_, i) => line(`${name}${i + 1}`, x0, 130 + 12 * i, x1));
    const right = column('R', 310, 520);
    right[6] = line('R7', 309.7, 202, 520);
    const blocks = [...bullets('T', 60), ...column('L', 70, 300), ...right, ...bullets('B', 260)];
    const firsts = (name: string) => ['a', 'b', 'c', 'd', 'e'].map((c) => `${name}${c}1`);
    expect(order(blocks)).toEqual([...firsts('T'), ...names('L', 10).map((n) => `${n}1`), ...names('R', 10).map((n) => `${n}1`), ...firsts('B')]);
  });
});

describe('page text', () => {
  const word = (text: string, x0: number, x1: number, y0: number) => ({ text, x0, x1, y0, y1: y0 + 10 });
  const block = (lines: Array<ReturnType<typeof word>[]>): TextBlock => {
    const all = lines.flat();
    return {
      x0: Math.min(...all.map((w) => w.x0)),
      y0: Math.min(...all.map((w) => w.y0)),
      x1: Math.max(...all.map((w) => w.x1)),
      y1: Math.max(...all.map((w) => w.y1)),
      lines: lines.map((words) => ({ x0: words[0].x0, y0: words[0].y0, x1: words.at(-1)!.x1, y1: words[0].y1, words })),
    };
  };

  it('joins a word hyphenated across lines and pieces of a word split by a font change', () => {
    const page: TextPage = {
      width: 600,
      height: 800,
      blocks: [block([[word('A', 0, 8, 0), word('hyphen-', 12, 50, 0)], [word('ated', 0, 30, 12), word('É', 34, 40, 12), word('cole', 40, 60, 12)]])],
    };
    expect(pageText(page)).toBe('A hyphenated École\n');
  });

  it('puts a blank line between blocks', () => {
    const page: TextPage = { width: 600, height: 800, blocks: [block([[word('One', 0, 20, 0)]]), block([[word('Two', 0, 20, 40)]])] };
    expect(pageText(page)).toBe('One\n\nTwo\n');
  });
});
