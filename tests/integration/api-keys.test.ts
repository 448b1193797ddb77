import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS, type ApiKeyView, type CreatedApiKey, type TaskAnswer } from '#shared/api';
import { ERRORS } from '#shared/errors';
import { API_KEYS_PER_USER, hashApiKey } from '#shared/server/api-keys';
import { createSession, createUser } from '../support/factories';
import { fixture, qpdfPages } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

/** Small enough that the rate test stays cheap, large enough for one upload-to-download run on a key (its waiting is polled by the browser session). */
const REQUESTS_PER_MINUTE = 20;
const PDF_A = fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf');
const PDF_B = fixture('pdf/pdf20_via-incremental-save.pdf');

describe('personal API keys: created in a browser session, used as Bearer, limited, revoked', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ API_KEY_REQUESTS_PER_MINUTE: REQUESTS_PER_MINUTE });
  });
  afterAll(async () => {
    await stack.stop();
  });

  /** A signed-in browser: its session cookie, and the key calls made with it. */
  async function signedIn() {
    const user = await createUser(stack.deps);
    const { cookie } = await createSession(stack.deps, user.id);
    return {
      user,
      cookie,
      list: () => request(stack.app).get(API_PATHS.apiKeys).set('Cookie', cookie),
      create: (name: unknown) => request(stack.app).post(API_PATHS.apiKeys).set('Cookie', cookie).send({ name }),
      revoke: (id: string) => request(stack.app).delete(`${API_PATHS.apiKeys}/${id}`).set('Cookie', cookie),
      /** Polls the task's progress until it ends, as the browser: the key's requests stay few. */
      async waitForTask(id: string) {
        const deadline = Date.now() + 60_000;
        for (;;) {
          const answer = (await request(stack.app).post(API_PATHS.transferProgress).set('Cookie', cookie).send({ id })).body as TaskAnswer;
          if (answer.code === 1000 || answer.result?.status === 'Failed' || Date.now() > deadline) return answer;
          await new Promise((r) => setTimeout(r, 200));
        }
      },
      async newKey(name = 'script') {
        const res = await this.create(name);
        expect(res.body.code).toBe(0);
        return res.body.data as CreatedApiKey;
      },
    };
  }

  /** An API client: no cookies, only the key. */
  function client(key: string) {
    const auth = { Authorization: `Bearer ${key}` };
    return {
      get: (path: string) => request(stack.app).get(path).set(auth),
      post: (path: string, body?: object) => request(stack.app).post(path).set(auth).send(body),
      upload: (file: string) =>
        request(stack.app)
          .post(API_PATHS.upload)
          .set(auth)
          .field('toolType', 'merge-pdf')
          .attach('file', fs.readFileSync(file), path.basename(file)),
    };
  }

  it("runs upload → transfer → progress → download as the key's user, unreachable by another user's key", async () => {
    const owner = await signedIn();
    const created = await owner.newKey('  nightly merge  ');
    expect(created.key).toMatch(/^sheaf_[A-Za-z0-9_-]{43}$/);
    expect(created.webhookSecret).toMatch(/^whsec_/);
    expect(created.apiKey).toMatchObject({ name: 'nightly merge', prefix: created.key.slice(0, 12), lastUsedAt: null });

    const api = client(created.key);
    const a = await api.upload(PDF_A);
    const b = await api.upload(PDF_B);
    expect([a.body.code, b.body.code]).toEqual([1000, 1000]);
    const start = await api.post(API_PATHS.transfer, { toolType: 'merge-pdf', urls: `${a.body.token};${b.body.token}` });
    expect(start.status).toBe(200);
    // Of the key's window and the (here unlimited) transfer window, the headers report the one nearer its limit.
    expect(start.headers['ratelimit-limit']).toBe(String(REQUESTS_PER_MINUTE));
    // A key's request gets no visitor cookie: an API client keeps none.
    expect(start.headers['set-cookie']).toBeUndefined();
    expect((await owner.waitForTask(start.body.id)).result?.status).toBe('Done');
    const done = (await api.post(API_PATHS.transferProgress, { id: start.body.id })).body as TaskAnswer;
    expect(done.result?.status).toBe('Done');
    const url = done.result!.fileurl ?? done.result!.pdfurls![0];
    const file = await api
      .get(url)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    const out = path.join(os.tmpdir(), `api-key-merged-${Date.now()}.pdf`);
    fs.writeFileSync(out, file.body as Buffer);
    expect(qpdfPages(out)).toBe(qpdfPages(PDF_A) + qpdfPages(PDF_B));
    fs.rmSync(out);

    // The task is the user's: the browser session sees it in the history, with the key it came from.
    const history = await request(stack.app)
      .post('/api/miaohui/file/historyTasks')
      .set('Cookie', owner.cookie)
      .send({ pageNum: 1, pageSize: 10 });
    expect(history.body.data.list.map((t: { id: string }) => t.id)).toEqual([start.body.id]);

    // The list shows the prefix and the last use, never the key, its hash or its webhook secret.
    const listed = await owner.list();
    const [view] = listed.body.data as ApiKeyView[];
    expect(Object.keys(view).sort()).toEqual(['createdAt', 'id', 'lastUsedAt', 'name', 'prefix']);
    expect(view.lastUsedAt).not.toBeNull();
    const answer = JSON.stringify(listed.body);
    for (const secret of [created.key, hashApiKey(created.key), created.webhookSecret]) expect(answer).not.toContain(secret);

    // A key cannot manage keys, its own user's included: a leaked key mints no others.
    expect((await api.get(API_PATHS.apiKeys)).status).toBe(403);
    expect((await api.post(API_PATHS.apiKeys, { name: 'more' })).body).toMatchObject({ error: 'FORBIDDEN' });

    const stranger = client((await (await signedIn()).newKey()).key);
    expect((await stranger.post(API_PATHS.transferProgress, { id: start.body.id })).status).toBe(404);
    expect((await stranger.get(url)).status).toBe(404);
    expect((await stranger.post('/api/miaohui/file/historyTasks', { pageNum: 1, pageSize: 10 })).body.data.total).toBe(0);
  });

  it('limits each key per minute: RateLimit-* headers, then 429 TOO_FREQUENT with Retry-After; other keys go on', async () => {
    const owner = await signedIn();
    const api = client((await owner.newKey()).key);
    const first = await api.get('/api/user/getUserInfo');
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe(String(REQUESTS_PER_MINUTE));
    expect(first.headers['ratelimit-remaining']).toBe(String(REQUESTS_PER_MINUTE - 1));
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    // Counted atomically in Redis: the rest of the minute's requests may arrive at once.
    const rest = await Promise.all(Array.from({ length: REQUESTS_PER_MINUTE - 1 }, () => api.get('/api/user/getUserInfo')));
    expect(rest.map((r) => r.status)).toEqual(Array(REQUESTS_PER_MINUTE - 1).fill(200));

    const refused = await api.get('/api/user/getUserInfo');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'TOO_FREQUENT', message: ERRORS.TOO_FREQUENT.message });
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Counted per key, not per user: the same user's browser and another key are not held back.
    expect((await request(stack.app).get('/api/user/getUserInfo').set('Cookie', owner.cookie)).status).toBe(200);
    expect((await client((await owner.newKey()).key).get('/api/user/getUserInfo')).status).toBe(200);
  });

  it('revokes a key: it is gone from the list and answers 401 API_KEY_INVALID, like an unknown key', async () => {
    const owner = await signedIn();
    const created = await owner.newKey();
    const api = client(created.key);
    expect((await api.get('/api/user/getUserInfo')).body.data.userInfo.email).toBe(owner.user.email);

    const other = await signedIn();
    expect((await other.revoke(created.apiKey.id)).status).toBe(404);
    expect((await owner.revoke('no-such-key')).status).toBe(404);
    expect((await owner.revoke(created.apiKey.id)).body).toEqual({ code: 0 });
    expect((await owner.revoke(created.apiKey.id)).status).toBe(404);
    expect((await owner.list()).body.data).toEqual([]);

    const invalid = { status: 401, message: ERRORS.API_KEY_INVALID.message };
    const revoked = await api.get('/api/user/getUserInfo');
    expect({ status: revoked.status, message: revoked.body.message }).toEqual(invalid);
    const unknown = await client(`sheaf_${'x'.repeat(43)}`).post(API_PATHS.transfer, { toolType: 'merge-pdf', urls: 'a;b' });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual(invalid);
  });

  it(`holds ${API_KEYS_PER_USER} live keys at most (409 API_KEY_LIMIT) and names them with 1–60 characters`, async () => {
    const owner = await signedIn();
    expect((await owner.create('   ')).body.error).toBe('ILLEGAL_INPUT');
    expect((await owner.create('x'.repeat(61))).body.error).toBe('ILLEGAL_INPUT');
    expect((await request(stack.app).post(API_PATHS.apiKeys).send({ name: 'anyone' })).status).toBe(401);

    const keys: CreatedApiKey[] = [];
    for (let i = 0; i < API_KEYS_PER_USER; i++) keys.push(await owner.newKey(`key ${i}`));
    const over = await owner.create('one more');
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ error: 'API_KEY_LIMIT', message: ERRORS.API_KEY_LIMIT.message });
    // Newest first.
    expect((await owner.list()).body.data.map((k: ApiKeyView) => k.name)).toEqual(keys.map((k) => k.apiKey.name).reverse());

    await owner.revoke(keys[0].apiKey.id);
    expect((await owner.create('one more')).body.code).toBe(0);
  });

  it('names a key without its control, bidirectional and zero-width characters, as a file is named', async () => {
    const owner = await signedIn();
    const created = await owner.newKey('\u202Eyek\u200B nightly\uFEFF\u2066 merge\u200D');
    expect(created.apiKey.name).toBe('yek nightly merge');
    expect((await owner.list()).body.data.map((k: ApiKeyView) => k.name)).toEqual(['yek nightly merge']);
    // Persian keeps the non-joiner its spelling needs.
    expect((await owner.newKey('کلید\u200Cها')).apiKey.name).toBe('کلید\u200Cها');
    expect((await owner.create('\u200B\u202E\u200D')).body.error).toBe('ILLEGAL_INPUT');
  });
});

describe('wrong credentials count against the address they come from', () => {
  const FAILURES = 5;
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ FAILED_AUTH_PER_MINUTE: FAILURES }, { worker: false });
  });
  afterAll(() => stack.stop());

  it(`after ${FAILURES} wrong keys in a minute, refuses every key from that address (a right one too) with 429 and Retry-After, until the minute ends`, async () => {
    const user = await createUser(stack.deps);
    const { cookie } = await createSession(stack.deps, user.id);
    const key = ((await request(stack.app).post(API_PATHS.apiKeys).set('Cookie', cookie).send({ name: 'script' })).body.data as CreatedApiKey).key;
    const withKey = (k: string) => request(stack.app).get('/api/user/getUserInfo').set('Authorization', `Bearer ${k}`);
    expect((await withKey(key)).status).toBe(200);

    for (let i = 0; i < FAILURES; i++) {
      const guess = await withKey(`sheaf_${String(i).repeat(43)}`);
      expect({ status: guess.status, error: guess.body.error }).toEqual({ status: 401, error: 'API_KEY_INVALID' });
    }
    for (const k of [key, `sheaf_${'9'.repeat(43)}`]) {
      const refused = await withKey(k);
      expect({ status: refused.status, body: refused.body }).toMatchObject({ status: 429, body: { error: 'TOO_FREQUENT', message: ERRORS.TOO_FREQUENT.message } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // The same lane holds login links; a browser already signed in goes on.
    const link = await request(stack.app).post('/api/user/emailLogin').send({ email: user.email, token: 'x'.repeat(40) });
    expect({ status: link.status, error: link.body.error }).toEqual({ status: 429, error: 'TOO_FREQUENT' });
    expect((await request(stack.app).get('/api/user/getUserInfo').set('Cookie', cookie)).status).toBe(200);

    // The minute ends (shortened here): the right key works again.
    const [counter] = await stack.deps.redis.keys(`${stack.deps.env.QUEUE_PREFIX}:rl:auth-failures:*`);
    await stack.deps.redis.pexpire(counter, 1);
    await vi.waitFor(async () => expect(await stack.deps.redis.exists(counter)).toBe(0));
    expect((await withKey(key)).status).toBe(200);
  });

  it('counts wrong login links too: past the limit, the next link answers 429', async () => {
    const user = await createUser(stack.deps);
    for (let i = 0; i < FAILURES; i++) {
      const guess = await request(stack.app).post('/api/user/emailLogin').send({ email: user.email, token: `${i}`.repeat(40) });
      expect(guess.body.error).toBe('LINK_INVALID');
    }
    const refused = await request(stack.app).post('/api/user/emailLogin').send({ email: user.email, token: 'y'.repeat(40) });
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 429, error: 'TOO_FREQUENT' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
