/** One page of an organize result: a 1-based page number across all inputs, plus extra rotation. */
export interface OrderedPage {
  page: number;
  rotate: 0 | 90 | 180 | 270;
}

const ITEM = /^(\d+)(?:r(90|180|270))?$/;

/** Parses "3,1r90,2"; null when any item is malformed. */
export function parsePageOrder(text: string): OrderedPage[] | null {
  const items = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) return null;
  const out: OrderedPage[] = [];
  for (const item of items) {
    const m = ITEM.exec(item);
    if (!m || Number(m[1]) < 1) return null;
    out.push({ page: Number(m[1]), rotate: (m[2] ? Number(m[2]) : 0) as OrderedPage['rotate'] });
  }
  return out;
}

export function formatPageOrder(pages: OrderedPage[]): string {
  return pages.map((p) => (p.rotate ? `${p.page}r${p.rotate}` : String(p.page))).join(',');
}
