import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

const PDF = fixture('pdf/pdfjs_tracemonkey.pdf');
const DOCX = fixture('office/pydocx_tbl-having-tables.docx');
const ONE_PAGE = fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf');
type Visitor = ReturnType<typeof visitor>;

/** The name a download is saved under, from its Content-Disposition's UTF-8 form. */
const savedAs = (headers: Record<string, string>) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(headers['content-disposition'])![1]);

describe('what the API answers: refused fields named, unknown files, result names', () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-answers-'));
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Uploads a fixture under the name a user would have given it. */
  async function upload(v: Visitor, file: string, name: string, toolType?: string) {
    const res = await v.upload(file, toolType, name);
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000);
    return res.body.token as string;
  }

  describe('a refused option names the field and what it takes', () => {
    it('compress-pdf: a level it does not have, as a word or a number', async () => {
      const v = visitor(stack.app);
      const token = await upload(v, PDF, 'report.pdf');
      for (const compress of ['huge', 95, 15]) {
        const res = await v.transfer({ toolType: 'compress-pdf', token, compress });
        expect(res.status, String(compress)).toBe(400);
        expect(res.body).toEqual({
          code: 400,
          error: 'ILLEGAL_INPUT',
          message: 'compress must be one of low, medium, high, custom or 10–90 in steps of 10',
          data: { fields: [{ field: 'compress', message: 'compress must be one of low, medium, high, custom or 10–90 in steps of 10', allowed: ['low', 'medium', 'high', 'custom', '10–90 in steps of 10'] }] },
        });
      }
      const custom = await v.transfer({ toolType: 'compress-pdf', token, compress: 'custom' });
      expect(custom.body.message).toBe('rate is required for custom');
      expect((await v.transfer({ toolType: 'compress-pdf', token, compress: 'custom', rate: 50 })).body.message).toBe('rate must be at least 100');
      expect(await stack.deps.db.task.count({ where: { inputTokens: { has: token } } })).toBe(0);
    });

    it('pdf-ocr: the languages it has data for, listed', async () => {
      const v = visitor(stack.app);
      const token = await upload(v, fixture('scanned/ocrmypdf_francais.pdf'), 'scan.pdf');
      const klingon = await v.transfer({ toolType: 'pdf-ocr', token, language: 'eng+klingon' });
      expect(klingon.status).toBe(400);
      expect(klingon.body.error).toBe('ILLEGAL_INPUT');
      expect(klingon.body.message).toBe('language must be one of eng, fra, deu, spa, ita, por, chi_sim or up to 3 of them joined by "+" (eng+fra)');
      expect(klingon.body.data.fields[0]).toMatchObject({ field: 'language', allowed: expect.arrayContaining(['eng', 'fra', 'chi_sim']) });
      expect((await v.transfer({ toolType: 'pdf-ocr', token, language: 'eng+fra+deu+spa' })).body.message).toBe('language must name one to 3 different languages');
      // Two fields wrong at once: both named.
      const two = await v.transfer({ toolType: 'pdf-ocr', token, outtype: 'rtf', redo: 'maybe' });
      expect(two.body.message).toBe('outtype must be one of word, excel, ppt, txt or pdf; redo must be true or false');
      expect(two.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['outtype', 'redo']);
    });

    it('pdf-to-jpg and split-pdf: bounds and enums', async () => {
      const v = visitor(stack.app);
      const token = await upload(v, PDF, 'report.pdf');
      expect((await v.transfer({ toolType: 'pdf-to-jpg', token, dpi: 20 })).body.message).toBe('dpi must be at least 72');
      expect((await v.transfer({ toolType: 'pdf-to-jpg', token, quality: 'best' })).body.message).toBe('quality must be one of low, medium or high');
      expect((await v.transfer({ toolType: 'split-pdf', token, splitcount: 0 })).body.message).toBe('splitcount must be at least 1');
      // A refinement that names a catalogue code still answers with it.
      expect((await v.transfer({ toolType: 'split-pdf', token, pages: '5-2' })).body).toMatchObject({ error: 'INVALID_PAGES', message: 'The page ranges are not valid for this document' });
    });

    it('names an unknown field, an unknown tool, a missing file and a body that is not JSON', async () => {
      const v = visitor(stack.app);
      const token = await upload(v, PDF, 'report.pdf');
      const bogus = await v.transfer({ toolType: 'split-pdf', token, bogus: 1 });
      expect(bogus.status).toBe(400);
      expect(bogus.body.message).toBe('bogus is not an option of split-pdf (its options: splitcount, pages, bookmarklevel, maxsize)');
      const tool = await v.transfer({ toolType: 'explode-pdf', token });
      expect(tool.status).toBe(400);
      expect(tool.body.message).toMatch(/^toolType must be the id of a tool, one of merge-pdf, split-pdf, compress-pdf, /);
      expect((await v.transfer({ toolType: 'split-pdf' })).body.message).toMatch(/^token is required/);
      const json = await v.agent.post('/api/miaohui/file/unLoginTransfer').set('Content-Type', 'application/json').send('{"toolType":');
      expect(json.status).toBe(400);
      expect(json.body).toMatchObject({ error: 'ILLEGAL_INPUT', message: 'The request body is not valid JSON' });
      const strict = await v.agent.post('/api/miaohui/file/transferProgress').send({ id: 'x', bogus: 1 });
      expect(strict.status).toBe(400);
      expect(strict.body.message).toBe('bogus is not a field of this request');
    });
  });

  describe('an unknown or foreign file answers 404 "File not found or expired"', () => {
    const FILE_NOT_FOUND = { code: 404, error: 'FILE_NOT_FOUND', message: 'File not found or expired' };

    it('on download, transfer, zip and thumbnails; an unknown task on progress', async () => {
      const owner = visitor(stack.app);
      const stranger = visitor(stack.app);
      const token = await upload(owner, PDF, 'report.pdf');
      const answers = {
        download: await stranger.agent.get(`/api/miaohui/file/download/NoSuchToken12345`),
        downloadBadToken: await stranger.agent.get(`/api/miaohui/file/download/${encodeURIComponent('../etc')}`),
        downloadForeign: await stranger.agent.get(`/api/miaohui/file/download/${token}`),
        transfer: await stranger.transfer({ toolType: 'split-pdf', token: 'NoSuchToken12345' }),
        transferForeign: await stranger.transfer({ toolType: 'split-pdf', token }),
        merge: await owner.transfer({ toolType: 'merge-pdf', urls: `${token};NoSuchToken12345` }),
        zip: await stranger.agent.get('/api/miaohui/file/zip/nosuchtask1'),
        thumb: await stranger.agent.get(`/api/miaohui/file/thumb/NoSuchToken12345/1`),
      };
      for (const [what, res] of Object.entries(answers)) {
        expect(res.status, what).toBe(404);
        expect(res.body, what).toEqual(FILE_NOT_FOUND);
      }
      const progress = await stranger.progress('nosuchtask1');
      expect(progress.status).toBe(404);
      expect(progress.body).toEqual({ code: 404, error: 'TASK_NOT_FOUND', message: 'Task not found or expired' });
      // The owner still has it.
      expect((await owner.agent.get(`/api/miaohui/file/download/${token}`)).status).toBe(200);
    });
  });

  describe('results are named after their input', () => {
    it('gives one output its input’s name: report.docx from report.pdf, report.pdf from report.docx', async () => {
      const v = visitor(stack.app);
      const pdf = await upload(v, ONE_PAGE, 'report.pdf');
      const docx = await upload(v, DOCX, 'report.docx');
      const cases = [
        [{ toolType: 'pdf-to-word', token: pdf }, 'report.docx'],
        [{ toolType: 'word-to-pdf', token: docx }, 'report.pdf'],
        [{ toolType: 'rotate-pdf', token: pdf, angle: 90 }, 'report-rotated.pdf'],
        [{ toolType: 'pdf-to-txt', token: pdf }, 'report.txt'],
      ] as const;
      for (const [body, name] of cases) {
        const done = await v.waitForTask((await v.transfer(body)).body.id, 120_000);
        expect(done.result.status, body.toolType).toBe('Done');
        const file = await v.download(done.result.fileurl!, path.join(tmp, name));
        expect(savedAs(file.headers), body.toolType).toBe(name);
      }
    }, 300_000);

    it('names a zip after the file: report-pages.zip, report-images.zip, report-and-1-more.zip for a batch', async () => {
      const v = visitor(stack.app);
      const report = await upload(v, PDF, 'report.pdf');
      const notes = await upload(v, PDF, 'notes.pdf');
      const split = await v.waitForTask((await v.transfer({ toolType: 'split-pdf', token: report, splitcount: 7 })).body.id);
      const pages = await v.download(split.result.zipurl!, path.join(tmp, 'pages.zip'));
      expect(savedAs(pages.headers)).toBe('report-pages.zip');

      const jpg = await v.waitForTask((await v.transfer({ toolType: 'pdf-to-jpg', token: report, dpi: 72 })).body.id, 120_000);
      expect(jpg.result.status).toBe('Done');
      const images = await v.download(jpg.result.zipurl!, path.join(tmp, 'images.zip'));
      expect(savedAs(images.headers)).toBe('report-images.zip');

      const other = await v.waitForTask((await v.transfer({ toolType: 'split-pdf', token: notes, splitcount: 7 })).body.id);
      const ids = [split, other].map((t) => new URL(t.result.zipurl!, 'http://x').pathname.split('/').pop()).join(',');
      const batch = await v.download(`/api/miaohui/file/zip/${ids}`, path.join(tmp, 'batch.zip'));
      expect(savedAs(batch.headers)).toBe('report-and-1-more.zip');
      expect(batch.headers['content-disposition']).not.toMatch(/split-pdf/);
    }, 300_000);
  });
});
