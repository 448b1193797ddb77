/** A 1-based inclusive page range; `to` is null for an open end ("8-"). */
export interface PageRange {
  from: number;
  to: number | null;
}

const RANGE = /^(\d+)?\s*(-)?\s*(\d+)?$/;

/** One part of a range list ("5-3", "abc" → null). */
function parsePart(part: string): PageRange | null {
  const m = RANGE.exec(part);
  // "1 2" matches with no dash between the numbers: a typo, not page 1.
  if (!m || (!m[1] && !m[3]) || (!m[2] && m[1] && m[3])) return null;
  const from = m[1] ? Number(m[1]) : 1;
  const to = m[2] ? (m[3] ? Number(m[3]) : null) : from;
  if (from < 1 || (to !== null && to < from)) return null;
  return { from, to };
}

const partsOf = (text: string) => text.split(',').map((p) => p.trim()).filter(Boolean);

/** Parses "1-3, 5, 8-" into ranges. Returns null when the text is not a valid range list. */
export function parsePageRanges(text: string): PageRange[] | null {
  const parts = partsOf(text);
  if (parts.length === 0) return null;
  const out: PageRange[] = [];
  for (const part of parts) {
    const range = parsePart(part);
    if (!range) return null;
    out.push(range);
  }
  return out;
}

/** The first part of a list that is not a page range ("5-3" in "1-2, 5-3, abc"), so the page can name it. */
export function invalidRangePart(text: string): string | undefined {
  return partsOf(text).find((part) => !parsePart(part));
}

/** Whether a range runs past the last page ("10-20" on 14 pages): it is cut there, and the user is told. */
export function rangesPastEnd(ranges: readonly PageRange[], pageCount: number): boolean {
  return ranges.some((r) => r.to !== null && r.to > pageCount);
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
