import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture, pdfText, qpdfPages } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

/** LibreOffice starts on the first conversion (a few seconds), and a CI runner may be slow. */
const TASK_WAIT_MS = 120_000;

describe('Convert to PDF (Office, text, iWork) through the API', () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-office-'));
  });
  afterAll(async () => {
    // Stopping the stack closes its worker, and the worker closes the LibreOffice pool.
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Uploads one file for a tool, converts it and waits for the answer. */
  async function convert(file: string, toolType: string, name = path.basename(file)) {
    const v = visitor(stack.app);
    const upload = await v.upload(file, toolType, name);
    expect(upload.body, JSON.stringify(upload.body)).toMatchObject({ code: 1000 });
    const start = await v.transfer({ toolType, token: upload.body.token });
    expect(start.body).toMatchObject({ code: 500, result: { status: 'Doing' } });
    return { v, done: await v.waitForTask(start.body.id, TASK_WAIT_MS) };
  }

  async function download(v: ReturnType<typeof visitor>, url: string, name: string) {
    const out = await v.download(url, path.join(tmp, name));
    expect(out.headers['content-type']).toBe('application/pdf');
    return out.path;
  }

  it('converts a Word document with its headers', async () => {
    const { v, done } = await convert(fixture('office/unstructured_docx-hdrftr.docx'), 'word-to-pdf');
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done', progress: 1 } });
    const pdf = await download(v, done.result.fileurl!, 'word.pdf');
    expect(qpdfPages(pdf)).toBe(1);
    expect(pdfText(pdf)).toMatch(/First header para.*Main document/);
  }, 150_000);

  it('converts every sheet of a workbook', async () => {
    const { v, done } = await convert(fixture('office/unstructured_stanley-cups.xlsx'), 'excel-to-pdf');
    expect(done.result.status).toBe('Done');
    const pdf = await download(v, done.result.fileurl!, 'excel.pdf');
    expect(qpdfPages(pdf)).toBe(2);
    expect(pdfText(pdf)).toContain('Maple Leafs');
  }, 150_000);

  it('converts a presentation, one page per slide', async () => {
    const { v, done } = await convert(fixture('office/pypptx_tbl-cell.pptx'), 'ppt-to-pdf');
    expect(done.result.status).toBe('Done');
    const pdf = await download(v, done.result.fileurl!, 'ppt.pdf');
    expect(qpdfPages(pdf)).toBe(3);
    expect(pdfText(pdf)).toContain('unladen swallows');
  }, 150_000);

  it('converts plain text with CJK and a form feed', async () => {
    const txt = path.join(tmp, 'notes.txt');
    fs.writeFileSync(txt, 'First page, 中文 and 日本語\n\fSecond page\n');
    const { v, done } = await convert(txt, 'txt-to-pdf');
    expect(done.result.status).toBe('Done');
    const pdf = await download(v, done.result.fileurl!, 'txt.pdf');
    expect(qpdfPages(pdf)).toBe(2);
    expect(pdfText(pdf)).toContain('First page, 中文 and 日本語 Second page');
  }, 150_000);

  it('converts a Keynote deck, and answers with the preview and a notice where the import fails', async () => {
    const keynote = await convert(fixture('iwork/libetonyek_keynote5-file.key'), 'iwork-to-pdf');
    expect(keynote.done.result.status).toBe('Done');
    expect(keynote.done.result.notice).toBeUndefined();
    expect(pdfText(await download(keynote.v, keynote.done.result.fileurl!, 'key.pdf'))).toContain('Title slide');

    const pages = await convert(fixture('iwork/libetonyek_pages4-file.pages'), 'iwork-to-pdf');
    expect(pages.done.result).toMatchObject({ status: 'Done', notice: 'IWORK_PREVIEW' });
    expect(qpdfPages(await download(pages.v, pages.done.result.fileurl!, 'pages.pdf'))).toBeGreaterThan(0);
  }, 150_000);

  it('fails a password-protected document with a message that says so', async () => {
    // An encrypted .docx, as Word writes it: an OLE container around the encrypted package.
    const protectedDocx = path.join(tmp, 'protected');
    fs.mkdirSync(protectedDocx);
    execFileSync('/usr/bin/python3', [path.resolve(import.meta.dirname, '../support/make-office-fixtures.py'), protectedDocx], { stdio: 'ignore' });
    const { done } = await convert(path.join(protectedDocx, 'protected.docx'), 'word-to-pdf');
    expect(done).toMatchObject({ code: 500, result: { status: 'Failed', errorCode: 'OFFICE_PROTECTED' } });
    expect(done.result.message).toBe('This document is password-protected. Remove the password and try again.');
  }, 150_000);

  it('refuses at upload a file whose bytes are no office document', async () => {
    const v = visitor(stack.app);
    const res = await v.upload(fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'), 'word-to-pdf', 'report.docx');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('The file type is not supported');
  });
});
