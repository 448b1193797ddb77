import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture, pdfText } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

/** PDF to JPG, PDF to TXT and PDF OCR through the API: upload, transfer, progress, download. */
describe('PDF to JPG, TXT and OCR', () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-convert-from-pdf-'));
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('renders the pages of a PDF as JPG images, served one by one and as a zip', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pypdf_multicolumn.pdf'), 'pdf-to-jpg');
    const done = await v.waitForTask((await v.transfer({ toolType: 'pdf-to-jpg', token, dpi: '72' })).body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done', progress: 1 } });
    expect(done.result.imageurls).toHaveLength(3);
    expect(done.result.fileurl).toBeUndefined();
    const first = await v.download(done.result.imageurls![0], path.join(tmp, 'page-1.jpg'));
    expect(first.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(first.path).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 596, 842]);
    const zip = await v.download(done.result.zipurl!, path.join(tmp, 'pages.zip'));
    const names = execFileSync('python3', ['-c', 'import sys,zipfile;print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', zip.path], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(names.sort()).toEqual(['pypdf_multicolumn-1.jpg', 'pypdf_multicolumn-2.jpg', 'pypdf_multicolumn-3.jpg']);
  });

  it('hands back the images a PDF contains', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_images.pdf'));
    const done = await v.waitForTask((await v.transfer({ toolType: 'pdf-to-jpg', token, mode: 'images', outtype: 'png' })).body.id);
    expect(done.result.imageurls).toHaveLength(5);
    const image = await v.download(done.result.imageurls![1], path.join(tmp, 'image-2.png'));
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.path).metadata()).width).toBe(500);
  });

  it('answers 400 for a resolution out of range and a format it does not write', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pypdf_multicolumn.pdf'));
    expect((await v.transfer({ toolType: 'pdf-to-jpg', token, dpi: 30 })).status).toBe(400);
    expect((await v.transfer({ toolType: 'pdf-to-jpg', token, outtype: 'gif' })).status).toBe(400);
  });

  it('extracts the text of a PDF, a form feed between pages', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pypdf_multicolumn.pdf'), 'pdf-to-txt');
    const done = await v.waitForTask((await v.transfer({ toolType: 'pdf-to-txt', token })).body.id);
    expect(done.result.status).toBe('Done');
    const txt = await v.download(done.result.fileurl!, path.join(tmp, 'text.txt'));
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    const body = fs.readFileSync(txt.path, 'utf8');
    expect(body.split('\f')).toHaveLength(3);
    expect(body).toContain('Two-Column Document with Lorem Ipsum');
  });

  it('makes a scanned PDF searchable in the language asked for', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('scanned/ocrmypdf_francais.pdf'), 'pdf-ocr');
    const done = await v.waitForTask((await v.transfer({ toolType: 'pdf-ocr', token, language: 'fra', outtype: 'pdf' })).body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done' } });
    expect(done.result.pdfurl).toBe(done.result.fileurl);
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'francais.pdf'));
    expect(out.headers['content-type']).toBe('application/pdf');
    expect(pdfText(out.path)).toContain('Portez ce vieux whisky au juge blond qui fume sur son île');
  });

  it('reads a TIFF image into plain text', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('scanned/tesseract_phototest.tif'), 'pdf-ocr');
    const done = await v.waitForTask((await v.transfer({ toolType: 'pdf-ocr', token, outtype: 'txt' })).body.id);
    expect(done.result.status).toBe('Done');
    const txt = await v.download(done.result.fileurl!, path.join(tmp, 'phototest.txt'));
    expect(fs.readFileSync(txt.path, 'utf8')).toContain('The quick brown dog jumped over the');
  });

  it('answers 400 for a language it has no data for', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('scanned/ocrmypdf_francais.pdf'));
    const res = await v.transfer({ toolType: 'pdf-ocr', token, language: 'eng+klingon' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ILLEGAL_INPUT');
    expect(res.body.message).toMatch(/^language must be one of eng, fra, /);
    expect((await v.transfer({ toolType: 'pdf-ocr', token, outtype: 'rtf' })).status).toBe(400);
  });
});
