import { describe, expect, it } from 'vitest';
import { parsePageOrder } from '#shared/page-order';
import {
  addTurn,
  boardOrder,
  interleave,
  movePage,
  reconcileBoard,
  restoreAll,
  rotatePage,
  toggleRemoved,
  type BoardPage,
  type SourceDoc,
} from '../../web/app/lib/organize';

const A: SourceDoc = { uid: 'a', pages: 3 };
const B: SourceDoc = { uid: 'b', pages: 2 };
const keys = (board: BoardPage[]) => board.map((p) => `${p.uid}${p.page}${p.rotate ? `r${p.rotate}` : ''}${p.removed ? 'x' : ''}`);

describe('organize board', () => {
  it('starts with every page of every file in upload order, numbered across the files', () => {
    const board = reconcileBoard([], [A, B]);
    expect(keys(board)).toEqual(['a1', 'a2', 'a3', 'b1', 'b2']);
    expect(boardOrder(board, [A, B])).toBe('1,2,3,4,5');
  });

  it('sends exactly the order shown: moves, turns and removals', () => {
    let board = reconcileBoard([], [A, B]);
    board = movePage(board, 4, 0); // b2 first
    board = rotatePage(board, 1, 90); // a1 turned right
    board = rotatePage(board, 2, -90); // a2 turned left
    board = toggleRemoved(board, 3); // a3 left out
    expect(keys(board)).toEqual(['b2', 'a1r90', 'a2r270', 'a3x', 'b1']);
    const order = boardOrder(board, [A, B])!;
    expect(order).toBe('5,1r90,2r270,4');
    expect(parsePageOrder(order)).toEqual([
      { page: 5, rotate: 0 },
      { page: 1, rotate: 90 },
      { page: 2, rotate: 270 },
      { page: 4, rotate: 0 },
    ]);
  });

  it('numbers pages by upload order even when the grid shows file B first', () => {
    const board = interleave(reconcileBoard([], [B, A]), [B, A]);
    expect(keys(board)).toEqual(['b1', 'a1', 'b2', 'a2', 'a3']);
    expect(boardOrder(board, [B, A])).toBe('1,3,2,4,5');
  });

  it('interleaves A1, B1, A2, B2… keeping each file’s own order and turns, the longer file’s rest at the end', () => {
    let board = reconcileBoard([], [A, B]);
    board = movePage(board, 2, 0); // a3, a1, a2, b1, b2
    board = rotatePage(board, 4, 180); // b2 upside down
    expect(keys(interleave(board, [A, B]))).toEqual(['a3', 'b1', 'a1', 'b2r180', 'a2']);
    const C: SourceDoc = { uid: 'c', pages: 1 };
    expect(keys(interleave(reconcileBoard([], [A, B, C]), [A, B, C]))).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('turns a page round in quarter turns and puts removed pages back', () => {
    expect(addTurn(270, 90)).toBe(0);
    expect(addTurn(0, -90)).toBe(270);
    expect(addTurn(90, 180)).toBe(270);
    const removed = toggleRemoved(toggleRemoved(reconcileBoard([], [A]), 0), 2);
    expect(keys(removed)).toEqual(['a1x', 'a2', 'a3x']);
    expect(keys(toggleRemoved(removed, 0))).toEqual(['a1', 'a2', 'a3x']);
    expect(keys(restoreAll(removed))).toEqual(['a1', 'a2', 'a3']);
  });

  it('clamps a move past either end', () => {
    const board = reconcileBoard([], [A]);
    expect(keys(movePage(board, 0, 99))).toEqual(['a2', 'a3', 'a1']);
    expect(keys(movePage(board, 2, -5))).toEqual(['a3', 'a1', 'a2']);
  });

  it('keeps the arrangement when files come and go: new pages are appended, a removed file’s pages go', () => {
    const arranged = movePage(reconcileBoard([], [A]), 2, 0);
    const withB = reconcileBoard(arranged, [A, B]);
    expect(keys(withB)).toEqual(['a3', 'a1', 'a2', 'b1', 'b2']);
    expect(keys(reconcileBoard(withB, [B]))).toEqual(['b1', 'b2']);
    // Nothing changed: the same board comes back, so memoized views keep their cells.
    expect(reconcileBoard(withB, [A, B])).toBe(withB);
  });

  it('waits for every page count and refuses a result without pages', () => {
    const unread: SourceDoc = { uid: 'c' };
    const board = reconcileBoard([], [A, unread]);
    expect(keys(board)).toEqual(['a1', 'a2', 'a3']);
    expect(boardOrder(board, [A, unread])).toBeNull();
    const none = [0, 1, 2].reduce((b, i) => toggleRemoved(b, i), reconcileBoard([], [A]));
    expect(boardOrder(none, [A])).toBeNull();
  });
});
