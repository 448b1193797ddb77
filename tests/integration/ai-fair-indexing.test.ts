import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_PATHS, type AiDocumentView } from '#shared/ai/api';
import { visitor } from '../support/api-client';
import { createSession, createUser } from '../support/factories';
import { manyPagePdf } from '../support/many-pages';
import { startStack, type Stack } from '../support/stack';

/** The server's pages per AI document here: small, so the refused document is made and counted at once. */
const MAX_PAGES = 300;
/** Pages with a word each, too few letters for a text layer: every page is read by OCR, minutes of work. */
const LONG = manyPagePdf(MAX_PAGES, 'Page');
const SHORT = manyPagePdf(2, 'A short note about fair indexing');
/** A deleted document's job ends within this (a one-second poll, then its reading host is killed), on a loaded machine too. */
const STOP_MS = 10_000;

describe('AI indexing: owners take turns, a deleted document stops, pages are bounded with billing off', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ AI_MAX_PAGES: MAX_PAGES, AI_INDEX_CONCURRENCY: 2 });
  });
  afterAll(async () => {
    // A long document a failed test left reading stops with its row, or the worker's close would wait for it.
    await stack.deps.db.aiDocument.deleteMany({ where: { documentId: { in: added } } });
    await stack.stop();
  });

  type Visitor = ReturnType<typeof visitor>;
  const added: string[] = [];
  async function addFile(v: Visitor, file: Buffer, name: string) {
    const up = await v.agent.post(AI_PATHS.uploadAiPdf).attach('file', file, name);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    return v.agent.post(AI_PATHS.addFile).send({ token: up.body.token });
  }
  async function add(v: Visitor, file: Buffer, name: string): Promise<string> {
    const answer = await addFile(v, file, name);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    added.push(answer.body.data.documentId);
    return answer.body.data.documentId;
  }
  const document = async (v: Visitor, documentId: string) => (await v.agent.get(AI_PATHS.getDocument).query({ documentId })).body.data as AiDocumentView;
  const jobState = async (documentId: string) => (await (await stack.deps.aiIndex.getJob(documentId))?.getState()) ?? 'absent';
  /** Polls `check` every 50 ms; answers how long it took to hold. */
  async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now() - started;
  }

  it("indexes another owner's short document within seconds while one owner's long ones read, and stops a long one when it is deleted", async () => {
    expect(stack.deps.env.billingConfigured).toBe(false);
    const alice = visitor(stack.app);
    const bob = visitor(stack.app);
    const long1 = await add(alice, LONG, 'long-1.pdf');
    const long2 = await add(alice, LONG, 'long-2.pdf');
    await until('the first long document is read', async () => (await jobState(long1)) === 'active', 20_000);
    // Alice's second document waits for her first, not in the queue where it would take the other slot.
    expect(await jobState(long2)).toBe('absent');

    const short = await add(bob, SHORT, 'short.pdf');
    // Taken by the free slot at once: the reading itself takes what the machine's load makes it take.
    const bobQueued = await until("bob's document is taken", async () => ['active', 'completed'].includes(await jobState(short)), 2_000);
    const bobWaited = bobQueued + (await until("bob's document is indexed", async () => (await document(bob, short)).status !== 'indexing', 60_000));
    console.log(`bob's 2-page document was taken ${bobQueued} ms and ready ${bobWaited} ms after it was added, beside alice's ${MAX_PAGES}-page scans`);
    expect(await document(bob, short)).toMatchObject({ status: 'ready', pages: 2 });
    expect(await document(alice, long1)).toMatchObject({ status: 'indexing' });
    expect(await jobState(long1)).toBe('active');

    expect((await alice.agent.post(AI_PATHS.del).query({ documentId: long1 })).body.code).toBe(0);
    const stoppedIn = await until('the deleted document stops', async () => (await jobState(long1)) === 'completed', STOP_MS);
    console.log(`the deleted document's job ended ${stoppedIn} ms after the deletion`);
    // Its slot goes to alice's next document.
    await until('the next document is read', async () => (await jobState(long2)) === 'active', 10_000);

    expect((await alice.agent.post(AI_PATHS.del).query({ documentId: long2 })).status).toBe(200);
    await until('the second deleted document stops', async () => (await jobState(long2)) === 'completed', STOP_MS);
  }, 150_000);

  it('stops a document being read when its account is deleted', async () => {
    const user = await createUser(stack.deps);
    const member = visitor(stack.app);
    member.agent.set('Cookie', (await createSession(stack.deps, user.id)).cookie);
    const long = await add(member, LONG, 'long.pdf');
    await until('the document is read', async () => (await jobState(long)) === 'active', 20_000);
    expect((await member.agent.post('/api/user/deleteAccount').send({ email: user.email })).body).toEqual({ code: 0, data: true });
    const stoppedIn = await until('the job stops', async () => (await jobState(long)) === 'completed', STOP_MS);
    console.log(`the deleted account's document stopped ${stoppedIn} ms after the deletion`);
    expect(await stack.deps.db.aiDocument.count({ where: { documentId: long } })).toBe(0);
  }, 120_000);

  it('refuses a PDF past AI_MAX_PAGES with billing off (1508), before any indexing', async () => {
    const v = visitor(stack.app);
    expect((await v.agent.get(AI_PATHS.config)).body.data.limits).toMatchObject({ files: null, maxPages: MAX_PAGES });
    const refused = await addFile(v, manyPagePdf(MAX_PAGES + 1, 'Page'), 'too-long.pdf');
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 1508, error: 'AI_PAGE_LIMIT' });
    expect((await v.agent.get(AI_PATHS.getDocumentList)).body.data).toEqual([]);
  });
});
