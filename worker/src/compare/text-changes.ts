import type { Change, ChangeSide, PageRect } from '#shared/compare';
import type { PlacedWord } from './document-words';
import { diffTokens, type Hunk } from './word-diff';

/** Deleted and inserted runs this long or longer, of the same words, are one passage moved. */
const MOVE_MIN_WORDS = 4;

/** A change without its number: numbers are given once every kind of change is found and sorted. */
export type FoundChange = Omit<Change, 'id'>;

/** One box per line of the words, on their pages. */
export function lineRects(words: readonly PlacedWord[]): PageRect[] {
  const rects: PageRect[] = [];
  let last: PlacedWord | undefined;
  for (const w of words) {
    const rect = rects.at(-1);
    if (rect && last && last.line === w.line && last.page === w.page) {
      rect.x0 = Math.min(rect.x0, w.x0);
      rect.y0 = Math.min(rect.y0, w.y0);
      rect.x1 = Math.max(rect.x1, w.x1);
      rect.y1 = Math.max(rect.y1, w.y1);
    } else rects.push({ page: w.page, x0: w.x0, y0: w.y0, x1: w.x1, y1: w.y1 });
    last = w;
  }
  return rects;
}

const textOf = (words: readonly PlacedWord[]) => words.map((w) => w.text).join(' ');

/**
 * Where words absent from one side would stand on it: a box of no width after the word before, or
 * before the word after at the start of a page.
 */
function placeOf(words: readonly PlacedWord[], at: number, pageWhenEmpty: number): ChangeSide {
  const prev = words[at - 1];
  const next = words[at];
  if (prev && (!next || next.page === prev.page)) return { page: prev.page, rects: [{ page: prev.page, x0: prev.x1, y0: prev.y0, x1: prev.x1, y1: prev.y1 }], text: '' };
  if (next) return { page: next.page, rects: [{ page: next.page, x0: next.x0, y0: next.y0, x1: next.x0, y1: next.y1 }], text: '' };
  return { page: pageWhenEmpty, rects: [], text: '' };
}

const sideOf = (words: readonly PlacedWord[]): ChangeSide => ({ page: words[0].page, rects: lineRects(words), text: textOf(words) });

/**
 * The word changes between two documents' words (of matched pages only, in order). Words are told
 * equal by their text alone: a word that only moved on its page is no change.
 */
export function textChanges(before: readonly PlacedWord[], after: readonly PlacedWord[], firstPages: { before: number; after: number }): FoundChange[] {
  const ids = new Map<string, number>();
  const tokens = (words: readonly PlacedWord[]) => Int32Array.from(words, (w) => ids.get(w.text) ?? ids.set(w.text, ids.size).get(w.text)!);
  const a = tokens(before);
  const b = tokens(after);
  const hunks = diffTokens(a, b);

  const key = (t: Int32Array, from: number, to: number) => t.subarray(from, to).join(',');
  const deletedRuns = new Map<string, Hunk[]>();
  for (const h of hunks) if (h.b0 === h.b1 && h.a1 - h.a0 >= MOVE_MIN_WORDS) deletedRuns.set(key(a, h.a0, h.a1), [...(deletedRuns.get(key(a, h.a0, h.a1)) ?? []), h]);
  const movedFrom = new Map<Hunk, Hunk>();
  for (const h of hunks) {
    if (h.a0 !== h.a1 || h.b1 - h.b0 < MOVE_MIN_WORDS) continue;
    const from = deletedRuns.get(key(b, h.b0, h.b1))?.shift();
    if (from) movedFrom.set(h, from);
  }
  const moved = new Set(movedFrom.values());

  const changes: FoundChange[] = [];
  for (const h of hunks) {
    if (moved.has(h)) continue;
    const gone = before.slice(h.a0, h.a1);
    const added = after.slice(h.b0, h.b1);
    const from = movedFrom.get(h);
    if (from) changes.push({ kind: 'moved', before: sideOf(before.slice(from.a0, from.a1)), after: sideOf(added) });
    else if (gone.length && added.length) changes.push({ kind: 'changed', before: sideOf(gone), after: sideOf(added) });
    else if (added.length) changes.push({ kind: 'inserted', before: placeOf(before, h.a0, firstPages.before), after: sideOf(added) });
    else changes.push({ kind: 'deleted', before: sideOf(gone), after: placeOf(after, h.b0, firstPages.after) });
  }
  return changes;
}
