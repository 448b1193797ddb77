/**
 * A diff of two token sequences as the regions where they differ. Patience first (tokens found once
 * on each side anchor the match, so a moved paragraph or an inserted page does not drag unrelated
 * common words along), then Myers' O(ND) algorithm between anchors, where a region too different to
 * be worth the search is given whole as one change.
 */

/** Tokens a0..a1 (exclusive) of the first sequence became b0..b1 of the second; one side may be empty. */
export interface Hunk {
  a0: number;
  a1: number;
  b0: number;
  b1: number;
}

/** Edits beyond which Myers' search gives up on a region (its memory grows with their square). */
const MAX_EDITS = 1500;

export function diffTokens(a: ArrayLike<number>, b: ArrayLike<number>): Hunk[] {
  const hunks: Hunk[] = [];
  diffRange(a, 0, a.length, b, 0, b.length, hunks);
  hunks.sort((x, y) => x.a0 - y.a0 || x.b0 - y.b0);
  // Neighbouring regions with nothing equal between them are one change.
  const merged: Hunk[] = [];
  for (const h of hunks) {
    const last = merged.at(-1);
    if (last && last.a1 === h.a0 && last.b1 === h.b0) {
      last.a1 = h.a1;
      last.b1 = h.b1;
    } else merged.push({ ...h });
  }
  return merged;
}

function diffRange(a: ArrayLike<number>, a0: number, a1: number, b: ArrayLike<number>, b0: number, b1: number, out: Hunk[]): void {
  while (a0 < a1 && b0 < b1 && a[a0] === b[b0]) a0++, b0++;
  while (a1 > a0 && b1 > b0 && a[a1 - 1] === b[b1 - 1]) a1--, b1--;
  if (a0 === a1 && b0 === b1) return;
  if (a0 === a1 || b0 === b1) {
    out.push({ a0, a1, b0, b1 });
    return;
  }
  const anchors = uniqueAnchors(a, a0, a1, b, b0, b1);
  if (anchors.length === 0) {
    myers(a, a0, a1, b, b0, b1, out);
    return;
  }
  let pa = a0;
  let pb = b0;
  for (const [i, j] of anchors) {
    diffRange(a, pa, i, b, pb, j, out);
    pa = i + 1;
    pb = j + 1;
  }
  diffRange(a, pa, a1, b, pb, b1, out);
}

/** Tokens found exactly once in each range, the longest run of them that keeps its order on both sides. */
function uniqueAnchors(a: ArrayLike<number>, a0: number, a1: number, b: ArrayLike<number>, b0: number, b1: number): Array<[number, number]> {
  const seen = new Map<number, { ca: number; cb: number; ia: number; ib: number }>();
  for (let i = a0; i < a1; i++) {
    const s = seen.get(a[i]);
    if (s) s.ca++;
    else seen.set(a[i], { ca: 1, cb: 0, ia: i, ib: -1 });
  }
  for (let j = b0; j < b1; j++) {
    const s = seen.get(b[j]);
    if (s) {
      s.cb++;
      s.ib = j;
    }
  }
  const pairs = [...seen.values()].filter((s) => s.ca === 1 && s.cb === 1).map((s) => [s.ia, s.ib] as [number, number]);
  pairs.sort((x, y) => x[0] - y[0]);
  return longestIncreasing(pairs);
}

/** The longest subsequence of pairs (sorted by their first) whose seconds increase: patience sorting. */
function longestIncreasing(pairs: Array<[number, number]>): Array<[number, number]> {
  const tails: number[] = [];
  const prev = new Int32Array(pairs.length).fill(-1);
  pairs.forEach(([, j], k) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]][1] < j) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[k] = tails[lo - 1];
    tails[lo] = k;
  });
  const result: Array<[number, number]> = [];
  for (let k = tails.at(-1) ?? -1; k >= 0; k = prev[k]) result.push(pairs[k]);
  return result.reverse();
}

/** Myers' greedy shortest edit script over one region, its deleted and inserted tokens grouped into hunks. */
function myers(a: ArrayLike<number>, a0: number, a1: number, b: ArrayLike<number>, b0: number, b1: number, out: Hunk[]): void {
  const n = a1 - a0;
  const m = b1 - b0;
  const limit = Math.min(n + m, MAX_EDITS);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= limit && found < 0; d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) x++, y++;
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) {
    out.push({ a0, a1, b0, b1 });
    return;
  }
  const deleted = new Uint8Array(n);
  const inserted = new Uint8Array(m);
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const saved = trace[d];
    const at = (k: number) => saved[k + d];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) x--, y--;
    if (x === prevX) inserted[prevY] = 1;
    else deleted[prevX] = 1;
    x = prevX;
    y = prevY;
  }
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if ((i < n && deleted[i]) || (j < m && inserted[j])) {
      const h = { a0: a0 + i, a1: 0, b0: b0 + j, b1: 0 };
      while ((i < n && deleted[i]) || (j < m && inserted[j])) {
        if (i < n && deleted[i]) i++;
        else j++;
      }
      out.push({ ...h, a1: a0 + i, b1: b0 + j });
    } else i++, j++;
  }
}
