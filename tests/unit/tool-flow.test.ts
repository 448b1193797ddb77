import { describe, expect, it } from 'vitest';
import { encodeResultString, type TaskAnswer, type TaskResult } from '#shared/api';
import { ERRORS } from '#shared/errors';
import { batchSettled, flowReducer, initialFlow, type FileItem, type FlowState } from '../../web/app/components/tool-flow/flow-state';
import { messageForAnswer, thumbUrl } from '../../web/app/lib/api-client';
import { batchZipUrl } from '../../web/app/lib/batch';
import { localizePath, langFromPath, stripLang } from '../../web/app/lib/i18n';
import { readProgress, readTransfer } from '../../web/app/lib/task-outcome';

const item = (uid: string, patch: Partial<FileItem> = {}): FileItem => ({
  uid,
  name: `${uid}.pdf`,
  size: 1000,
  raw: {} as File,
  objectURL: `blob:${uid}`,
  status: 'ready',
  progress: 0,
  fileNameToken: `tok-${uid}`,
  ...patch,
});

const answer = (code: 1000 | 500, result: TaskResult): TaskAnswer => ({ code, id: 't1', result, resultString: encodeResultString(result) });

describe('flow state', () => {
  const withFiles = (...files: FileItem[]): FlowState => ({ ...initialFlow, files });

  it('sets ready with progress 0 when an upload succeeds', () => {
    const s = flowReducer(withFiles(item('a', { status: 'uploading', progress: 0.8 })), { type: 'uploaded', uid: 'a', token: 'T' });
    expect(s.files[0]).toMatchObject({ status: 'ready', progress: 0, fileNameToken: 'T' });
  });

  it('moves every ready file to convert when the conversion starts, and to success or convertFaild after', () => {
    const started = flowReducer(withFiles(item('a'), item('b')), { type: 'start' });
    expect(started.files.map((f) => f.status)).toEqual(['convert', 'convert']);
    expect(started.task).toEqual({ phase: 'processing', progress: 0 });
    expect(flowReducer(started, { type: 'done', result: { status: 'Done', progress: 1 } }).files.map((f) => f.status)).toEqual(['success', 'success']);
    const failed = flowReducer(started, { type: 'fail', error: { code: 'TASK_FAILED' } });
    expect(failed.files.map((f) => f.status)).toEqual(['convertFaild', 'convertFaild']);
    expect(flowReducer(failed, { type: 'start' }).files.map((f) => f.status)).toEqual(['convert', 'convert']);
  });

  it('reorders files, clamping the target position', () => {
    const s = withFiles(item('a'), item('b'), item('c'));
    expect(flowReducer(s, { type: 'move', uid: 'c', to: 0 }).files.map((f) => f.uid)).toEqual(['c', 'a', 'b']);
    expect(flowReducer(s, { type: 'move', uid: 'a', to: 9 }).files.map((f) => f.uid)).toEqual(['b', 'c', 'a']);
  });

  it('marks a file pdf.js could not open without its password', () => {
    const s = flowReducer(withFiles(item('a')), { type: 'preview', uid: 'a', locked: true });
    expect(s.files[0]).toMatchObject({ locked: true, previewFailed: true, pages: undefined });
  });

  it('goes back to the options with the file still uploaded after a wrong password, until the options change', () => {
    const started = flowReducer(withFiles(item('a')), { type: 'start' });
    const recovered = flowReducer(started, { type: 'recover', error: { code: 'WRONG_PASSWORD' } });
    expect(recovered.task).toEqual({ phase: 'select' });
    expect(recovered.files[0]).toMatchObject({ status: 'ready', fileNameToken: 'tok-a' });
    expect(recovered.optionsError).toEqual({ code: 'WRONG_PASSWORD' });
    expect(flowReducer(recovered, { type: 'clearOptionsError' }).optionsError).toBeUndefined();
    expect(flowReducer(recovered, { type: 'start' }).optionsError).toBeUndefined();
  });

  it('runs a batch with each file carrying its own progress, result and failure', () => {
    let s = flowReducer(withFiles(item('a'), item('b'), item('c')), { type: 'batchStart' });
    expect(s.task).toEqual({ phase: 'batch' });
    expect(s.files.map((f) => f.status)).toEqual(['convert', 'convert', 'convert']);
    s = flowReducer(s, { type: 'fileProgress', uid: 'b', progress: 0.5 });
    expect(s.files.map((f) => f.progress)).toEqual([0, 0.5, 0]);
    s = flowReducer(s, { type: 'fileDone', uid: 'a', taskId: 'T1', result: { status: 'Done', progress: 1, fileurl: '/a' } });
    s = flowReducer(s, { type: 'fileFail', uid: 'b', taskId: 'T2', error: { code: 'WRONG_PASSWORD' } });
    expect(batchSettled(s.files)).toBe(false);
    s = flowReducer(s, { type: 'fileDone', uid: 'c', taskId: 'T3', result: { status: 'Done', progress: 1, fileurl: '/c' } });
    expect(batchSettled(s.files)).toBe(true);
    expect(s.files.map((f) => [f.status, f.taskId])).toEqual([
      ['success', 'T1'],
      ['convertFaild', 'T2'],
      ['success', 'T3'],
    ]);
    s = flowReducer(s, { type: 'fileRetry', uid: 'b' });
    expect(s.files[1]).toMatchObject({ status: 'convert', progress: 0, error: undefined, taskId: undefined });
    expect(batchSettled(s.files)).toBe(false);
  });

  it('starts over with an empty list', () => {
    expect(flowReducer(withFiles(item('a')), { type: 'reset' })).toEqual(initialFlow);
  });
});

describe('task answers', () => {
  it('keeps polling while Doing and reports the progress', () => {
    expect(readTransfer(answer(500, { status: 'Doing', progress: 0 }))).toEqual({ kind: 'wait', progress: 0 });
    expect(readProgress(answer(500, { status: 'Doing', progress: 0.4 }))).toEqual({ kind: 'wait', progress: 0.4 });
  });

  it('succeeds on Done with an output, and on an immediate 1000 that is not Failed', () => {
    const done: TaskResult = { status: 'Done', progress: 1, fileurl: '/x' };
    expect(readProgress(answer(1000, done))).toEqual({ kind: 'done', result: done });
    expect(readTransfer(answer(1000, { status: 'Done', progress: 1, pdfurls: ['/a', '/b'] })).kind).toBe('done');
    expect(readProgress(answer(1000, { status: 'Done', progress: 1 })).kind).toBe('fail');
  });

  it('fails with the task message when Failed', () => {
    expect(readProgress(answer(500, { status: 'Failed', progress: 0, message: 'This PDF is damaged and could not be repaired' }))).toEqual({
      kind: 'fail',
      error: { text: 'This PDF is damaged and could not be repaired' },
    });
  });

  it('translates a failure that names its error code, so the page can react to it', () => {
    expect(readProgress(answer(500, { status: 'Failed', progress: 0, message: 'The password is incorrect. Please try again.', errorCode: 'WRONG_PASSWORD' }))).toEqual({
      kind: 'fail',
      error: { code: 'WRONG_PASSWORD' },
    });
    expect(readProgress(answer(500, { status: 'Failed', progress: 0, message: 'Something new', errorCode: 'NOT_A_CODE' }))).toEqual({
      kind: 'fail',
      error: { text: 'Something new' },
    });
  });

  it('reads resultString when result is missing', () => {
    const result: TaskResult = { status: 'Done', progress: 1, fileurl: '/x' };
    const bare = { code: 1000, id: 't', resultString: encodeResultString(result) } as unknown as TaskAnswer;
    expect(readProgress(bare)).toEqual({ kind: 'done', result });
  });
});

describe('error answers', () => {
  it('maps catalogue messages and statuses to error codes, and keeps other messages as sent', () => {
    expect(messageForAnswer(400, { code: 400, message: 'Only supports uploading a single file' })).toEqual({ code: 'SINGLE_FILE_ONLY' });
    expect(messageForAnswer(413, {})).toEqual({ code: 'FILE_TOO_LARGE' });
    expect(messageForAnswer(415, undefined)).toEqual({ code: 'UNSUPPORTED_TYPE' });
    expect(messageForAnswer(429, { code: 410, message: ERRORS.TOO_FREQUENT.message })).toEqual({ code: 'TOO_FREQUENT' });
    expect(messageForAnswer(400, { code: 400, message: 'Something new' })).toEqual({ text: 'Something new' });
    // A refused field is named in English for API clients; the page shows the catalogue's words in its language.
    expect(messageForAnswer(400, { code: 400, error: 'ILLEGAL_INPUT', message: 'language must be one of eng, fra or deu' })).toEqual({ code: 'ILLEGAL_INPUT' });
    expect(messageForAnswer(502, 'gateway')).toEqual({ code: 'INTERNAL' });
  });
});

describe('batch and thumbnail addresses', () => {
  it('zips several tasks with their ids joined by commas', () => {
    expect(batchZipUrl(['t1', 't2', 't3'])).toBe('/api/miaohui/file/zip/t1,t2,t3');
    expect(batchZipUrl(['a b'])).toBe('/api/miaohui/file/zip/a%20b');
  });

  it('asks for a page thumbnail by file token and 1-based page', () => {
    expect(thumbUrl('tok_123', 7)).toBe('/api/miaohui/file/thumb/tok_123/7');
  });
});

describe('language paths', () => {
  it('maps a page to the other language', () => {
    expect(langFromPath('/fr/merge-pdf')).toBe('fr');
    expect(langFromPath('/fresh')).toBe('en');
    expect(stripLang('/fr')).toBe('/');
    expect(localizePath('/merge-pdf', 'fr')).toBe('/fr/merge-pdf');
    expect(localizePath('/fr/merge-pdf', 'en')).toBe('/merge-pdf');
    expect(localizePath('/', 'fr')).toBe('/fr');
    expect(localizePath('/fr', 'en')).toBe('/');
  });
});
