import { describe, expect, it } from 'vitest';
import { readingOrder } from '../../worker/src/text/reading-order';
import { pageText, type TextBlock, type TextPage } from '../../worker/src/text/text-layout';

const box = (name: string, x0: number, y0: number, x1: number, y1: number) => ({ name, x0, y0, x1, y1 });
const order = (boxes: ReturnType<typeof box>[]) => readingOrder(boxes, { minGutter: 5, thinBand: 25 }).map((b) => b.name);

describe('reading order by XY-cut', () => {
  it('reads a title, then each column top to bottom, left column first', () => {
    const boxes = [
      box('right-1', 310, 100, 540, 300),
      box('title', 150, 20, 450, 40),
      box('left-1', 70, 100, 300, 250),
      box('right-2', 310, 310, 540, 600),
      box('left-2', 70, 260, 300, 600),
    ];
    expect(order(boxes)).toEqual(['title', 'left-1', 'left-2', 'right-1', 'right-2']);
  });

  it('does not interleave columns whose paragraph gaps line up', () => {
    const boxes = [box('a1', 0, 0, 100, 100), box('b1', 110, 0, 210, 100), box('a2', 0, 120, 100, 200), box('b2', 110, 120, 210, 200)];
    expect(order(boxes)).toEqual(['a1', 'a2', 'b1', 'b2']);
  });

  it('cuts off a footer that crosses the gutters before splitting the columns', () => {
    const boxes = [
      box('left', 0, 0, 100, 500),
      box('middle', 110, 0, 210, 500),
      box('right', 220, 0, 320, 500),
      box('footer-a', 50, 520, 150, 530),
      box('footer-b', 200, 520, 260, 530),
    ];
    expect(order(boxes)).toEqual(['left', 'middle', 'right', 'footer-a', 'footer-b']);
  });

  it('reads a line set sideways in the margin last', () => {
    const boxes = [box('margin', 0, 300, 8, 520), box('body', 20, 0, 300, 510), box('footer', 20, 515, 300, 525)];
    expect(readingOrder(boxes, { minGutter: 5, thinBand: 25, isVertical: (b) => b.y1 - b.y0 > 2 * (b.x1 - b.x0) }).map((b) => b.name)).toEqual([
      'body',
      'footer',
      'margin',
    ]);
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
