import { describe, expect, it } from 'vitest';
import { alignPages, pageSignature } from '../../worker/src/compare/align-pages';
import type { PlacedWord } from '../../worker/src/compare/document-words';
import { textChanges } from '../../worker/src/compare/text-changes';
import { diffTokens } from '../../worker/src/compare/word-diff';

const words = (text: string, page = 1): PlacedWord[] =>
  text.split(' ').map((t, i) => ({ text: t, page, line: Math.floor(i / 8), x0: (i % 8) * 50, y0: Math.floor(i / 8) * 14, x1: (i % 8) * 50 + 40, y1: Math.floor(i / 8) * 14 + 11 }));
/** A page of distinct words, `seed` apart from the others. */
const prose = (seed: number, n = 60) => Array.from({ length: n }, (_, i) => `w${seed}x${i}`);

describe('compare: matching pages and words', () => {
  it('keeps an inserted page alone instead of shifting the pages after it', () => {
    const before = [1, 2, 3, 4].map((s) => pageSignature(prose(s)));
    const after = [1, 2, 9, 3, 4].map((s) => pageSignature(prose(s)));
    expect(alignPages(before, after)).toEqual([[1, 1], [2, 2], [null, 3], [3, 4], [4, 5]]);
  });

  it('gives a changed word, an insertion and a deletion as one region each', () => {
    const a = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    const b = [1, 2, 30, 4, 5, 55, 6, 8, 9];
    expect(diffTokens(a, b)).toEqual([
      { a0: 2, a1: 3, b0: 2, b1: 3 },
      { a0: 5, a1: 5, b0: 5, b1: 6 },
      { a0: 6, a1: 7, b0: 7, b1: 7 },
    ]);
  });

  it('finds a paragraph moved as one change, not a deletion and an insertion', () => {
    const [p1, p2, p3, p4] = [prose(1, 20), prose(2, 12), prose(3, 20), prose(4, 20)].map((p) => p.join(' '));
    const changes = textChanges(words(`${p1} ${p2} ${p3} ${p4}`), words(`${p1} ${p3} ${p2} ${p4}`), { before: 1, after: 1 });
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: 'moved', after: { text: p2 }, before: { text: p2 } });
  });
});
