import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeResultString } from '#shared/api';
import { randomId } from '#shared/server/ids';
import { visitor } from '../support/api-client';
import { fixture, pdfText, qpdfPages } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

describe('transfer, progress and download', () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-transfer-'));
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('merges two PDFs in the given order and serves the result', async () => {
    const v = visitor(stack.app);
    const a = await v.uploadToken(fixture('pdf/pypdf_multicolumn.pdf'), 'merge-pdf');
    const b = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'), 'merge-pdf');
    const start = await v.transfer({ toolType: 'merge-pdf', urls: `${b};${a}`, downloadId: 'x'.repeat(32), clientId: 'c1' });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ code: 500, result: { status: 'Doing', progress: 0 } });
    const done = await v.waitForTask(start.body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done', progress: 1 } });
    expect(decodeResultString(done.resultString)).toEqual(done.result);
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'merged.pdf'));
    expect(out.headers['content-type']).toBe('application/pdf');
    expect(Number(out.headers['content-length'])).toBe(done.result.filesize);
    expect(qpdfPages(out.path)).toBe(14 + 3);
    const text = pdfText(out.path);
    expect(text.indexOf('Trace-based Just-in-Time')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Trace-based Just-in-Time')).toBeLessThan(text.indexOf(pdfText(fixture('pdf/pypdf_multicolumn.pdf')).slice(0, 40)));
  });

  it('splits by page ranges into several PDFs and one zip', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'), 'split-pdf');
    const start = await v.transfer({ toolType: 'split-pdf', token, pages: '1-3, 5, 12-' });
    const done = await v.waitForTask(start.body.id);
    expect(done.result.status).toBe('Done');
    expect(done.result.pdfurls).toHaveLength(3);
    const counts = [];
    for (const [i, url] of done.result.pdfurls!.entries()) counts.push(qpdfPages((await v.download(url, path.join(tmp, `part${i}.pdf`))).path));
    expect(counts).toEqual([3, 1, 3]);
    const zip = await v.download(done.result.zipurl!, path.join(tmp, 'parts.zip'));
    expect(zip.headers['content-type']).toBe('application/zip');
    const names = execFileSync('python3', ['-c', 'import sys,zipfile;print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', zip.path], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(names).toHaveLength(3);
    expect(names.every((n) => n.endsWith('.pdf'))).toBe(true);
    // Named by the source and the pages, not "Part 1" and a task id.
    expect(done.result.names).toEqual(['pdfjs_tracemonkey-1-3.pdf', 'pdfjs_tracemonkey-5.pdf', 'pdfjs_tracemonkey-12-14.pdf']);
    expect(zip.headers['content-disposition']).toContain('pdfjs_tracemonkey-pages.zip');
    expect(done.result.notice).toBeUndefined();
  });

  it('tells the user when a range went past the last page and was cut there', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'), 'split-pdf');
    const done = await v.waitForTask((await v.transfer({ toolType: 'split-pdf', token, pages: '1-2, 10-20' })).body.id);
    expect(done.result).toMatchObject({ status: 'Done', notice: 'PAGES_CUT', names: ['pdfjs_tracemonkey-1-2.pdf', 'pdfjs_tracemonkey-10-14.pdf'] });
    expect(qpdfPages((await v.download(done.result.pdfurls![1], path.join(tmp, 'cut.pdf'))).path)).toBe(5);
  });

  it('sanitizes a PDF and answers what it found and removed, kind by kind, in the result and its resultString', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/sheaf_everything-to-sanitize.pdf'));
    const done = await v.waitForTask((await v.transfer({ toolType: 'sanitize-pdf', token, comments: 'false' })).body.id);
    const found = { javascript: 5, attachments: 2, links: 5, layers: 1, metadata: 2, comments: 2, formdata: 2 };
    expect(done.result).toMatchObject({ status: 'Done', report: { tool: 'sanitize-pdf', found, removed: { ...found, comments: 0 } } });
    expect(decodeResultString(done.resultString)).toEqual(done.result);
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'sanitized.pdf'));
    expect(pdfText(out.path)).not.toContain('Jane Secret');
  });

  it('says how many of the pages found a repair recovered, in the answer and its resultString', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_bug1795263_no-xref.pdf'), 'repair-pdf');
    const done = await v.waitForTask((await v.transfer({ toolType: 'repair-pdf', token })).body.id);
    expect(done.result).toMatchObject({ status: 'Done', notice: 'REPAIRED', noticeParams: { recovered: 1, found: 1 } });
    expect(decodeResultString(done.resultString).noticeParams).toEqual({ recovered: 1, found: 1 });
  });

  it('splits every N pages', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const done = await v.waitForTask((await v.transfer({ toolType: 'split-pdf', token, splitcount: '5' })).body.id);
    expect(done.result.pdfurls).toHaveLength(3);
  });

  it('compresses an image-heavy PDF and never returns a larger file', async () => {
    const v = visitor(stack.app);
    const input = fixture('pdf/pdfjs_images.pdf');
    const token = await v.uploadToken(input);
    const done = await v.waitForTask((await v.transfer({ toolType: 'compress-pdf', token, compress: 'high' })).body.id);
    expect(done.result.status).toBe('Done');
    expect(done.result.filesize!).toBeLessThan(fs.statSync(input).size / 2);
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'small.pdf'));
    expect(qpdfPages(out.path)).toBe(1);
  });

  it('answers 400 ILLEGAL_INPUT naming unknown fields and bad JSON', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const unknown = await v.transfer({ toolType: 'split-pdf', token, bogus: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'ILLEGAL_INPUT', message: 'bogus is not an option of split-pdf (its options: splitcount, pages, bookmarklevel, maxsize)' });
    const badJson = await v.agent.post('/api/miaohui/file/unLoginTransfer').set('Content-Type', 'application/json').send('{"toolType":');
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ error: 'ILLEGAL_INPUT', message: 'The request body is not valid JSON' });
    const zero = await v.transfer({ toolType: 'split-pdf', token, splitcount: 0 });
    expect(zero.status).toBe(400);
    const badRanges = await v.transfer({ toolType: 'split-pdf', token, pages: '5-2' });
    expect(badRanges.status).toBe(400);
  });

  it('answers 400 ILLEGAL_INPUT naming unknown fields on progress, history and delete', async () => {
    const v = visitor(stack.app);
    const progress = await v.agent.post('/api/miaohui/file/transferProgress').send({ id: 'nosuchtask1', bogus: 1 });
    expect(progress.status).toBe(400);
    expect(progress.body.message).toBe('bogus is not a field of this request');
    // The spec's own extra fields are still accepted.
    expect((await v.agent.post('/api/miaohui/file/transferProgress').send({ id: 'nosuchtask1', token: 't', file: null, userToken: 'u' })).status).toBe(404);

    const user = await stack.deps.db.user.create({ data: { email: `strict.${randomId(8)}@example.com`, name: 'Strict' } });
    const session = randomId(48);
    await stack.deps.db.session.create({ data: { token: session, userId: user.id, expiresAt: new Date(Date.now() + 3600_000) } });
    const signedIn = (route: string, body: object) => request(stack.app).post(`/api/miaohui/file/${route}`).set('Cookie', `sheafUserToken=${session}`).send(body);
    for (const [route, body] of [
      ['historyTasks', { pageNum: 1, pageSize: 10, bogus: 1 }],
      ['deleteTasks', { ids: ['nosuchtask1'], bogus: true }],
    ] as const) {
      const res = await signedIn(route, body);
      expect(res.status, route).toBe(400);
      expect(res.body.message, route).toBe('bogus is not a field of this request');
    }
    expect((await signedIn('historyTasks', { pageNum: 1, pageSize: 10, fileIds: 'a,b', token: 't' })).body).toMatchObject({ code: 0, data: { total: 0 } });
    expect((await signedIn('deleteTasks', { ids: ['nosuchtask1'] })).body).toEqual({ code: 0, data: 0 });
  });

  it('refuses a protect password outside 2–20 characters with the length message', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pypdf_multicolumn.pdf'), 'protect-pdf');
    for (const [password, message] of [
      ['x'.repeat(21), 'Password should be 2–20 characters'],
      ['x', 'Password should be 2–20 characters'],
      ['', 'Password cannot be empty'],
    ]) {
      const res = await v.transfer({ toolType: 'protect-pdf', token, userpassword: password });
      expect(res.status, password).toBe(400);
      expect(res.body.message, password).toBe(message);
    }
    const done = await v.waitForTask((await v.transfer({ toolType: 'protect-pdf', token, userpassword: 'y'.repeat(20) })).body.id);
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'protected.pdf'));
    const check = (password: string) => execFileSync('qpdf', ['--requires-password', `--password=${password}`, out.path], { stdio: 'pipe' });
    // qpdf exits 0 when a password other than the given one is needed, 3 when the given one opens the file.
    expect(() => check('')).not.toThrow();
    expect(() => check('y'.repeat(20))).toThrow();
  });

  it('refuses wrong file counts with the spec messages', async () => {
    const v = visitor(stack.app);
    const a = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const b = await v.uploadToken(fixture('pdf/pypdf_multicolumn.pdf'));
    const one = await v.transfer({ toolType: 'merge-pdf', urls: a });
    expect(one.status).toBe(400);
    expect(one.body.message).toMatch(/at least two/);
    const two = await v.transfer({ toolType: 'compress-pdf', urls: `${a};${b}` });
    expect(two.body.message).toBe('Only supports uploading a single file');
    const many = await v.transfer({ toolType: 'merge-pdf', urls: Array(31).fill(a).join(';') });
    expect(many.body.message).toBe('Your file number too much');
  });

  it('answers a tool it does not know with a clear error', async () => {
    const v = visitor(stack.app);
    const a = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const unknownTool = await v.transfer({ toolType: 'pdf-to-nothing', token: a });
    expect(unknownTool.status).toBe(400);
  });

  it("never serves someone else's file or task", async () => {
    const owner = visitor(stack.app);
    const other = visitor(stack.app);
    const token = await owner.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const done = await owner.waitForTask((await owner.transfer({ toolType: 'split-pdf', token, splitcount: 7 })).body.id);
    expect((await other.transfer({ toolType: 'split-pdf', token })).status).toBe(404);
    expect((await other.progress(done.id)).status).toBe(404);
    expect((await other.agent.get(done.result.pdfurls![0])).status).toBe(404);
    expect((await other.agent.get(done.result.zipurl!)).status).toBe(404);
    expect((await other.agent.get(`/api/miaohui/file/download/${token}`)).status).toBe(404);
  });

  it('fails an encrypted input with a message that points to Unlock PDF', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/qpdf_c-r4_aes128.pdf'));
    const done = await v.waitForTask((await v.transfer({ toolType: 'compress-pdf', token })).body.id);
    expect(done).toMatchObject({ code: 500, message: 'This task could not be finished. Please try again.', result: { status: 'Failed' } });
    expect(done.result.message).toMatch(/Unlock PDF/);
  });

  it('repairs damaged PDFs', async () => {
    const v = visitor(stack.app);
    const a = await v.uploadToken(fixture('pdf/pdfjs_bug1795263_no-xref.pdf'));
    const b = await v.uploadToken(fixture('pdf/pdfjs_issue7229_broken-offsets.pdf'));
    const done = await v.waitForTask((await v.transfer({ toolType: 'merge-pdf', urls: `${a};${b}` })).body.id);
    expect(done.result.status).toBe('Done');
    expect(qpdfPages((await v.download(done.result.fileurl!, path.join(tmp, 'repaired.pdf'))).path)).toBe(3);
  });
});
