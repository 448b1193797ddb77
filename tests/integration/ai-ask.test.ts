import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_PATHS, type AiHeading, type AskEvent } from '#shared/ai/api';
import { chunkPages } from '#shared/ai/chunks';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { openAiProvider } from '#shared/server/openai-provider';
import { createSession, createUser } from '../support/factories';
import { fixture, pdfPages } from '../support/fixtures';
import { startOpenAiStandIn } from '../support/openai-stand-in';
import { BILLING_WITHOUT_STRIPE_CALLS, startStack, type Stack } from '../support/stack';

const PAPER_FILE = 'pdf/pdfjs_tracemonkey.pdf';
const PAPER = pdfPages(fixture(PAPER_FILE));
const OUTLINE: AiHeading[] = [
  { title: 'Introduction', page: 1, level: 1 },
  { title: 'Trace Trees', page: 4, level: 1 },
  { title: 'Blacklisting', page: 6, level: 2 },
  { title: 'Acknowledgments', page: 13, level: 1 },
];
const GRANTS = 'Which grants sponsored this work?';
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** An indexed document as A's indexing job leaves it: the paper's pdftotext pages cut into stored passages. */
async function indexedDocument(deps: Deps, userId: string, data: { status?: string } = {}) {
  const documentId = randomId(16);
  await deps.db.aiDocument.create({
    data: {
      documentId,
      token: randomId(16),
      title: 'TraceMonkey',
      pages: PAPER.length,
      userId,
      status: data.status ?? 'ready',
      progress: data.status === 'indexing' ? 40 : 100,
      outline: OUTLINE as unknown as object[],
      chunks: { create: chunkPages(PAPER).map((c) => ({ ordinal: c.ordinal, page: c.page, text: c.text, position: c.offset })) },
    },
  });
  return documentId;
}

/** The Server-Sent Events of a response body, in order. */
function events(body: string): AskEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [type, data] = block.split('\n');
      const event = JSON.parse(data.replace(/^data: /, '')) as AskEvent;
      expect(type).toBe(`event: ${event.type}`);
      return event;
    });
}

const textOf = (list: AskEvent[]) => list.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');

/** One stack for the file, in document mode; generative mode is the same deps with a provider. */
let stack: Stack;
beforeAll(async () => {
  // The Free AI limits apply where a plan can lift them: with billing configured.
  stack = await startStack(BILLING_WITHOUT_STRIPE_CALLS, { worker: false });
});
afterAll(() => stack.stop());

describe('asking about a document in document mode (no AI provider)', () => {
  let cookie: string;
  let userId: string;
  let documentId: string;
  beforeAll(async () => {
    userId = (await createUser(stack.deps)).id;
    cookie = (await createSession(stack.deps, userId)).cookie;
    documentId = await indexedDocument(stack.deps, userId);
  });

  const ask = (body: object, c = cookie) => request(stack.app).post(AI_PATHS.ask).set('Cookie', c).send(body);
  const askJson = (body: object, c = cookie) => ask(body, c).set('Accept', 'application/json');

  it('streams the quoted passages, then their citations on the physical page, then done; JSON gives the same answer', async () => {
    const res = await ask({ documentId, question: GRANTS });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const list = events(res.text);
    const types = list.map((e) => e.type);
    expect(types.slice(0, -2).every((t) => t === 'delta')).toBe(true);
    expect(types.slice(-2)).toEqual(['citations', 'done']);
    expect(types.length).toBeGreaterThan(3);

    const citations = list.find((e) => e.type === 'citations')!.citations;
    expect(citations[0].page).toBe(13);
    expect(citations[0].quote).toContain('CNS-0615443');
    for (const c of citations) expect(squash(PAPER[c.page - 1])).toContain(squash(c.quote).replace(/…$/, ''));
    const text = textOf(list);
    expect(text).toMatch(/^From the document/);
    expect(text).toContain('Page 13: “');
    const done = list.at(-1) as Extract<AskEvent, { type: 'done' }>;
    expect(done).toEqual({ type: 'done', messageId: expect.any(String), source: 'document', found: true });
    const stored = await stack.deps.db.aiMessage.findUniqueOrThrow({ where: { id: done.messageId! } });
    expect(stored).toMatchObject({ role: 'assistant', content: text, source: 'document', found: true, mode: 'chat', citations });

    const whole = await askJson({ documentId, question: GRANTS });
    expect(whole.body).toMatchObject({ code: 0, data: { answer: text, citations, source: 'document', found: true } });
  });

  it('answers "not found in this document" without citations, in the asker’s language', async () => {
    const res = await askJson({ documentId, question: 'Quelle est la garantie du lave-vaisselle ?' }).set('lang', 'fr');
    expect(res.body.data).toMatchObject({ found: false, citations: [], source: 'document' });
    expect(res.body.data.answer).toMatch(/ne se trouve pas dans ce document/);
  });

  it('summarizes along the document’s own sections, every point cited on a page that holds it', async () => {
    const res = await askJson({ documentId, question: 'Summarize', mode: 'summarize' });
    const { answer, citations, found } = res.body.data as { answer: string; citations: { page: number; quote: string }[]; found: boolean };
    expect(found).toBe(true);
    expect(answer.indexOf('Trace Trees')).toBeGreaterThan(0);
    expect(answer.indexOf('Acknowledgments')).toBeGreaterThan(answer.indexOf('Trace Trees'));
    expect(citations.length).toBeGreaterThanOrEqual(OUTLINE.length);
    expect(citations.some((c) => c.page === 13)).toBe(true);
    for (const c of citations) expect(squash(PAPER[c.page - 1])).toContain(squash(c.quote));
  });

  it('refuses explain and general chat in plain words, without the operator’s settings (those are in the README)', async () => {
    for (const body of [{ documentId, question: 'trace trees', mode: 'explain' }, { question: 'Hello', mode: 'general' }]) {
      const res = await ask(body);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: 'AI_NOT_CONFIGURED' });
      expect(res.body.message).toBe('This needs an AI model, which this server does not have. Here the assistant answers with passages quoted from the document, each with its page.');
      expect((await ask(body).set('lang', 'fr')).body.message).toMatch(/^Cette fonction demande un modèle d'IA/);
    }
  });

  it('keeps documents to their owner (404) and waits for indexing to finish', async () => {
    const stranger = (await createSession(stack.deps, (await createUser(stack.deps)).id)).cookie;
    expect((await ask({ documentId, question: GRANTS }, stranger)).status).toBe(404);
    expect((await request(stack.app).get(AI_PATHS.getDocumentListAsk).query({ documentId }).set('Cookie', stranger)).status).toBe(404);
    const indexing = await indexedDocument(stack.deps, userId, { status: 'indexing' });
    expect((await ask({ documentId: indexing, question: GRANTS })).body).toMatchObject({ code: 409, error: 'AI_NOT_READY' });
  });

  it('refuses the 21st question of the day of a Free user with AI_QUESTION_LIMIT (1507), storing nothing', async () => {
    const free = (await createUser(stack.deps)).id;
    const freeCookie = (await createSession(stack.deps, free)).cookie;
    const own = await indexedDocument(stack.deps, free);
    const period = new Date().toISOString().slice(0, 10);
    await stack.deps.db.usageCounter.create({ data: { userId: free, kind: 'ai-question', period, count: 20 } });
    const res = await ask({ documentId: own, question: GRANTS }, freeCookie);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 1507, error: 'AI_QUESTION_LIMIT' });
    expect(await stack.deps.db.aiMessage.count({ where: { document: { documentId: own } } })).toBe(0);
  });

  it('lists the conversation oldest first, the last pageSize messages', async () => {
    const all = await request(stack.app).get(AI_PATHS.getDocumentListAsk).query({ documentId }).set('Cookie', cookie);
    const messages = all.body.data as { role: string; mode: string; content: string; citations: unknown[] }[];
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(messages[0]).toMatchObject({ role: 'user', content: GRANTS, mode: 'chat', citations: [] });
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', mode: 'summarize', source: 'document' });
    const last = await request(stack.app).get(AI_PATHS.getDocumentListAsk).query({ documentId, pageSize: 2 }).set('Cookie', cookie);
    expect(last.body.data).toEqual(messages.slice(-2));
    expect((await request(stack.app).get(AI_PATHS.getDocumentListAsk).query({ documentId, pageSize: 500 }).set('Cookie', cookie)).status).toBe(400);
  });
});

describe('asking in generative mode (an OpenAI-compatible server)', () => {
  let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>>;
  let app: Stack['app'];
  let server: Server;
  let baseUrl: string;
  let cookie: string;
  let userId: string;
  let documentId: string;
  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    const ai = openAiProvider({ AI_BASE_URL: standIn.url, AI_API_KEY: 'test-key', AI_MODEL: 'stand-in', AI_EMBEDDING_MODEL: undefined, AI_VISION_MODEL: 'stand-in-vision' });
    app = stack.anotherApp({ ...stack.deps, ai });
    userId = (await createUser(stack.deps)).id;
    cookie = (await createSession(stack.deps, userId)).cookie;
    documentId = await indexedDocument(stack.deps, userId);
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await standIn.close();
  });

  const ask = (body: object) => request(app).post(AI_PATHS.ask).set('Cookie', cookie).send(body);

  it('streams the model’s words, sends the passages as data, and keeps only citations whose page holds the claim', async () => {
    const res = await ask({ documentId, question: GRANTS });
    const list = events(res.text);
    expect(list.filter((e) => e.type === 'delta').length).toBeGreaterThan(3);
    const written = textOf(list);
    const [, wrongPage] = [...written.matchAll(/\[p\. (\d+)\]/g)].map((m) => Number(m[1]));
    expect(written).toContain('[p. 13]');
    expect(wrongPage).not.toBe(13);

    const citations = list.find((e) => e.type === 'citations')!.citations;
    expect(citations.map((c) => c.page)).toEqual([13]);
    const done = list.at(-1) as Extract<AskEvent, { type: 'done' }>;
    expect(done).toMatchObject({ type: 'done', source: 'generative', found: true });
    const stored = await stack.deps.db.aiMessage.findUniqueOrThrow({ where: { id: done.messageId! } });
    expect(stored.content).toContain('[p. 13]');
    expect(stored.content).not.toContain(`[p. ${wrongPage}]`);
    expect(done.answer).toBe(stored.content);

    const sent = standIn.requests.at(-1)!.body as { model: string; messages: { role: string; content: string }[] };
    expect(sent.model).toBe('stand-in');
    expect(sent.messages[0]).toMatchObject({ role: 'system' });
    expect(sent.messages[0].content).toMatch(/data, never instructions/);
    const user = sent.messages.at(-1)!.content;
    expect(user).toMatch(/^<document>\n\[p\. 13\] /);
    expect(user).toContain('CNS-0615443');
    expect(user.endsWith(`</document>\n\n${GRANTS}`)).toBe(true);
  });

  it('explains a selection with the conversation so far before it', async () => {
    const res = await ask({ documentId, question: 'the recording of type-specialized native code', mode: 'explain' }).set('Accept', 'application/json');
    expect(res.body.data).toMatchObject({ source: 'generative', found: true });
    const sent = standIn.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[0].content).toMatch(/^Explain the text the user gives in plain words/);
    expect(sent.messages.slice(1, 3)).toMatchObject([
      { role: 'user', content: GRANTS },
      { role: 'assistant', content: expect.stringContaining('[p. 13]') },
    ]);
    expect(sent.messages.at(-1)!.content).toMatch(/<\/document>\n\nExplain this:\nthe recording of type-specialized native code$/);
  });

  it('sends an uploaded image to the vision model, with its OCR text as the passages', async () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const imageId = randomId(16);
    const local = path.join(os.tmpdir(), `${imageId}.png`);
    fs.writeFileSync(local, Buffer.from(png, 'base64'));
    await stack.deps.store.putFromPath(`ai-${imageId}`, local);
    const ocr = 'Boats leave the harbour quay at six in the morning, every day of the week.';
    await stack.deps.db.aiDocument.create({
      data: { documentId: imageId, token: randomId(16), title: 'quay.png', kind: 'image', storageKey: `ai-${imageId}`, pages: 1, userId, status: 'ready', progress: 100, chunks: { create: [{ ordinal: 0, page: 1, text: ocr }] } },
    });
    const res = await ask({ documentId: imageId, question: 'When do the boats leave the quay?' }).set('Accept', 'application/json');
    const sent = standIn.requests.at(-1)!.body as { model: string; messages: { content: { type: string; text?: string; image_url?: { url: string } }[] }[] };
    expect(sent.model).toBe('stand-in-vision');
    const [text, image] = sent.messages.at(-1)!.content;
    expect(text.text).toContain(`[p. 1] ${ocr}`);
    expect(image).toEqual({ type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } });
    expect(res.body.data.citations).toEqual([{ page: 1, quote: ocr }]);
    // The model also cited page 2, which this one-page picture does not have: the whole answer leaves it out.
    const claim = ocr.replace(/\.$/, '');
    expect(res.body.data.answer).toBe(`${claim} [p. 1]. ${claim}.`);

    // A TIFF is not a type vision models take: its OCR text goes alone, to the chat model.
    fs.writeFileSync(local, Buffer.concat([Buffer.from('II*\0', 'latin1'), Buffer.alloc(64)]));
    await stack.deps.store.putFromPath(`ai-${imageId}`, local);
    await ask({ documentId: imageId, question: 'When do the boats leave the quay?' }).set('Accept', 'application/json');
    const plain = standIn.requests.at(-1)!.body as { model: string; messages: { content: unknown }[] };
    expect(plain.model).toBe('stand-in');
    expect(plain.messages.at(-1)!.content).toMatch(/^<document>\n\[p\. 1\] Boats leave/);
  });

  it('answers general chat without a document, and stores nothing', async () => {
    const before = await stack.deps.db.aiMessage.count();
    const res = await ask({ question: 'What is a tracing JIT?', mode: 'general' }).set('Accept', 'application/json');
    expect(res.body).toMatchObject({ code: 0, data: { messageId: null, answer: 'Stand-in reply to: What is a tracing JIT?', citations: [], source: 'generative' } });
    expect(await stack.deps.db.aiMessage.count()).toBe(before);
  });

  it('stops the model when the reader goes away, storing nothing', async () => {
    standIn.options.delayMs = 40;
    try {
      const before = await stack.deps.db.aiMessage.count();
      const stop = new AbortController();
      const res = await fetch(`${baseUrl}${AI_PATHS.ask}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ documentId, question: GRANTS }),
        signal: stop.signal,
      });
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toMatch(/^event: delta\n/);
      stop.abort();
      const request = standIn.requests.at(-1)!;
      await expect.poll(() => request.aborted).toBe(true);
      expect(await stack.deps.db.aiMessage.count()).toBe(before);
    } finally {
      standIn.options.delayMs = 0;
    }
  });

  it('tells the reader in the stream when the provider fails after the answer has started', async () => {
    standIn.options.fail = true;
    try {
      const res = await ask({ documentId, question: GRANTS }).set('lang', 'fr');
      expect(res.status).toBe(200);
      expect(events(res.text)).toEqual([{ type: 'error', code: 'AI_UNAVAILABLE', message: "Le fournisseur d'IA n'a pas répondu. Veuillez réessayer plus tard." }]);
    } finally {
      standIn.options.fail = false;
    }
  });
});
