/** A 1-based inclusive page range; `to` is null for an open end ("8-"). */
export interface PageRange {
  from: number;
  to: number | null;
}

const RANGE = /^(\d+)?\s*(-)?\s*(\d+)?$/;

/** Parses "1-3, 5, 8-" into ranges. Returns null when the text is not a valid range list. */
export function parsePageRanges(text: string): PageRange[] | null {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return null;
  const out: PageRange[] = [];
  for (const part of parts) {
    const m = RANGE.exec(part);
    // "1 2" matches with no dash between the numbers: a typo, not page 1.
    if (!m || (!m[1] && !m[3]) || (!m[2] && m[1] && m[3])) return null;
    const from = m[1] ? Number(m[1]) : 1;
    const to = m[2] ? (m[3] ? Number(m[3]) : null) : from;
    if (from < 1 || (to !== null && to < from)) return null;
    out.push({ from, to });
  }
  return out;
}

/** Resolves ranges against a page count; null when a range starts beyond the last page. */
export function resolvePageRanges(ranges: PageRange[], pageCount: number): Array<[number, number]> | null {
  const out: Array<[number, number]> = [];
  for (const r of ranges) {
    const to = Math.min(r.to ?? pageCount, pageCount);
    if (r.from > pageCount) return null;
    out.push([r.from, to]);
  }
  return out;
}

/** Resolved ranges as a qpdf page range ("1-3,5,8-14"). */
export function toQpdfRange(ranges: ReadonlyArray<readonly [number, number]>): string {
  return ranges.map(([a, b]) => (a === b ? String(a) : `${a}-${b}`)).join(',');
}

/** The set of 1-based pages the resolved ranges cover. */
export function pagesIn(ranges: ReadonlyArray<readonly [number, number]>): Set<number> {
  const set = new Set<number>();
  for (const [a, b] of ranges) for (let p = a; p <= b; p++) set.add(p);
  return set;
}

/** Consecutive pages as resolved ranges: [1,2,3,7] → [[1,3],[7,7]]. */
export function compactPages(pages: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const p of pages) {
    const last = out[out.length - 1];
    if (last && p === last[1] + 1) last[1] = p;
    else out.push([p, p]);
  }
  return out;
}
