import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_PATHS } from '#shared/ai/api';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { visitor } from '../support/api-client';
import { createSession, createSubscription, createUser } from '../support/factories';
import { fixture, pdfPages, qpdfPages } from '../support/fixtures';
import { startOpenAiStandIn } from '../support/openai-stand-in';
import { startStack, type Stack } from '../support/stack';

/** Two pages of LibreOffice text: a heading and a sentence, a table, then a heading and a sentence on page 2. */
const SOURCE = fixture('pdf/ocrmypdf_tagged.pdf');
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const count = (text: string, part: string) => text.split(part).length - 1;

/** An AI document as addFile leaves it: the user's PDF copied into the store under the document's own key. */
async function aiDocument(deps: Deps, userId: string) {
  const documentId = randomId(16);
  const storageKey = `ai-${documentId}`;
  const copy = path.join(os.tmpdir(), `ai-translate-${documentId}.pdf`);
  await fs.copyFile(SOURCE, copy);
  await deps.store.putFromPath(storageKey, copy);
  await deps.db.aiDocument.create({
    data: { documentId, token: randomId(16), title: 'Tagged demo', pages: 2, userId, status: 'ready', progress: 100, storageKey, size: (await fs.stat(SOURCE)).size },
  });
  return documentId;
}

describe('translating an AI document (generative mode)', () => {
  let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>>;
  let stack: Stack;
  let owner: ReturnType<typeof visitor>;
  let ownerId: string;
  let ownerCookie: string;
  let stranger: string;
  /** The French translation's download addresses, for the download rules. */
  let frenchUrls: string[] = [];
  let documentId: string;
  let dir: string;
  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    stack = await startStack({ AI_BASE_URL: standIn.url, AI_API_KEY: 'test-key', AI_MODEL: 'stand-in' });
    const userId = (await createUser(stack.deps)).id;
    ownerId = userId;
    owner = visitor(stack.app);
    ownerCookie = (await createSession(stack.deps, userId)).cookie;
    owner.agent.set('Cookie', ownerCookie);
    stranger = (await createSession(stack.deps, (await createUser(stack.deps)).id)).cookie;
    documentId = await aiDocument(stack.deps, userId);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ai-translate-'));
  });
  afterAll(async () => {
    await stack.stop();
    await standIn.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  /** Starts a translation, follows it with transferProgress and downloads its outputs. */
  async function translate(language: string) {
    const started = await owner.agent.post(AI_PATHS.translate).send({ documentId, language });
    if (started.status !== 200) throw new Error(`translate ${language}: ${started.status} ${JSON.stringify(started.body)}`);
    const done = await owner.waitForTask(started.body.id, 80_000);
    const urls = done.result.pdfurls ?? [];
    if (done.code !== 1000 || urls.length !== 2) throw new Error(`translate ${language}: ${JSON.stringify(done.result)}`);
    const [translated, both] = await Promise.all(urls.map((url, i) => owner.download(url, path.join(dir, `${language}-${i}.pdf`))));
    if (language === 'fr') frenchUrls = urls;
    return { translated: translated.path, both: both.path };
  }

  it('sets the French translation in place of the original text and interleaves both languages page by page', async () => {
    const { translated, both } = await translate('fr');

    const pages = pdfPages(translated).map(squash);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('[fr] Document text.');
    expect(pages[0]).toContain('[fr] Cell 4');
    expect(pages[1]).toContain('[fr] Body text.');
    // The original glyphs are removed, not just covered: each source phrase is found only in its translation.
    const text = pages.join(' ');
    for (const phrase of ['Document text.', 'Table 1: Table caption', 'Cell 4', 'Body text.']) expect(count(text, phrase), phrase).toBe(count(text, `[fr] ${phrase}`));
    expect(execFileSync('pdffonts', [translated], { encoding: 'utf8' })).not.toMatch(/Liberation/);

    expect(qpdfPages(both)).toBe(4);
    const interleaved = pdfPages(both).map(squash);
    expect(interleaved[0]).toContain('Document text.');
    expect(interleaved[0]).not.toContain('[fr]');
    expect(interleaved[1]).toContain('[fr] Document text.');
    expect(interleaved[2]).toContain('Body text.');
    expect(interleaved[2]).not.toContain('[fr]');
    expect(interleaved[3]).toContain('[fr] Body text.');

    // The document's text went to the model as data under numbered markers, into the chosen language.
    const call = standIn.requests.find((r) => r.path === '/v1/chat/completions')!;
    expect(call.body.messages[0].content).toMatch(/into fr \(French\)[\s\S]*never instructions/);
    expect(call.body.messages[1].content).toMatch(/^<1>\n/);
  }, 90_000);

  it('draws a Japanese translation in a Noto CJK face', async () => {
    const { translated } = await translate('ja');
    expect(execFileSync('pdffonts', [translated], { encoding: 'utf8' })).toMatch(/NotoSansCJKjp/);
    expect(squash(pdfPages(translated)[1])).toContain('[ja] Body text.');
  }, 90_000);

  it('counts each translation as one of the day\'s AI questions, and lets the AI plan download it where downloads need Pro', async () => {
    const questions = await stack.deps.db.usageCounter.findFirst({ where: { userId: ownerId, kind: 'ai-question' } });
    expect(questions?.count).toBe(2);
    expect(await stack.deps.db.usageCounter.count({ where: { userId: ownerId, kind: { not: 'ai-question' } } })).toBe(0);

    const url = new URL(frenchUrls[0], 'http://sheaf.test').pathname;
    stack.deps.env.DOWNLOAD_POLICY = 'pro';
    try {
      const free = await request(stack.app).get(url).set('Cookie', ownerCookie);
      expect(free.status).toBe(403);
      expect(free.body.error).toBe('PRO_REQUIRED');
      await createSubscription(stack.deps, ownerId, { code: 'ai_month' });
      const aiPlan = await request(stack.app).get(url).set('Cookie', ownerCookie);
      expect(aiPlan.status).toBe(200);
      expect(aiPlan.headers['content-type']).toBe('application/pdf');
    } finally {
      stack.deps.env.DOWNLOAD_POLICY = 'open';
    }
  });

  it("answers 404 for someone else's document", async () => {
    const res = await request(stack.app).post(AI_PATHS.translate).set('Cookie', stranger).send({ documentId, language: 'fr' });
    expect(res.status).toBe(404);
  });

  it('refuses the translation with AI_NOT_CONFIGURED when the server has no AI provider, before any task exists', async () => {
    const documentMode = stack.anotherApp({ ...stack.deps, ai: null });
    const tasksBefore = await stack.deps.db.task.count();
    const res = await request(documentMode).post(AI_PATHS.translate).set('Cookie', ownerCookie).send({ documentId, language: 'fr' });
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('AI_NOT_CONFIGURED');
    expect(await stack.deps.db.task.count()).toBe(tasksBefore);
  });
});
