import { parsePageRanges, resolvePageRanges } from '#shared/page-ranges';

/**
 * Pages picked in a page grid, as 0-based positions, and the anchor that shift-click and
 * Shift+arrow extend from.
 */
export interface Selection {
  selected: ReadonlySet<number>;
  anchor: number | null;
}

const range = (a: number, b: number) => {
  const [from, to] = a <= b ? [a, b] : [b, a];
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
};

/**
 * A click on a page. A plain or Ctrl/Cmd click toggles it, which also works on touch screens;
 * a shift-click gives every page between the anchor and this one the anchor's state.
 */
export function clickPage(sel: Selection, index: number, shift: boolean): Selection {
  const next = new Set(sel.selected);
  if (shift && sel.anchor !== null) {
    const on = sel.selected.has(sel.anchor);
    for (const i of range(sel.anchor, index)) {
      if (on) next.add(i);
      else next.delete(i);
    }
    return { selected: next, anchor: sel.anchor };
  }
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return { selected: next, anchor: index };
}

/** Shift+arrow: selects every page from the anchor (or `from` when there is none) to `to`. */
export function extendSelection(sel: Selection, from: number, to: number): Selection {
  const anchor = sel.anchor ?? from;
  const next = new Set(sel.selected);
  for (const i of range(anchor, to)) next.add(i);
  return { selected: next, anchor };
}

/** Ctrl/Cmd+A: every page, or none when every page is already selected. */
export function toggleAll(sel: Selection, count: number): Selection {
  const all = sel.selected.size === count;
  return { selected: new Set(all ? [] : range(0, count - 1)), anchor: null };
}

/** Positions as the page ranges a person would type: {0,1,2,6} → "1-3, 7". */
export function indexesToRanges(indexes: Iterable<number>): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
    const end = sorted[i];
    parts.push(end === start ? `${start + 1}` : `${start + 1}-${end + 1}`);
  }
  return parts.join(', ');
}

export type RangesReading = { ok: true; indexes: Set<number> } | { ok: false; problem: 'invalid' | 'beyondEnd' };

/** Typed page ranges ("1-3, 7, 10-") as positions in a document of `count` pages; empty text is no page. */
export function rangesToIndexes(text: string, count: number): RangesReading {
  if (text.trim() === '') return { ok: true, indexes: new Set() };
  const ranges = parsePageRanges(text);
  if (!ranges) return { ok: false, problem: 'invalid' };
  const resolved = resolvePageRanges(ranges, count);
  if (!resolved) return { ok: false, problem: 'beyondEnd' };
  return { ok: true, indexes: new Set(resolved.flatMap(([from, to]) => range(from - 1, to - 1))) };
}

/** The ranges to send for a selection: "2, 4-6" → "2,4-6". */
export const rangesField = (indexes: Iterable<number>) => indexesToRanges(indexes).replace(/\s+/g, '');
