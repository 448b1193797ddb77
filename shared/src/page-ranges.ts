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
    if (!m || (!m[1] && !m[3])) return null;
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
