import fs from 'node:fs';
import http from 'node:http';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_FREE_LIMITS, AI_PATHS, AI_UNLIMITED_LIMITS, aiLimitsOn, type AiDocumentView } from '#shared/ai/api';
import { randomId } from '#shared/server/ids';
import { visitor } from '../support/api-client';
import { createSession, createSubscription, createUser } from '../support/factories';
import { fixture, pdfPages } from '../support/fixtures';
import { latestLoginLink } from '../support/outbox';
import { BILLING_WITHOUT_STRIPE_CALLS, startStack, type Stack } from '../support/stack';

const PAPER = fixture('pdf/pdfjs_tracemonkey.pdf');
/** A phrase pdftotext finds on the paper's page 3 only. */
const PAGE_3_PHRASE = 'LIR snippet for sample program';
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('AI documents: upload, indexing with physical pages and OCR, limits, isolation, deletion', () => {
  let stack: Stack;
  beforeAll(async () => {
    // The Free AI limits apply where a plan can lift them: with billing configured.
    stack = await startStack(BILLING_WITHOUT_STRIPE_CALLS);
  });
  afterAll(async () => {
    await stack.stop();
  });

  type Visitor = ReturnType<typeof visitor>;
  const upload = (v: Visitor, file: string | Buffer, name: string) => v.agent.post(AI_PATHS.uploadAiPdf).attach('file', typeof file === 'string' ? fs.readFileSync(file) : file, name);
  const getDocument = (v: Visitor, documentId: string) => v.agent.get(AI_PATHS.getDocument).query({ documentId });
  /** Uploads a file and adds it as a document; answers addFile's response. */
  async function addFile(v: Visitor, file: string | Buffer, name: string) {
    const up = await upload(v, file, name);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    return v.agent.post(AI_PATHS.addFile).send({ token: up.body.token });
  }
  async function waitIndexed(v: Visitor, documentId: string): Promise<AiDocumentView> {
    const started = Date.now();
    for (;;) {
      const res = await getDocument(v, documentId);
      expect(res.status).toBe(200);
      const doc = res.body.data as AiDocumentView;
      if (doc.status !== 'indexing') return doc;
      if (Date.now() - started > 45_000) throw new Error(`still indexing: ${JSON.stringify(doc)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const chunksOf = async (documentId: string) =>
    stack.deps.db.aiChunk.findMany({ where: { document: { documentId } }, orderBy: { ordinal: 'asc' } });

  let paperId: string;
  const owner = () => visitor(stack.app);
  let alice: Visitor;

  it('indexes a text PDF page by page: every passage carries the physical page it was read from', async () => {
    alice = owner();
    const added = await addFile(alice, PAPER, 'tracemonkey.pdf');
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ code: 0, data: { title: 'tracemonkey' } });
    paperId = added.body.data.documentId;
    const doc = await waitIndexed(alice, paperId);
    expect(doc).toMatchObject({ status: 'ready', progress: 100, pages: 14, ocrPages: 0, kind: 'pdf' });
    // The paper has no bookmarks: its outline is its headings found by type size.
    expect(doc.outline).toContainEqual({ level: 2, title: 'Trace Trees', page: 4 });
    expect(doc.suggestedQuestions).toContain('What does the document say about “Trace Trees”?');

    const pages = pdfPages(PAPER).map(squash);
    expect(pages.filter((p) => p.includes(PAGE_3_PHRASE)).length).toBe(1);
    const chunks = await chunksOf(paperId);
    expect(chunks.find((c) => squash(c.text).includes(PAGE_3_PHRASE))?.page).toBe(3);
    // Each passage's opening words are on its own page, as pdftotext reads that page.
    for (const c of chunks) expect(pages[c.page - 1].replace(/- /g, '')).toContain(squash(c.text).slice(0, 30).replace(/- /g, '').split(' ').slice(0, 3).join(' '));

    const list = await alice.agent.get(AI_PATHS.getDocumentList);
    expect(list.body.data.map((d: AiDocumentView) => d.documentId)).toEqual([paperId]);
    const file = await alice.agent.get(doc.fileUrl).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Number(file.headers['content-length'])).toBe(fs.statSync(PAPER).size);
    const map = await alice.agent.get(AI_PATHS.mindMap).query({ documentId: paperId });
    expect(map.body.data.markdown).toMatch(/^# tracemonkey\n/);
    expect(map.body.data.markdown).toMatch(/\(#page=\d+\)/);
  });

  it('reads a scanned PDF by OCR, and an image as a one-page document', async () => {
    const v = owner();
    const scan = await addFile(v, fixture('scanned/ocrmypdf_francais.pdf'), 'pangramme.pdf');
    const picture = await addFile(v, fixture('scanned/tesseract_phototest.tif'), 'phototest.tif');
    const scanned = await waitIndexed(v, scan.body.data.documentId);
    expect(scanned).toMatchObject({ status: 'ready', pages: 1, ocrPages: 1 });
    expect((await chunksOf(scanned.documentId)).map((c) => c.text).join(' ')).toMatch(/vieux whisky au juge/);

    const image = await waitIndexed(v, picture.body.data.documentId);
    expect(image).toMatchObject({ status: 'ready', kind: 'image', pages: 1, ocrPages: 1 });
    const chunks = await chunksOf(image.documentId);
    expect(chunks.every((c) => c.page === 1)).toBe(true);
    expect(chunks.map((c) => c.text).join(' ')).toMatch(/quick brown dog/);
    expect((await v.agent.get(image.fileUrl)).headers['content-type']).toBe('image/tiff');
  });

  it('fails a PDF with no readable text, even after OCR, instead of indexing it empty', async () => {
    const blank = await PDFDocument.create();
    blank.addPage([612, 792]);
    const v = owner();
    const added = await addFile(v, Buffer.from(await blank.save()), 'blank.pdf');
    const doc = await waitIndexed(v, added.body.data.documentId);
    expect(doc).toMatchObject({ status: 'failed', errorCode: 'AI_NO_TEXT' });
    expect(await chunksOf(doc.documentId)).toEqual([]);
  });

  it("refuses a PDF past the plan's pages (1508) and an encrypted PDF", async () => {
    const v = owner();
    const up = await upload(v, fixture('pdf/ocrmypdf_tagged.pdf'), 'long.pdf');
    // The page count the thumbnail job records: a Free plan's limit is 100 pages.
    await stack.deps.db.file.update({ where: { token: up.body.token }, data: { pages: AI_FREE_LIMITS.maxPages! + 1 } });
    const long = await v.agent.post(AI_PATHS.addFile).send({ token: up.body.token });
    expect(long.status).toBe(413);
    expect(long.body.code).toBe(1508);
    const locked = await addFile(v, fixture('pdf/qpdf_c-r4_aes128.pdf'), 'locked.pdf');
    expect(locked.status).toBe(422);
    expect(locked.body.error).toBe('PDF_ENCRYPTED');
    expect(await stack.deps.db.aiDocument.count({ where: { visitorId: (await stack.deps.db.file.findUniqueOrThrow({ where: { token: up.body.token } })).visitorId } })).toBe(0);
  });

  it('refuses a Free user their 11th document with code 1506', async () => {
    const v = owner();
    const email = `ai.${randomId(8).toLowerCase()}@example.com`;
    await v.agent.post('/api/user/emailLogin').send({ email, name: 'Ada' });
    const link = latestLoginLink(stack.deps.env.DATA_DIR, email);
    await v.agent.post('/api/user/emailLogin').send({ email, token: link.searchParams.get('token') });
    const user = await stack.deps.db.user.findUniqueOrThrow({ where: { email } });
    await stack.deps.db.aiDocument.createMany({
      data: Array.from({ length: AI_FREE_LIMITS.files! }, (_, i) => ({ documentId: randomId(24), token: randomId(32), title: `d${i}`, userId: user.id, status: 'ready' })),
    });
    const eleventh = await addFile(v, fixture('pdf/ocrmypdf_tagged.pdf'), 'one.pdf');
    expect(eleventh.status).toBe(403);
    expect(eleventh.body.code).toBe(1506);
    expect(await stack.deps.db.aiDocument.count({ where: { userId: user.id } })).toBe(AI_FREE_LIMITS.files);
    const config = await v.agent.get(AI_PATHS.config);
    expect(config.body.data).toMatchObject({ generative: false, limits: AI_FREE_LIMITS, usage: { files: 10, questionsToday: 0 } });

    // Without billing nobody could lift the limits, so there are none: the same 11th document is taken.
    stack.deps.env.billingConfigured = false;
    try {
      expect((await addFile(v, fixture('pdf/ocrmypdf_tagged.pdf'), 'one.pdf')).status).toBe(200);
    } finally {
      stack.deps.env.billingConfigured = true;
    }
  });

  it('sizes uploads by the plan: Free is refused past 100 MB before a byte is read, the AI plan lifts every limit', async () => {
    const announced = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${stack.baseUrl}${AI_PATHS.uploadAiPdf}`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String((AI_FREE_LIMITS.maxMb + 1) * 1024 * 1024) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(announced.status).toBe(413);
    expect(JSON.parse(announced.body).error).toBe('FILE_TOO_LARGE');

    const user = await createUser(stack.deps);
    await createSubscription(stack.deps, user.id, { code: 'ai_month' });
    const { cookie } = await createSession(stack.deps, user.id);
    const subscriber = owner();
    subscriber.agent.set('Cookie', cookie);
    expect((await subscriber.agent.get(AI_PATHS.config)).body.data.limits).toEqual(aiLimitsOn(AI_UNLIMITED_LIMITS, stack.deps.env.AI_MAX_PAGES));
    await stack.deps.db.aiDocument.createMany({
      data: Array.from({ length: AI_FREE_LIMITS.files! }, (_, i) => ({ documentId: randomId(24), token: randomId(32), title: `d${i}`, userId: user.id, status: 'ready' })),
    });
    const eleventh = await addFile(subscriber, fixture('pdf/ocrmypdf_tagged.pdf'), 'one.pdf');
    expect(eleventh.status).toBe(200);
    expect((await waitIndexed(subscriber, eleventh.body.data.documentId)).status).toBe('ready');
  });

  it("keeps a requester out of another's document: 404 on every call, the file included", async () => {
    const stranger = owner();
    expect((await getDocument(stranger, paperId)).status).toBe(404);
    expect((await stranger.agent.get(AI_PATHS.mindMap).query({ documentId: paperId })).status).toBe(404);
    expect((await stranger.agent.get('/api/dhjai/file').query({ documentId: paperId })).status).toBe(404);
    expect((await stranger.agent.post(AI_PATHS.del).query({ documentId: paperId })).status).toBe(404);
    expect((await stranger.agent.get(AI_PATHS.getDocumentList)).body.data).toEqual([]);
    expect((await getDocument(alice, paperId)).status).toBe(200);
  });

  it("moves a visitor's document to the account at login", async () => {
    const v = owner();
    const up = await upload(v, fixture('pdf/ocrmypdf_tagged.pdf'), 'simple.pdf');
    const added = await v.agent.post(AI_PATHS.addFile).send({ token: up.body.token });
    expect((await v.agent.get(AI_PATHS.getTitle).query({ token: up.body.token })).body.data).toEqual(added.body.data);
    const email = `ai.${randomId(8).toLowerCase()}@example.com`;
    await createUser(stack.deps, { email });
    await v.agent.post('/api/user/emailLogin').send({ email });
    await v.agent.post('/api/user/emailLogin').send({ email, token: latestLoginLink(stack.deps.env.DATA_DIR, email).searchParams.get('token') });
    const user = await stack.deps.db.user.findUniqueOrThrow({ where: { email } });
    const doc = await stack.deps.db.aiDocument.findUniqueOrThrow({ where: { documentId: added.body.data.documentId } });
    expect(doc.userId).toBe(user.id);
    expect((await getDocument(v, doc.documentId)).status).toBe(200);
  });

  it('deletes a document with its passages, its conversation and its stored copy', async () => {
    const doc = await stack.deps.db.aiDocument.findUniqueOrThrow({ where: { documentId: paperId } });
    await stack.deps.db.aiMessage.create({ data: { documentId: doc.id, role: 'user', content: 'What is a trace tree?' } });
    const res = await alice.agent.post(AI_PATHS.del).query({ documentId: paperId });
    expect(res.body).toEqual({ code: 0, data: null });
    expect(await stack.deps.db.aiChunk.count({ where: { documentId: doc.id } })).toBe(0);
    expect(await stack.deps.db.aiMessage.count({ where: { documentId: doc.id } })).toBe(0);
    await expect(stack.deps.store.size(doc.storageKey!)).rejects.toThrow();
    expect((await getDocument(alice, paperId)).status).toBe(404);
  });
});
