import { describe, expect, it } from 'vitest';
import { formatPageOrder, parsePageOrder } from '#shared/page-order';

describe('parsePageOrder', () => {
  it('reads pages in the order given, each with its clockwise turn', () => {
    expect(parsePageOrder('3,1r90,2,4r180,5r270')).toEqual([
      { page: 3, rotate: 0 },
      { page: 1, rotate: 90 },
      { page: 2, rotate: 0 },
      { page: 4, rotate: 180 },
      { page: 5, rotate: 270 },
    ]);
  });

  it('keeps repeated pages, each with its own turn', () => {
    expect(parsePageOrder('1,1r90')).toEqual([
      { page: 1, rotate: 0 },
      { page: 1, rotate: 90 },
    ]);
  });

  it('tolerates spaces around items and empty items', () => {
    expect(parsePageOrder(' 2r90 , ,1 ')).toEqual([
      { page: 2, rotate: 90 },
      { page: 1, rotate: 0 },
    ]);
  });

  it.each(['', ' , ', '0', '1-3', '1r0', '1r45', '1r360', '1r-90', '1R90', '1r 90', '2 r90', 'r90', 'a', '1.5', '1e3', '-1'])(
    'refuses %j',
    (text) => {
      expect(parsePageOrder(text)).toBeNull();
    },
  );

  it('reads the order of a long document', () => {
    const text = Array.from({ length: 300 }, (_, i) => String(300 - i)).join(',');
    const order = parsePageOrder(text)!;
    expect(order).toHaveLength(300);
    expect(order[0]).toEqual({ page: 300, rotate: 0 });
    expect(order.at(-1)).toEqual({ page: 1, rotate: 0 });
  });
});

describe('formatPageOrder', () => {
  it('writes turned pages with "r" and the others as plain numbers', () => {
    expect(
      formatPageOrder([
        { page: 3, rotate: 0 },
        { page: 1, rotate: 90 },
        { page: 2, rotate: 270 },
      ]),
    ).toBe('3,1r90,2r270');
  });

  it('is what parsePageOrder reads back', () => {
    const text = '5,1r90,1r180,2,4r270';
    expect(formatPageOrder(parsePageOrder(text)!)).toBe(text);
  });
});
