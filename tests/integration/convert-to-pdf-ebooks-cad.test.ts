import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture, pdfText, qpdfPages } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

function zipNames(file: string): string[] {
  return execFileSync('python3', ['-c', 'import sys,zipfile;print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', file], { encoding: 'utf8' })
    .trim()
    .split('\n');
}

/** calibre takes a few seconds per book on a quiet machine, far longer on a busy one. */
const BOOK_WAIT_MS = 180_000;

describe('convert to PDF: eBooks and CAD drawings', () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-ebooks-cad-'));
    stack = await startStack();
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it(
    'converts two eBooks in one task into two PDFs and a zip',
    async () => {
      const v = visitor(stack.app);
      const epub = await v.uploadToken(fixture('ebooks/epubcheck_lorem_epub2.epub'), 'ebooks-to-pdf');
      const comic = await v.uploadToken(fixture('ebooks/komga_rar4_3pages.cbr'), 'ebooks-to-pdf');
      const start = await v.transfer({ toolType: 'ebooks-to-pdf', urls: `${epub};${comic}`, pagesize: 'letter' });
      expect(start.body).toMatchObject({ code: 500, result: { status: 'Doing' } });
      const done = await v.waitForTask(start.body.id, BOOK_WAIT_MS);
      expect(done).toMatchObject({ code: 1000, result: { status: 'Done', progress: 1 } });
      expect(done.result.pdfurls).toHaveLength(2);
      const book = await v.download(done.result.pdfurls![0], path.join(tmp, 'book.pdf'));
      expect(book.headers['content-type']).toBe('application/pdf');
      expect(pdfText(book.path)).toContain('Lorem ipsum dolor sit amet');
      expect(execFileSync('pdfinfo', [book.path], { encoding: 'utf8' })).toMatch(/Page size:\s+612 x 792/);
      expect(qpdfPages((await v.download(done.result.pdfurls![1], path.join(tmp, 'comic.pdf'))).path)).toBe(3);
      const zip = await v.download(done.result.zipurl!, path.join(tmp, 'books.zip'));
      expect(zipNames(zip.path).sort()).toEqual(['epubcheck_lorem_epub2.pdf', 'komga_rar4_3pages.pdf']);
    },
    BOOK_WAIT_MS + 30_000,
  );

  it('accepts up to 9 books and refuses a tenth with the spec message', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('ebooks/komga_zip_1page.cbz'), 'ebooks-to-pdf');
    const tooMany = await v.transfer({ toolType: 'ebooks-to-pdf', urls: Array(10).fill(token).join(';') });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Your file number too much');
  });

  it('takes its books-per-task limit from EBOOK_MAX_FILES: at 3, a fourth book is refused', async () => {
    const three = await startStack({ EBOOK_MAX_FILES: 3 }, { worker: false });
    try {
      const v = visitor(three.app);
      const token = await v.uploadToken(fixture('ebooks/komga_zip_1page.cbz'), 'ebooks-to-pdf');
      const ok = await v.transfer({ toolType: 'ebooks-to-pdf', urls: Array(3).fill(token).join(';') });
      expect(ok.body).toMatchObject({ code: 500, result: { status: 'Doing' } });
      const tooMany = await v.transfer({ toolType: 'ebooks-to-pdf', urls: Array(4).fill(token).join(';') });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.message).toBe('Your file number too much');
    } finally {
      await three.stop();
    }
  });

  it('refuses a file that is no eBook at upload', async () => {
    const v = visitor(stack.app);
    const res = await v.upload(fixture('pdf/pdfjs_tracemonkey.pdf'), 'ebooks-to-pdf');
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('The file type is not supported');
    const renamed = await v.upload(fixture('ebooks/komga_7zip_1page.cb7'), 'ebooks-to-pdf', 'archive.7z');
    expect(renamed.status).toBe(415);
  });

  it('fails a DRM-protected book with a clear message', async () => {
    const locked = path.join(tmp, 'kindle.mobi');
    const bytes = fs.readFileSync(fixture('ebooks/libmobi_sample-cp1252.mobi'));
    bytes.writeUInt16BE(2, bytes.readUInt32BE(78) + 12);
    fs.writeFileSync(locked, bytes);
    const v = visitor(stack.app);
    const token = await v.uploadToken(locked, 'ebooks-to-pdf');
    const done = await v.waitForTask((await v.transfer({ toolType: 'ebooks-to-pdf', token })).body.id);
    expect(done.result).toMatchObject({ status: 'Failed', errorCode: 'EBOOK_DRM', message: 'This eBook is protected by DRM and cannot be converted' });
  });

  it('converts a DWG to a vector PDF', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('cad/libredwg_example_2018.dwg'), 'dwg-to-pdf');
    const done = await v.waitForTask((await v.transfer({ toolType: 'dwg-to-pdf', token, pagesize: 'a3' })).body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done' } });
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'drawing.pdf'));
    expect(out.headers['content-type']).toBe('application/pdf');
    expect(qpdfPages(out.path)).toBe(1);
    expect(pdfText(out.path)).toContain('Teksto granda nur por testi.');
    expect(execFileSync('pdfimages', ['-list', out.path], { encoding: 'utf8' }).trim().split('\n')).toHaveLength(2);
  });

  it('converts a DWG to a JPG at the resolution asked for', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('cad/libredwg_r14_v.dwg'), 'dwg-to-jpg');
    const done = await v.waitForTask((await v.transfer({ toolType: 'dwg-to-jpg', token, dpi: '100' })).body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done' } });
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'drawing.jpg'));
    expect(out.headers['content-disposition']).toMatch(/filename="libredwg_r14_v\.jpg"/);
    const meta = await sharp(out.path).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 827, 1169]);
  });

  it('refuses a DPI out of range and a DXF that is only text', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('cad/libredwg_sample_2018.dxf'), 'dwg-to-jpg');
    const res = await v.transfer({ toolType: 'dwg-to-jpg', token, dpi: 5000 });
    expect(res.status).toBe(400);
    const notes = path.join(tmp, 'notes.dxf');
    fs.writeFileSync(notes, 'Just some notes.\n');
    expect((await v.upload(notes, 'dwg-to-pdf')).status).toBe(415);
  });
});
