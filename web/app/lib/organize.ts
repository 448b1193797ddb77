import { formatPageOrder, type OrderedPage } from '#shared/page-order';

export type Rotation = OrderedPage['rotate'];

/** An input of organize: its uid and, once pdf.js has read it, its page count. */
export interface SourceDoc {
  uid: string;
  pages?: number;
}

/** One page on the organize board: which file, which page of it, its extra turn, and whether it is left out. */
export interface BoardPage {
  uid: string;
  /** 1-based page number within its own file. */
  page: number;
  rotate: Rotation;
  removed: boolean;
}

/** Adds a turn of a multiple of 90 degrees, clockwise when positive: 90 - 180 → 270. */
export const addTurn = (angle: Rotation, delta: number) => ((((angle + delta) % 360) + 360) % 360) as Rotation;

export const boardKey = (p: Pick<BoardPage, 'uid' | 'page'>) => `${p.uid}:${p.page}`;

/**
 * The board for the current inputs: pages of removed files go, pages of files newly read are
 * appended in upload order. An empty board is the default order of every page.
 */
export function reconcileBoard(board: readonly BoardPage[], docs: readonly SourceDoc[]): BoardPage[] {
  const uids = new Set(docs.map((d) => d.uid));
  const kept = board.filter((p) => uids.has(p.uid));
  const seen = new Set(kept.map(boardKey));
  const added = docs.flatMap((d) =>
    Array.from({ length: d.pages ?? 0 }, (_, i) => ({ uid: d.uid, page: i + 1, rotate: 0 as Rotation, removed: false })).filter((p) => !seen.has(boardKey(p))),
  );
  return added.length === 0 && kept.length === board.length ? (board as BoardPage[]) : [...kept, ...added];
}

/** Moves the page at `from` to position `to` (clamped). */
export function movePage(board: readonly BoardPage[], from: number, to: number): BoardPage[] {
  const target = Math.max(0, Math.min(board.length - 1, to));
  if (from === target || from < 0 || from >= board.length) return [...board];
  const next = [...board];
  const [page] = next.splice(from, 1);
  next.splice(target, 0, page);
  return next;
}

/** Turns one page by a multiple of 90 degrees, clockwise when positive. */
export function rotatePage(board: readonly BoardPage[], index: number, delta: number): BoardPage[] {
  return board.map((p, i) => (i === index ? { ...p, rotate: addTurn(p.rotate, delta) } : p));
}

/** Leaves a page out of the result, or puts it back. */
export function toggleRemoved(board: readonly BoardPage[], index: number): BoardPage[] {
  return board.map((p, i) => (i === index ? { ...p, removed: !p.removed } : p));
}

export function restoreAll(board: readonly BoardPage[]): BoardPage[] {
  return board.map((p) => (p.removed ? { ...p, removed: false } : p));
}

/**
 * Alternates the files' pages: A1, B1, A2, B2, … Each file keeps its pages in their current
 * order (with their turns and removals); a longer file's remaining pages follow at the end.
 */
export function interleave(board: readonly BoardPage[], docs: readonly SourceDoc[]): BoardPage[] {
  const queues = docs.map((d) => board.filter((p) => p.uid === d.uid));
  const rounds = Math.max(0, ...queues.map((q) => q.length));
  const out: BoardPage[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const queue of queues) if (round < queue.length) out.push(queue[round]);
  }
  return out;
}

/**
 * The `order` field of organize: pages numbered across the inputs in upload order (file A
 * pages 1..nA, then file B from nA+1), each with its turn; removed pages are left out. Null
 * while a page count is unknown or when no page is kept.
 */
export function boardOrder(board: readonly BoardPage[], docs: readonly SourceDoc[]): string | null {
  const offsets = new Map<string, number>();
  let offset = 0;
  for (const d of docs) {
    if (d.pages === undefined) return null;
    offsets.set(d.uid, offset);
    offset += d.pages;
  }
  const kept = board.filter((p) => !p.removed);
  if (kept.length === 0) return null;
  return formatPageOrder(kept.map((p) => ({ page: offsets.get(p.uid)! + p.page, rotate: p.rotate })));
}
