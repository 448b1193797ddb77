import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture, pdfText, qpdfPages } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(buf: Buffer): { width: number; height: number } {
  let i = 2;
  while (i < buf.length) {
    const marker = buf[i + 1];
    const length = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  throw new Error('no SOF marker');
}

const binary = (res: { body: unknown }) => res.body as Buffer;
const getBinary = (agent: ReturnType<typeof visitor>['agent'], url: string) =>
  agent.get(url).buffer(true).parse((r, cb) => {
    const chunks: Buffer[] = [];
    r.on('data', (c: Buffer) => chunks.push(c));
    r.on('end', () => cb(null, Buffer.concat(chunks)));
  });

describe('page grid and organize/security tools through the API', () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-organize-'));
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('renders page thumbnails on demand, caches them and knows where the document ends', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const first = await getBinary(v.agent, `/api/miaohui/file/thumb/${token}/1`);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(jpegSize(binary(first)).width).toBe(200);
    const last = await getBinary(v.agent, `/api/miaohui/file/thumb/${token}/14`);
    expect(last.status).toBe(200);
    expect(binary(last).equals(binary(first))).toBe(false);
    expect((await v.agent.get(`/api/miaohui/file/thumb/${token}/15`)).status).toBe(404);
    expect((await stack.deps.db.file.findUniqueOrThrow({ where: { token } })).pages).toBe(14);
    expect((await visitor(stack.app).agent.get(`/api/miaohui/file/thumb/${token}/1`)).status).toBe(404);
  });

  it('answers a thumbnail of a password-protected file with a clear error', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/qpdf_c-r4_aes128.pdf'));
    const res = await v.agent.get(`/api/miaohui/file/thumb/${token}/1`);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/Unlock PDF/);
  });

  it('deletes pages, and refuses to delete every page', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const done = await v.waitForTask((await v.transfer({ toolType: 'delete-pages', token, pages: '2-14' })).body.id);
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'one.pdf'));
    expect(qpdfPages(out.path)).toBe(1);
    const all = await v.waitForTask((await v.transfer({ toolType: 'delete-pages', token, pages: '1-' })).body.id);
    expect(all.result).toMatchObject({ status: 'Failed', errorCode: 'CANNOT_DELETE_ALL' });
  });

  it('organizes pages of two files in the order sent, rotating one', async () => {
    const v = visitor(stack.app);
    const a = await v.uploadToken(fixture('pdf/pypdf_multicolumn.pdf'));
    const b = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const done = await v.waitForTask((await v.transfer({ toolType: 'organize-pdf', urls: `${a};${b}`, order: '4,1r90,17' })).body.id);
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'organized.pdf'));
    expect(qpdfPages(out.path)).toBe(3);
    const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', out.path, '-'], { encoding: 'utf8' });
    expect(firstPage).toContain('Trace-based Just-in-Time');
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '3', out.path], { encoding: 'utf8' });
    expect([...info.matchAll(/Page +(\d) rot: +(\d+)/g)].map((m) => Number(m[2]))).toEqual([0, 90, 0]);
  });

  it('protects with a password and unlocks it again, retrying a wrong password without a new upload', async () => {
    const v = visitor(stack.app);
    const empty = await v.transfer({ toolType: 'protect-pdf', token: await v.uploadToken(fixture('pdf/pypdf_multicolumn.pdf')), userpassword: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Password cannot be empty');

    const token = await v.uploadToken(fixture('pdf/pypdf_multicolumn.pdf'));
    const done = await v.waitForTask((await v.transfer({ toolType: 'protect-pdf', token, userpassword: 's3cret', encryption: 'aes256' })).body.id);
    const locked = await v.download(done.result.fileurl!, path.join(tmp, 'locked.pdf'));
    expect(() => execFileSync('qpdf', ['--requires-password', locked.path])).not.toThrow(); // exit 0: needs a password

    const again = await v.uploadToken(locked.path);
    const wrong = await v.waitForTask((await v.transfer({ toolType: 'unlock-pdf', token: again, password: 'guess' })).body.id);
    expect(wrong.result).toMatchObject({ status: 'Failed', errorCode: 'WRONG_PASSWORD', message: 'The password is incorrect. Please try again.' });
    const right = await v.waitForTask((await v.transfer({ toolType: 'unlock-pdf', token: again, password: 's3cret' })).body.id);
    const open = await v.download(right.result.fileurl!, path.join(tmp, 'open.pdf'));
    expect(pdfText(open.path)).toBe(pdfText(fixture('pdf/pypdf_multicolumn.pdf')));
  });

  it('zips the results of a batch of one-file tasks', async () => {
    const v = visitor(stack.app);
    const ids = [];
    for (const f of ['pdf/pypdf_multicolumn.pdf', 'pdf/pdfjs_tracemonkey.pdf']) {
      const token = await v.uploadToken(fixture(f));
      ids.push((await v.waitForTask((await v.transfer({ toolType: 'rotate-pdf', token, angle: 90 })).body.id)).id);
    }
    const zip = await v.download(`/api/miaohui/file/zip/${ids.join(',')}`, path.join(tmp, 'batch.zip'));
    const names = execFileSync('python3', ['-c', 'import sys,zipfile;print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', zip.path], { encoding: 'utf8' }).trim().split('\n');
    expect(names.sort()).toEqual(['pdfjs_tracemonkey-rotated.pdf', 'pypdf_multicolumn-rotated.pdf']);
    expect((await visitor(stack.app).agent.get(`/api/miaohui/file/zip/${ids.join(',')}`)).status).toBe(404);
  });
});
