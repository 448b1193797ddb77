import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, decodeResultString, type TaskAnswer } from '#shared/api';
import { newApiKey } from '#shared/server/api-keys';
import { randomId } from '#shared/server/ids';
import { verifyWebhook } from '#shared/server/webhook-signature';
import { enqueueWebhook } from '../../worker/src/jobs/webhooks';
import { createSession, createUser } from '../support/factories';
import { fixture } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

/** Three pages: deleting page 2 ends Done, deleting every page ends Failed (CANNOT_DELETE_ALL). */
const PDF = fixture('pdf/pypdf_multicolumn.pdf');

interface Hit {
  method: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('webhooks: a task started with an API key and a webhookUrl is POSTed, signed, when it ends', () => {
  let stack: Stack;
  let receiver: http.Server;
  let receiverOrigin: string;
  /** What reached the receiver, by path; a path in `failFirst` answers 500 that many times first, one in `redirects` always 302. */
  const hits = new Map<string, Hit[]>();
  const failFirst = new Map<string, number>();
  const redirects = new Map<string, string>();

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const url = req.url ?? '';
        hits.set(url, [...(hits.get(url) ?? []), { method: req.method ?? '', headers: req.headers, body }]);
        const failures = failFirst.get(url) ?? 0;
        failFirst.set(url, failures - 1);
        const movedTo = redirects.get(url);
        if (movedTo) res.writeHead(302, { Location: movedTo }).end();
        else res.writeHead(failures > 0 ? 500 : 200).end(failures > 0 ? 'not now' : 'ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    receiverOrigin = `http://127.0.0.1:${port}`;
    // The receiver is internal: only the allowlist lets the guard through to it, as for HTML to PDF's test pages.
    stack = await startStack({ URL_FETCH_ALLOWLIST: [`127.0.0.1:${port}`], WEBHOOK_RETRY_BASE_MS: 50 });
  });
  afterAll(async () => {
    await stack.stop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  /** A user with a fresh key, calling the API as a script would: the Bearer key, no cookie. */
  async function keyHolder() {
    const user = await createUser(stack.deps);
    const made = newApiKey();
    const apiKey = await stack.deps.db.apiKey.create({
      data: { userId: user.id, name: 'hooks', prefix: made.prefix, hash: made.hash, webhookSecret: made.webhookSecret },
    });
    const auth = { Authorization: `Bearer ${made.key}` };
    return {
      user,
      apiKey,
      auth,
      secret: made.webhookSecret,
      post: (route: string, body: object) => request(stack.app).post(route).set(auth).send(body),
      async uploadToken() {
        const res = await request(stack.app)
          .post(API_PATHS.upload)
          .set(auth)
          .field('toolType', 'delete-pages')
          .attach('file', fs.readFileSync(PDF), path.basename(PDF));
        expect(res.body.code).toBe(1000);
        return res.body.token as string;
      },
    };
  }

  // Each test has a receiver path of its own, so the tests that wait for a task run side by side.
  const hookPath = (name: string) => `/hooks/${name}-${randomId(8)}`;

  /** The task's delivery once it is settled (delivered or failed). */
  async function settledDelivery(taskId: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const row = await stack.deps.db.webhookDelivery.findUnique({ where: { taskId } });
      if (row?.deliveredAt || row?.failedAt) return row;
      if (Date.now() > deadline) throw new Error(`webhook of task ${taskId} not settled: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it.concurrent("POSTs a Done task's transferProgress answer once, with absolute URLs, signed with the key's webhook secret", async () => {
    const api = await keyHolder();
    const hook = hookPath('done');
    const start = await api.post(API_PATHS.transfer, {
      toolType: 'delete-pages',
      token: await api.uploadToken(),
      pages: '2',
      webhookUrl: `${receiverOrigin}${hook}`,
    });
    expect(start.status).toBe(200);
    const delivery = await settledDelivery(start.body.id);
    expect(delivery).toMatchObject({ attempts: 1, responseStatus: 200, error: null, failedAt: null });
    expect(await stack.deps.db.task.findUnique({ where: { id: start.body.id } })).toMatchObject({
      apiKeyId: api.apiKey.id,
      webhookUrl: `${receiverOrigin}${hook}`,
    });

    const [hit, ...more] = hits.get(hook) ?? [];
    expect(more).toHaveLength(0);
    expect(hit.method).toBe('POST');
    expect(hit.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'Sheaf-Webhooks',
      'sheaf-webhook-id': delivery.id,
    });
    const signature = hit.headers['sheaf-signature'] as string;
    expect(verifyWebhook(api.secret, signature, hit.body)).toBe(true);
    expect(verifyWebhook(newApiKey().webhookSecret, signature, hit.body)).toBe(false);
    expect(verifyWebhook(api.secret, signature, hit.body.replace('Done', 'Dona'))).toBe(false);

    const progress = (await api.post(API_PATHS.transferProgress, { id: start.body.id })).body as TaskAnswer;
    expect(progress.result.status).toBe('Done');
    const sent = JSON.parse(hit.body) as TaskAnswer;
    const origin = stack.deps.env.PUBLIC_URL;
    expect(sent.result.fileurl).toBe(`${origin}${progress.result.fileurl}`);
    expect(sent.result.pdfurl).toBe(`${origin}${progress.result.pdfurl}`);
    // The rest is transferProgress's answer field for field; resultString carries the result as sent.
    const relative = {
      ...sent,
      result: { ...sent.result, fileurl: progress.result.fileurl, pdfurl: progress.result.pdfurl },
      resultString: progress.resultString,
    };
    expect(relative).toEqual(progress);
    expect(decodeResultString(sent.resultString)).toEqual(sent.result);
    // The receiver can fetch the result with the key at the absolute URL it was given.
    const download = await fetch(sent.result.fileurl!, { headers: api.auth });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).toString('latin1', 0, 5)).toBe('%PDF-');
  });

  it.concurrent(
    'retries a receiver that answers 500 twice and records the delivery after the third attempt, under one webhook id',
    async () => {
      const api = await keyHolder();
      const hook = hookPath('flaky');
      failFirst.set(hook, 2);
      const start = await api.post(API_PATHS.transfer, {
        toolType: 'delete-pages',
        token: await api.uploadToken(),
        pages: '2',
        webhookUrl: `${receiverOrigin}${hook}`,
      });
      const delivery = await settledDelivery(start.body.id);
      expect(delivery).toMatchObject({ attempts: 3, responseStatus: 200, error: null, failedAt: null });
      expect(delivery.deliveredAt).not.toBeNull();
      const received = hits.get(hook) ?? [];
      expect(received).toHaveLength(3);
      expect(new Set(received.map((h) => h.headers['sheaf-webhook-id']))).toEqual(new Set([delivery.id]));
      expect(new Set(received.map((h) => h.body)).size).toBe(1);
    },
  );

  it.concurrent("POSTs a Failed task's answer too", async () => {
    const api = await keyHolder();
    const hook = hookPath('failed');
    const start = await api.post(API_PATHS.transfer, {
      toolType: 'delete-pages',
      token: await api.uploadToken(),
      pages: '1-',
      webhookUrl: `${receiverOrigin}${hook}`,
    });
    const delivery = await settledDelivery(start.body.id);
    expect(delivery).toMatchObject({ attempts: 1, responseStatus: 200 });
    const [hit] = hits.get(hook) ?? [];
    const sent = JSON.parse(hit.body) as TaskAnswer;
    expect(sent.result).toMatchObject({ status: 'Failed', errorCode: 'CANNOT_DELETE_ALL' });
    expect(verifyWebhook(api.secret, hit.headers['sheaf-signature'] as string, hit.body)).toBe(true);
    expect(sent).toEqual((await api.post(API_PATHS.transferProgress, { id: start.body.id })).body);
  });

  /** A task that already ended with this webhook, its delivery queued as the worker queues it (no task to run). */
  async function endedTask(api: { user: { id: string }; apiKey: { id: string } }, webhookUrl: string) {
    const task = await stack.deps.db.task.create({
      data: {
        tool: 'delete-pages',
        name: 'a.pdf',
        status: 'FAILED',
        errorCode: 'TASK_FAILED',
        options: {},
        inputTokens: [],
        userId: api.user.id,
        apiKeyId: api.apiKey.id,
        webhookUrl,
      },
    });
    await enqueueWebhook(stack.deps, task);
    return task;
  }

  it('follows no redirect, gives up after five attempts, and sends nothing where the guard now refuses the address', async () => {
    const api = await keyHolder();
    const hook = hookPath('moved');
    const target = hookPath('target');
    redirects.set(hook, `${receiverOrigin}${target}`);
    const moved = await settledDelivery((await endedTask(api, `${receiverOrigin}${hook}`)).id);
    expect(moved).toMatchObject({ attempts: 5, responseStatus: 302, deliveredAt: null, error: 'answered 302' });
    expect(moved.failedAt).not.toBeNull();
    expect(hits.get(hook)).toHaveLength(5);
    expect(hits.get(target)).toBeUndefined();

    // An address the guard refuses at delivery (say a name that resolves elsewhere since the transfer): no request, no retry.
    const internal = await settledDelivery((await endedTask(api, 'http://127.0.0.1:9/')).id);
    expect(internal).toMatchObject({ attempts: 1, responseStatus: null, deliveredAt: null, error: expect.stringMatching(/loopback/) });
    expect(internal.failedAt).not.toBeNull();
  });

  it('sends nothing for a task whose key was revoked, and records why', async () => {
    const api = await keyHolder();
    const hook = hookPath('revoked');
    await stack.deps.db.apiKey.update({ where: { id: api.apiKey.id }, data: { revokedAt: new Date() } });
    const delivery = await settledDelivery((await endedTask(api, `${receiverOrigin}${hook}`)).id);
    expect(delivery).toMatchObject({ attempts: 0, deliveredAt: null, error: expect.stringMatching(/revoked/) });
    expect(hits.get(hook)).toBeUndefined();
  });

  it('refuses at transfer a webhookUrl to an internal address, of another scheme, or without an API key', async () => {
    const api = await keyHolder();
    const token = await api.uploadToken();
    const transfer = (webhookUrl: string) => api.post(API_PATHS.transfer, { toolType: 'delete-pages', token, pages: '2', webhookUrl });
    for (const internal of [
      'http://127.0.0.1:9/',
      'http://169.254.169.254/latest/meta-data/',
      'http://localhost:8080/hook',
      'http://[::1]/',
    ]) {
      const res = await transfer(internal);
      expect([internal, res.status, res.body.error]).toEqual([internal, 400, 'URL_BLOCKED']);
    }
    for (const invalid of ['ftp://example.com/hook', 'not a url']) {
      const res = await transfer(invalid);
      expect([invalid, res.status, res.body.error]).toEqual([invalid, 400, 'URL_INVALID']);
    }

    // The same user in a browser session: there is no key whose secret could sign the deliveries.
    const { cookie } = await createSession(stack.deps, api.user.id);
    const session = await request(stack.app)
      .post(API_PATHS.transfer)
      .set('Cookie', cookie)
      .send({ toolType: 'delete-pages', token, pages: '2', webhookUrl: `${receiverOrigin}/hooks/x` });
    expect([session.status, session.body.error]).toEqual([400, 'WEBHOOK_NEEDS_KEY']);
    expect(await stack.deps.db.task.count({ where: { userId: api.user.id } })).toBe(0);
  });
});
