import { describe, expect, it } from 'vitest';
import type { FileItem } from '../../web/app/components/tool-flow/flow-state';
import { deleteOptions } from '../../web/app/components/tool-flow/options-delete';
import { organizeOptions } from '../../web/app/components/tool-flow/options-organize';
import { protectOptions } from '../../web/app/components/tool-flow/options-protect';
import { rotateOptions } from '../../web/app/components/tool-flow/options-rotate';
import { unlockOptions } from '../../web/app/components/tool-flow/options-unlock';
import { movePage, reconcileBoard, rotatePage, toggleRemoved } from '../../web/app/lib/organize';

const file = (uid: string, patch: Partial<FileItem> = {}): FileItem => ({
  uid,
  name: `${uid}.pdf`,
  size: 1000,
  raw: {} as File,
  objectURL: `blob:${uid}`,
  status: 'ready',
  progress: 0,
  fileNameToken: `tok-${uid}`,
  pages: 14,
  ...patch,
});

describe('delete pages request', () => {
  const doc = file('a');

  it('sends the selected pages as ranges', () => {
    expect(deleteOptions.toRequest({ uid: 'a', selected: new Set([1, 3, 4, 5]) }, [doc])).toEqual({ ok: true, fields: { pages: '2,4-6' } });
  });

  it('refuses to remove every page, and waits for a selection', () => {
    const all = new Set(Array.from({ length: 14 }, (_, i) => i));
    expect(deleteOptions.toRequest({ uid: 'a', selected: all }, [doc])).toEqual({ ok: false, hint: null });
    expect(deleteOptions.toRequest({ uid: 'a', selected: new Set() }, [doc])).toEqual({ ok: false, hint: 'options.delete.hintSelect' });
  });

  it('ignores a selection made on another file', () => {
    expect(deleteOptions.toRequest({ uid: 'old', selected: new Set([0]) }, [doc])).toEqual({ ok: false, hint: 'options.delete.hintSelect' });
  });

  it('says why the pages cannot be picked yet', () => {
    expect(deleteOptions.toRequest(deleteOptions.initial, [file('a', { pages: undefined })])).toEqual({ ok: false, hint: 'grid.reading' });
    expect(deleteOptions.toRequest(deleteOptions.initial, [file('a', { pages: undefined, previewFailed: true, locked: true })])).toEqual({
      ok: false,
      hint: 'errors.PDF_ENCRYPTED',
    });
  });
});

describe('rotate request', () => {
  it('needs a turn, and turns every page when none is picked', () => {
    expect(rotateOptions.toRequest(rotateOptions.initial, [file('a')])).toEqual({ ok: false, hint: 'options.rotate.hintAngle' });
    expect(rotateOptions.toRequest({ angle: 270, selected: new Set() }, [file('a')])).toEqual({ ok: true, fields: { angle: 270 } });
  });

  it('sends the picked pages, but not when every page is picked', () => {
    expect(rotateOptions.toRequest({ angle: 90, uid: 'a', selected: new Set([0, 1, 2]) }, [file('a')])).toEqual({ ok: true, fields: { angle: 90, pages: '1-3' } });
    const all = new Set(Array.from({ length: 14 }, (_, i) => i));
    expect(rotateOptions.toRequest({ angle: 90, uid: 'a', selected: all }, [file('a')])).toEqual({ ok: true, fields: { angle: 90 } });
  });

  it('turns every page of each file in a batch', () => {
    expect(rotateOptions.toRequest({ angle: 180, uid: 'a', selected: new Set([0]) }, [file('a'), file('b')])).toEqual({ ok: true, fields: { angle: 180 } });
  });
});

describe('organize request', () => {
  const files = [file('a', { pages: 3 }), file('b', { pages: 2 })];

  it('sends the order shown across both files', () => {
    let board = reconcileBoard([], files);
    board = movePage(board, 3, 0);
    board = rotatePage(board, 2, 90);
    board = toggleRemoved(board, 4);
    expect(organizeOptions.toRequest({ board }, files)).toEqual({ ok: true, fields: { order: '4,1,2r90,3' } });
    expect(organizeOptions.toRequest(organizeOptions.initial, files)).toEqual({ ok: true, fields: { order: '1,2,3,4,5' } });
  });

  it('waits until every file can be read', () => {
    expect(organizeOptions.toRequest(organizeOptions.initial, [...files, file('c', { pages: undefined, locked: true, previewFailed: true })])).toEqual({
      ok: false,
      hint: 'errors.PDF_ENCRYPTED',
    });
  });
});

describe('protect request', () => {
  const value = (password: string, confirm = password) => ({ password, confirm, encryption: 'aes128' as const });

  it('refuses an empty or one-character password, and two that differ', () => {
    expect(protectOptions.toRequest(value(''), [])).toEqual({ ok: false, hint: 'errors.PASSWORD_EMPTY' });
    expect(protectOptions.toRequest(value('x'), [])).toEqual({ ok: false, hint: 'errors.PASSWORD_LENGTH' });
    expect(protectOptions.toRequest(value('secret', 'secrte'), [])).toEqual({ ok: false, hint: 'options.protect.mismatch' });
  });

  it('sends the password with AES-128 by default, AES-256 when chosen', () => {
    expect(protectOptions.initial.encryption).toBe('aes128');
    expect(protectOptions.toRequest(value('ab'), [])).toEqual({ ok: true, fields: { userpassword: 'ab', encryption: 'aes128' } });
    expect(protectOptions.toRequest({ ...value('ab'), encryption: 'aes256' }, [])).toEqual({ ok: true, fields: { userpassword: 'ab', encryption: 'aes256' } });
  });
});

describe('unlock request', () => {
  it('needs a password only for a file that asks for one to open', () => {
    expect(unlockOptions.toRequest({ password: '' }, [file('a', { locked: true })])).toEqual({ ok: false, hint: 'errors.PASSWORD_EMPTY' });
    expect(unlockOptions.toRequest({ password: '' }, [file('a')])).toEqual({ ok: true, fields: { password: '' } });
    expect(unlockOptions.toRequest({ password: 'user2' }, [file('a', { locked: true })])).toEqual({ ok: true, fields: { password: 'user2' } });
  });

  it('asks for the password again after a wrong one instead of failing', () => {
    expect(unlockOptions.recoverable).toContain('WRONG_PASSWORD');
  });
});
