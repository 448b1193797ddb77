import { describe, expect, it } from 'vitest';
import { compactPages, invalidRangePart, pagesIn, parsePageRanges, rangesPastEnd, resolvePageRanges, toQpdfRange } from '#shared/page-ranges';

describe('parsePageRanges', () => {
  it('reads single pages, closed ranges and open ranges', () => {
    expect(parsePageRanges('1-3,5,8-')).toEqual([
      { from: 1, to: 3 },
      { from: 5, to: 5 },
      { from: 8, to: null },
    ]);
  });

  it('reads "-3" as pages 1 to 3, and tolerates spaces and empty items', () => {
    expect(parsePageRanges('-3')).toEqual([{ from: 1, to: 3 }]);
    expect(parsePageRanges(' 2 - 4 , ,7 ')).toEqual([
      { from: 2, to: 4 },
      { from: 7, to: 7 },
    ]);
  });

  it('keeps the order and overlaps the user typed', () => {
    expect(parsePageRanges('9,2-4,3')).toEqual([
      { from: 9, to: 9 },
      { from: 2, to: 4 },
      { from: 3, to: 3 },
    ]);
  });

  it.each(['', ',', '-', '0', '0-3', '3-1', 'a', '1-3-5', '1.5', '+1', '1e3', '2 r90'])('refuses %j', (text) => {
    expect(parsePageRanges(text)).toBeNull();
  });

  it('refuses two numbers without a dash between them rather than reading only the first', () => {
    expect(parsePageRanges('1 2')).toBeNull();
    expect(parsePageRanges('4,7 9')).toBeNull();
  });
});

describe('resolvePageRanges', () => {
  it('closes open ranges and cuts ranges that run past the last page', () => {
    expect(resolvePageRanges(parsePageRanges('1-3,5,8-')!, 14)).toEqual([
      [1, 3],
      [5, 5],
      [8, 14],
    ]);
    expect(resolvePageRanges(parsePageRanges('10-99')!, 14)).toEqual([[10, 14]]);
  });

  it('refuses a range that starts after the last page', () => {
    expect(resolvePageRanges(parsePageRanges('15-')!, 14)).toBeNull();
    expect(resolvePageRanges(parsePageRanges('3,20')!, 14)).toBeNull();
  });
});

describe('toQpdfRange', () => {
  it('writes single pages as one number and ranges with a dash', () => {
    expect(
      toQpdfRange([
        [1, 3],
        [5, 5],
        [8, 14],
      ]),
    ).toBe('1-3,5,8-14');
  });

  it('keeps the order given, descending runs included', () => {
    expect(
      toQpdfRange([
        [9, 9],
        [2, 4],
      ]),
    ).toBe('9,2-4');
  });
});

describe('pagesIn', () => {
  it('is the set of pages the ranges cover, overlaps counted once', () => {
    expect(
      [
        ...pagesIn([
          [2, 4],
          [3, 5],
          [9, 9],
        ]),
      ].sort((a, b) => a - b),
    ).toEqual([2, 3, 4, 5, 9]);
  });

  it('is empty for no ranges', () => {
    expect(pagesIn([]).size).toBe(0);
  });
});

describe('compactPages', () => {
  it('joins ascending runs of consecutive pages', () => {
    expect(compactPages([1, 2, 3, 7, 9, 10])).toEqual([
      [1, 3],
      [7, 7],
      [9, 10],
    ]);
  });

  it('keeps the order of the pages, so a reversed or repeated page stays where it was', () => {
    expect(compactPages([3, 2, 1])).toEqual([
      [3, 3],
      [2, 2],
      [1, 1],
    ]);
    expect(compactPages([1, 2, 2, 3])).toEqual([
      [1, 2],
      [2, 3],
    ]);
  });

  it('round-trips through toQpdfRange and pagesIn', () => {
    const pages = [1, 2, 3, 5, 8, 9];
    expect(toQpdfRange(compactPages(pages))).toBe('1-3,5,8-9');
    expect([...pagesIn(compactPages(pages))]).toEqual(pages);
  });

  it('is empty for no pages', () => {
    expect(compactPages([])).toEqual([]);
  });
});

describe('what a page can tell the user about a range list', () => {
  it('names the first part that is not a range', () => {
    expect(invalidRangePart('5-3, 40, abc')).toBe('5-3');
    expect(invalidRangePart('1-2, abc, 7')).toBe('abc');
    expect(invalidRangePart('1-3, 5, 8-')).toBeUndefined();
  });

  it('sees a range that runs past the last page, but not an open end', () => {
    expect(rangesPastEnd(parsePageRanges('10-20')!, 14)).toBe(true);
    expect(rangesPastEnd(parsePageRanges('1-3, 12-')!, 14)).toBe(false);
    expect(rangesPastEnd(parsePageRanges('14')!, 14)).toBe(false);
  });
});
