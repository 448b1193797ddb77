import { describe, expect, it } from 'vitest';
import { admit, EDITOR_MAX_FILES, editCount, MAX_ZOOM, newTab, tabAfterKey, tabsReducer, type EditorTab } from '../../web/app/components/editor/editor-tabs';

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const tab = (id: string) => newTab(id, file(`${id}.pdf`), `blob:${id}`);
const whiteout = (id: string) => ({ type: 'add' as const, object: { id, op: { type: 'whiteout' as const, page: 1, rect: [0.1, 0.1, 0.2, 0.1] as [number, number, number, number] } } });

describe('the editor tabs', () => {
  it('keeps each tab its own objects, undo history and zoom', () => {
    let tabs: EditorTab[] = tabsReducer([], { type: 'open', tabs: [tab('a'), tab('b')] });
    tabs = tabsReducer(tabs, { type: 'doc', id: 'a', action: whiteout('w1') });
    tabs = tabsReducer(tabs, { type: 'doc', id: 'a', action: whiteout('w2') });
    tabs = tabsReducer(tabs, { type: 'doc', id: 'b', action: whiteout('w3') });
    tabs = tabsReducer(tabs, { type: 'doc', id: 'b', action: { type: 'undo' } });
    tabs = tabsReducer(tabs, { type: 'zoom', id: 'a', by: 2 });
    const [a, b] = tabs;
    expect(a.history.present.objects.map((o) => o.id)).toEqual(['w1', 'w2']);
    expect(editCount(a)).toBe(2);
    expect(editCount(b)).toBe(0);
    expect(b.history.future).toHaveLength(1);
    expect([a.zoom, b.zoom]).toEqual([2, 1]);
  });

  it('fits a tab to the width until the user zooms it, and keeps the zoom within its bounds', () => {
    let tabs = tabsReducer([], { type: 'open', tabs: [tab('a')] });
    tabs = tabsReducer(tabs, { type: 'fit', id: 'a', zoom: 0.6 });
    expect(tabs[0].zoom).toBe(0.6);
    tabs = tabsReducer(tabs, { type: 'zoom', id: 'a', by: 100 });
    expect(tabs[0].zoom).toBe(MAX_ZOOM);
    tabs = tabsReducer(tabs, { type: 'fit', id: 'a', zoom: 0.6 });
    expect(tabs[0].zoom).toBe(MAX_ZOOM);
  });

  it(`opens at most ${EDITOR_MAX_FILES} files and names the ones left out`, () => {
    const picked = Array.from({ length: 4 }, (_, i) => file(`f${i}.pdf`));
    const limits = { maxBytes: 10_000, isPdf: (f: File) => f.name.endsWith('.pdf') };
    const { accepted, leftOut, refused } = admit(picked, EDITOR_MAX_FILES - 2, limits);
    expect(accepted.map((f) => f.name)).toEqual(['f0.pdf', 'f1.pdf']);
    expect(leftOut).toEqual(['f2.pdf', 'f3.pdf']);
    expect(refused).toBeUndefined();
    expect(admit([file('big.pdf', 20_000)], 0, limits)).toEqual({ accepted: [], leftOut: [], refused: 'FILE_TOO_LARGE' });
    expect(admit([file('photo.jpg')], 0, limits)).toEqual({ accepted: [], leftOut: [], refused: 'UNSUPPORTED_TYPE' });
  });

  it('moves between tabs with the arrow keys, Home and End, wrapping around', () => {
    const ids = ['a', 'b', 'c'];
    expect(tabAfterKey(ids, 'a', 'ArrowRight')).toBe('b');
    expect(tabAfterKey(ids, 'c', 'ArrowRight')).toBe('a');
    expect(tabAfterKey(ids, 'a', 'ArrowLeft')).toBe('c');
    expect(tabAfterKey(ids, 'b', 'End')).toBe('c');
    expect(tabAfterKey(ids, 'b', 'Home')).toBe('a');
    expect(tabAfterKey(ids, 'b', 'Enter')).toBeUndefined();
  });
});
