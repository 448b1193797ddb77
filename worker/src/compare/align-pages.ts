/**
 * Matches the pages of two versions of a document before anything is compared, so that an inserted
 * or deleted page stands alone instead of shifting every later pair. A dynamic programme over the
 * two page sequences keeps their order and maximises the summed similarity of the pairs it makes.
 */

/** Below this similarity two pages are not the same page edited, but one page removed and another put in. */
const MIN_SIMILARITY = 0.3;

/** Pages with fewer words than this are told apart by how they look (when that is known), not by their words. */
export const FEW_WORDS = 3;

/** The words of a page as a set of hashes, kept to its `SKETCH` smallest: enough to estimate overlap cheaply. */
const SKETCH = 64;

export interface PageSignature {
  /** Sorted, distinct, at most SKETCH of the page's word hashes. */
  sketch: Uint32Array;
  words: number;
  /** A 16 x 16 grey thumbnail, when the pages were rendered. */
  thumb?: Uint8Array;
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function pageSignature(words: readonly string[], thumb?: Uint8Array): PageSignature {
  // Word pairs rather than words: two pages of the same language share most single words.
  const hashes = new Set<number>();
  for (let i = 0; i < words.length; i++) hashes.add(hash(`${words[i]} ${words[i + 1] ?? ''}`));
  const sketch = Uint32Array.from([...hashes].sort((x, y) => x - y).slice(0, SKETCH));
  return { sketch, words: words.length, thumb };
}

/** Estimated Jaccard similarity of two bottom-k sketches. */
function sketchSimilarity(a: Uint32Array, b: Uint32Array): number {
  const k = Math.min(SKETCH, new Set([...a, ...b]).size);
  if (k === 0) return 1;
  // The k smallest of the union, and how many of them both hold.
  let i = 0;
  let j = 0;
  let both = 0;
  for (let taken = 0; taken < k; taken++) {
    if (j >= b.length || (i < a.length && a[i] < b[j])) i++;
    else if (i >= a.length || b[j] < a[i]) j++;
    else {
      both++;
      i++;
      j++;
    }
  }
  return both / k;
}

function thumbSimilarity(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return 1 - sum / (255 * a.length);
}

export function pageSimilarity(a: PageSignature, b: PageSignature): number {
  const fewA = a.words < FEW_WORDS;
  const fewB = b.words < FEW_WORDS;
  if (fewA !== fewB) return 0;
  if (!fewA) return sketchSimilarity(a.sketch, b.sketch);
  // Two pictures or blank pages: alike when they look alike, or, unseen, as likely the same page as not.
  return a.thumb && b.thumb ? Math.max(0, 2 * thumbSimilarity(a.thumb, b.thumb) - 1) : 0.5;
}

/** The pages' pairs in order, 1-based: [before, after], null where a page has no counterpart. */
export function alignPages(before: readonly PageSignature[], after: readonly PageSignature[]): Array<[number | null, number | null]> {
  const n = before.length;
  const m = after.length;
  const score = new Float64Array((n + 1) * (m + 1));
  // 0: skip a page of `before`, 1: skip one of `after`, 2: pair them.
  const step = new Uint8Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = 0; i <= n; i++)
    for (let j = 0; j <= m; j++) {
      if (i === 0 && j === 0) continue;
      let best = -1;
      let move = 0;
      if (i > 0 && score[at(i - 1, j)] > best) (best = score[at(i - 1, j)]), (move = 0);
      if (j > 0 && score[at(i, j - 1)] > best) (best = score[at(i, j - 1)]), (move = 1);
      if (i > 0 && j > 0) {
        const s = pageSimilarity(before[i - 1], after[j - 1]);
        if (s >= MIN_SIMILARITY && score[at(i - 1, j - 1)] + s > best) (best = score[at(i - 1, j - 1)] + s), (move = 2);
      }
      score[at(i, j)] = best;
      step[at(i, j)] = move;
    }
  const pairs: Array<[number | null, number | null]> = [];
  for (let i = n, j = m; i > 0 || j > 0; ) {
    const move = step[at(i, j)];
    if (move === 2) pairs.push([i--, j--]);
    else if (move === 0) pairs.push([i--, null]);
    else pairs.push([null, j--]);
  }
  return pairs.reverse();
}
