/**
 * What compare-pdf finds, as its JSON output gives it and the result page reads it. Positions are
 * in points from the page's top-left corner, as poppler gives them; each side's page sizes are in
 * `pages`, so a viewer can place a box at any zoom.
 */

/** A rectangle on a 1-based page, in points from the page's top-left corner. */
export interface PageRect {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type ChangeKind = 'changed' | 'inserted' | 'deleted' | 'moved' | 'pageInserted' | 'pageDeleted' | 'visual';
export const CHANGE_KINDS: readonly ChangeKind[] = ['changed', 'inserted', 'deleted', 'moved', 'pageInserted', 'pageDeleted', 'visual'];

/**
 * Where a change stands on one document: the page it starts on, its boxes (a line each; a box of no
 * width marks where words were inserted or deleted) and its words.
 */
export interface ChangeSide {
  page: number;
  rects: PageRect[];
  text: string;
}

export interface Change {
  /** 1-based, in the order of the later document. */
  id: number;
  kind: ChangeKind;
  /** On the earlier document (absent for an inserted page). */
  before?: ChangeSide;
  /** On the later document (absent for a deleted page). */
  after?: ChangeSide;
}

export interface ComparePages {
  width: number;
  height: number;
}

export interface CompareReport {
  /** No change of any kind was found. */
  identical: boolean;
  mode: 'text' | 'visual';
  pages: { before: ComparePages[]; after: ComparePages[] };
  /** The pages matched, in order: [before page, after page], 1-based, null where a page has no counterpart. */
  pairs: Array<[number | null, number | null]>;
  changes: Change[];
}
