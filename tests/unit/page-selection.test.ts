import { describe, expect, it } from 'vitest';
import { clickPage, extendSelection, indexesToRanges, rangesField, rangesToIndexes, toggleAll, type Selection } from '../../web/app/lib/page-selection';

const sel = (selected: number[], anchor: number | null = null): Selection => ({ selected: new Set(selected), anchor });
const sorted = (s: Selection) => [...s.selected].sort((a, b) => a - b);

describe('page selection', () => {
  it('toggles a page on a plain or Ctrl/Cmd click and makes it the anchor', () => {
    const once = clickPage(sel([]), 3, false);
    expect(sorted(once)).toEqual([3]);
    expect(once.anchor).toBe(3);
    const twice = clickPage(once, 3, false);
    expect(sorted(twice)).toEqual([]);
    expect(sorted(clickPage(sel([1]), 5, false))).toEqual([1, 5]);
  });

  it("gives a shift-clicked range the anchor's state, in either direction", () => {
    expect(sorted(clickPage(sel([2], 2), 5, true))).toEqual([2, 3, 4, 5]);
    expect(sorted(clickPage(sel([6], 6), 4, true))).toEqual([4, 5, 6]);
    // The anchor was just unselected: the range is unselected too.
    expect(sorted(clickPage(sel([0, 2, 3, 4], 1), 3, true))).toEqual([0, 4]);
    // No anchor yet: a shift-click is a plain toggle.
    expect(sorted(clickPage(sel([]), 2, true))).toEqual([2]);
  });

  it('keeps the anchor through shift-clicks, so the range can be adjusted', () => {
    const first = clickPage(sel([]), 2, false);
    const wide = clickPage(first, 6, true);
    expect(wide.anchor).toBe(2);
    expect(sorted(clickPage(wide, 0, true))).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('extends with Shift+arrows from the anchor, or from the focused page when there is none', () => {
    expect(sorted(extendSelection(sel([]), 4, 5))).toEqual([4, 5]);
    const down = extendSelection(sel([1], 1), 5, 9);
    expect(sorted(down)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(down.anchor).toBe(1);
  });

  it('selects every page with Ctrl/Cmd+A, and none when all are selected', () => {
    expect(sorted(toggleAll(sel([1]), 4))).toEqual([0, 1, 2, 3]);
    expect(sorted(toggleAll(sel([0, 1, 2, 3]), 4))).toEqual([]);
  });
});

describe('page ranges text', () => {
  it('writes a selection the way a person would type it', () => {
    expect(indexesToRanges([0, 1, 2, 6, 9, 10])).toBe('1-3, 7, 10-11');
    expect(indexesToRanges([4, 0, 2, 1])).toBe('1-3, 5');
    expect(indexesToRanges([])).toBe('');
    expect(rangesField(new Set([1, 3, 4, 5]))).toBe('2,4-6');
  });

  it('reads typed ranges, open ends included, against the page count', () => {
    const read = rangesToIndexes('1-3, 7, 10-', 12);
    expect(read.ok && [...read.indexes].sort((a, b) => a - b)).toEqual([0, 1, 2, 6, 9, 10, 11]);
    expect(rangesToIndexes('  ', 12)).toEqual({ ok: true, indexes: new Set() });
    // A range that runs past the end is cut at the last page.
    const past = rangesToIndexes('11-20', 12);
    expect(past.ok && [...past.indexes]).toEqual([10, 11]);
  });

  it('says why typed ranges cannot be used', () => {
    expect(rangesToIndexes('2-a', 12)).toEqual({ ok: false, problem: 'invalid' });
    expect(rangesToIndexes('5-3', 12)).toEqual({ ok: false, problem: 'invalid' });
    expect(rangesToIndexes('13', 12)).toEqual({ ok: false, problem: 'beyondEnd' });
  });

  it('round-trips: the text of a selection selects the same pages', () => {
    const pages = new Set([0, 2, 3, 4, 8, 13]);
    const read = rangesToIndexes(indexesToRanges(pages), 14);
    expect(read.ok && read.indexes).toEqual(pages);
  });
});
