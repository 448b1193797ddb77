import { describe, expect, it } from 'vitest';
import { readingOrder, type Region } from '../../worker/src/pdf-to-office/reading-order';

interface Piece {
  name: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const piece = (name: string, x0: number, y0: number, x1: number, y1: number): Piece => ({ name, x0, y0, x1, y1 });
/** Lines of a column: `count` lines 12 pt apart from `top`, 9 pt high. */
const column = (name: string, x0: number, x1: number, top: number, count: number) =>
  Array.from({ length: count }, (_, i) => piece(`${name}${i + 1}`, x0, top + 12 * i, x1, top + 12 * i + 9));

const opts = { rtl: false, minGutter: 8, minColumn: 70 };
/** The pieces in reading order. */
function order(region: Region<Piece>): string[] {
  if (region.kind === 'leaf') {
    // A leaf reads row by row, left to right.
    return [...region.items].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0).map((p) => p.name);
  }
  return region.parts.flatMap(order);
}

describe('reading order by column gutters', () => {
  it('reads a title, then the left column, then the right one, though their lines share a baseline grid', () => {
    const items = [piece('title', 150, 20, 450, 40), ...column('L', 70, 300, 100, 10), ...column('R', 310, 540, 100, 10)];
    const root = readingOrder(items, opts);
    expect(order(root)).toEqual(['title', ...column('L', 0, 0, 0, 10).map((p) => p.name), ...column('R', 0, 0, 0, 10).map((p) => p.name)]);
  });

  it('keeps columns whose first lines start at different heights, and a short heading over the left one', () => {
    const items = [piece('heading', 70, 95, 130, 107), ...column('L', 70, 300, 120, 8), ...column('R', 310, 540, 98, 10)];
    const names = order(readingOrder(items, opts));
    expect(names.slice(0, 9)).toEqual(['heading', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'L8']);
    expect(names.slice(9)).toEqual(column('R', 0, 0, 0, 10).map((p) => p.name));
  });

  it('finds a narrow gutter between full-width paragraphs with short last lines, and lines ending a hair inside it', () => {
    // A scanned leaflet (ocrmypdf_linn.png): full-width bullets, some wrapping onto a short line that
    // stays left of the gutter, one ending just inside it; then two columns 10 pt apart, the right
    // one starting a hair to the left of its neighbours; then full-width bullets again.
    const bullets = (name: string, top: number) => [
      piece(`${name}1`, 70, top, 520, top + 9),
      piece(`${name}2`, 80, top + 12, 150, top + 21),
      piece(`${name}3`, 70, top + 24, 520, top + 33),
      piece(`${name}4`, 80, top + 36, 200, top + 45),
      piece(`${name}5`, 70, top + 48, 305, top + 57),
    ];
    const right = column('R', 310, 520, 130, 10);
    right[6] = piece('R7', 309.7, 130 + 72, 520, 130 + 81);
    const items = [...bullets('T', 60), ...column('L', 70, 300, 130, 10), ...right, ...bullets('B', 260)];
    const names = order(readingOrder(items, opts));
    const lines = (name: string, count: number) => Array.from({ length: count }, (_, i) => `${name}${i + 1}`);
    expect(names).toEqual([...lines('T', 5), ...lines('L', 10), ...lines('R', 10), ...lines('B', 5)]);
  });

  it('reads three columns left to right, a footer across them last', () => {
    const items = [...column('A', 45, 213, 100, 6), ...column('B', 222, 390, 100, 6), ...column('C', 399, 567, 100, 6), piece('footer', 25, 700, 450, 706)];
    const names = order(readingOrder(items, opts));
    expect(names).toEqual([...['A', 'B', 'C'].flatMap((c) => column(c, 0, 0, 0, 6).map((p) => p.name)), 'footer']);
  });

  it('reads a full-width figure between two column bands in its place', () => {
    const items = [...column('a', 70, 300, 100, 4), ...column('b', 310, 540, 100, 4), piece('figure', 70, 160, 540, 300), ...column('c', 70, 300, 320, 4), ...column('d', 310, 540, 320, 4)];
    const names = order(readingOrder(items, opts));
    expect(names).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4', 'figure', 'c1', 'c2', 'c3', 'c4', 'd1', 'd2', 'd3', 'd4']);
  });

  it('reads the columns of a right-to-left page from the right', () => {
    const items = [...column('L', 70, 300, 100, 3), ...column('R', 310, 540, 100, 3)];
    expect(order(readingOrder(items, { ...opts, rtl: true }))).toEqual(['R1', 'R2', 'R3', 'L1', 'L2', 'L3']);
  });

  it('reads a single column as one, though one of its lines has a wide gap', () => {
    const items = [piece('l1', 70, 100, 200, 109), piece('r1', 210, 100, 540, 109), ...column('full', 70, 540, 112, 8)];
    expect(readingOrder(items, opts).kind).toBe('leaf');
  });

  it('does not take a list marker for a column', () => {
    const items = [...column('marker', 70, 76, 100, 6), ...column('item', 90, 540, 100, 6)];
    expect(readingOrder(items, opts).kind).toBe('leaf');
  });

  it('lets its caller veto columns that are only rows lined up (labels and values)', () => {
    const items = [...column('label', 70, 160, 100, 6), ...column('value', 300, 540, 100, 6)];
    expect(readingOrder(items, { ...opts, canSplit: () => false }).kind).toBe('leaf');
    expect(readingOrder(items, opts).kind).toBe('columns');
  });
});
