import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

describe('upload', () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack({}, { worker: false });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-upload-'));
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('stores a PDF and answers code 1000 with a token', async () => {
    const v = visitor(stack.app);
    const res = await v.upload(fixture('pdf/pdfjs_tracemonkey.pdf'), 'merge-pdf');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1000, data: { name: 'pdfjs_tracemonkey.pdf', kind: 'pdf', size: 1016315 } });
    expect(res.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const row = await stack.deps.db.file.findUnique({ where: { token: res.body.token } });
    expect(row?.visitorId).toBeTruthy();
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);
  });

  it('refuses a renamed executable with 415 by its bytes', async () => {
    const exe = path.join(tmp, 'invoice.pdf');
    fs.writeFileSync(exe, Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4096, 0x00)]));
    const res = await visitor(stack.app).upload(exe);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('The file type is not supported');
  });

  it('refuses a file the chosen tool does not take', async () => {
    const res = await visitor(stack.app).upload(fixture('images/' + fs.readdirSync(fixture('images')).find((f) => f.endsWith('.png'))!), 'merge-pdf');
    expect(res.status).toBe(415);
  });

  it('refuses a 101 MB upload with 413 and keeps serving', async () => {
    const big = path.join(tmp, 'big.pdf');
    const fd = fs.openSync(big, 'w');
    fs.writeSync(fd, '%PDF-1.7\n');
    fs.ftruncateSync(fd, 101 * 1024 * 1024);
    fs.closeSync(fd);
    const res = await visitor(stack.app).upload(big).catch((e) => e.response ?? e);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Your File is Too Large');
    const again = await visitor(stack.app).upload(fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'));
    expect(again.body.code).toBe(1000);
    expect(fs.readdirSync(stack.deps.env.tmpDir).filter((f) => !f.startsWith('task-'))).toEqual([]);
  });

  it('refuses an empty file with FILE_EMPTY', async () => {
    const empty = path.join(tmp, 'empty.pdf');
    fs.writeFileSync(empty, '');
    const res = await visitor(stack.app).upload(empty, 'merge-pdf');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, error: 'FILE_EMPTY', message: 'This file is empty (0 bytes). Please choose the file again.' });
  });

  it('strips bidirectional and other control characters from the name', async () => {
    const v = visitor(stack.app);
    const named = async (name: string) => (await v.upload(fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'), undefined, name)).body.data.name;
    // Shown as "invoiceexe.pdf" with the override left in.
    expect(await named('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(await named('\u2066r\u00E9sum\u00E9\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u2067\u2068 2024\u0085.pdf')).toBe('r\u00E9sum\u00E9 2024.pdf');
    // Letters of right-to-left languages stay.
    expect(await named('\u0641\u0627\u062A\u0648\u0631\u0629.pdf')).toBe('\u0641\u0627\u062A\u0648\u0631\u0629.pdf');
  });

  it('refuses two files in one upload', async () => {
    const v = visitor(stack.app);
    const res = await v.agent
      .post('/api/miaohui/file/unLoginUpload')
      .attach('file', fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'))
      .attach('file', fixture('pdf/qpdf_incremental-1.pdf'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Only supports uploading a single file');
  });

  it('refuses a request without a file', async () => {
    const res = await visitor(stack.app).agent.post('/api/miaohui/file/unLoginUpload').field('toolType', 'merge-pdf');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('File upload failed');
  });

  it('needs a session for the signed-in upload route', async () => {
    const res = await visitor(stack.app).agent.post('/api/miaohui/file/upload').attach('file', fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'));
    expect(res.status).toBe(401);
  });
});
