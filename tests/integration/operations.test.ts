import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWorkerMetrics } from '../../worker/src/jobs/metrics';
import { visitor } from '../support/api-client';
import { fixture } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

const TOKEN = 'metrics-token-0123456789';
const SMALL_PDF = fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf');

/** Sends a whole request (head and body) before reading a byte, as Python's urllib does, and answers what came back. */
function sendWholeThenRead(baseUrl: string, head: string, body: Buffer): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('error', reject);
    socket.on('connect', () => {
      socket.pause();
      socket.write(head);
      socket.write(body, () => {
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
        socket.resume();
      });
    });
  });
}

/** One metric's value in Prometheus's text format (the first series whose labels include all of `labels`). */
function metricValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => (m[2] ?? '').split(',').includes(`${k}="${v}"`));
    if (has) return Number(m[3]);
  }
  return undefined;
}

describe('operating it: metrics, rate limits, backpressure, task cap, 413', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ METRICS_TOKEN: TOKEN, MAX_UPLOAD_MB: 4, UPLOADS_PER_MINUTE: 8, TASKS_PER_USER: 2, QUEUE_BUSY_DEPTH: 2 });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const scrape = () => request(stack.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);

  it('serves /metrics only with the token, and not at all without METRICS_TOKEN', async () => {
    expect((await request(stack.app).get('/metrics')).status).toBe(401);
    const wrong = await request(stack.app).get('/metrics').set('Authorization', 'Bearer not-the-token-at-all');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('NOT_SIGNED_IN');
    const unset = stack.anotherApp({ ...stack.deps, env: { ...stack.deps.env, METRICS_TOKEN: undefined } });
    expect((await request(unset).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('counts a task by tool and outcome, its queue wait, its engine calls and its requests by route pattern', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(SMALL_PDF);
    const done = await v.waitForTask((await v.transfer({ toolType: 'rotate-pdf', token, angle: 90 })).body.id);
    expect(done.code).toBe(1000);
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.text;
    expect(metricValue(text, 'sheaf_tasks_total', { tool: 'rotate-pdf', outcome: 'done' })).toBe(1);
    expect(metricValue(text, 'sheaf_queue_wait_seconds_count', { queue: 'tasks-quick' })).toBe(1);
    expect(metricValue(text, 'sheaf_engine_duration_seconds_count', { engine: 'qpdf' })).toBeGreaterThanOrEqual(1);
    expect(
      metricValue(text, 'sheaf_http_request_duration_seconds_count', { route: '/api/miaohui/file/unLoginTransfer', status: '2xx' }),
    ).toBe(1);
    expect(
      metricValue(text, 'sheaf_http_request_duration_seconds_count', { route: '/api/miaohui/file/transferProgress', status: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'sheaf_queue_jobs', { queue: 'tasks-quick', state: 'waiting' })).toBe(0);
    expect(metricValue(text, 'sheaf_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it("serves a worker's own /metrics on WORKER_METRICS_PORT, with the same token", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const server = serveWorkerMetrics({ ...stack.deps.env, WORKER_METRICS_PORT: port })!;
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(metricValue(await res.text(), 'sheaf_tasks_total', { tool: 'rotate-pdf', outcome: 'done' })).toBe(1);
    } finally {
      server.close();
    }
  });

  it('caps the tasks in progress per requester, then refuses transfers with 503 and Retry-After while the queue is too deep', async () => {
    await stack.deps.quickTasks.pause();
    try {
      const first = visitor(stack.app);
      const token = await first.uploadToken(SMALL_PDF);
      for (let i = 0; i < 2; i++) expect((await first.transfer({ toolType: 'rotate-pdf', token, angle: 90 })).status).toBe(200);
      const third = await first.transfer({ toolType: 'rotate-pdf', token, angle: 90 });
      expect(third.status).toBe(429);
      expect(third.body.error).toBe('TASKS_RUNNING');

      // Two tasks wait (QUEUE_BUSY_DEPTH=2): one more is taken, the next is refused.
      const second = visitor(stack.app);
      const other = await second.uploadToken(SMALL_PDF);
      expect((await second.transfer({ toolType: 'rotate-pdf', token: other, angle: 90 })).status).toBe(200);
      const busy = await second.transfer({ toolType: 'rotate-pdf', token: other, angle: 90 });
      expect(busy.status).toBe(503);
      expect(busy.body.error).toBe('SERVICE_BUSY');
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(5);
      expect(metricValue((await scrape()).text, 'sheaf_queue_jobs', { queue: 'tasks-quick', state: 'waiting' })).toBe(3);
    } finally {
      await stack.deps.quickTasks.resume();
    }
  });

  it('answers 413 to a client that sends its whole too-large upload before reading', async () => {
    const body = Buffer.alloc(12 * 1024 * 1024, 0x61);
    const head = [
      'POST /api/miaohui/file/unLoginUpload HTTP/1.1',
      `Host: 127.0.0.1`,
      'Content-Type: multipart/form-data; boundary=x',
      `Content-Length: ${body.length}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n');
    const answer = await sendWholeThenRead(stack.baseUrl, head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('Your File is Too Large');
    // The server still answers the next upload.
    expect((await visitor(stack.app).upload(SMALL_PDF)).status).toBe(200);
  });

  it('limits uploads a minute with 429, Retry-After and the RateLimit headers', async () => {
    const v = visitor(stack.app);
    let refused;
    for (let i = 0; i < 9 && !refused; i++) {
      const res = await v.upload(SMALL_PDF);
      if (res.status === 429) refused = res;
      else expect(Number(res.headers['ratelimit-remaining'])).toBeLessThan(8);
    }
    expect(refused?.body.error).toBe('TOO_FREQUENT');
    expect(refused?.headers['ratelimit-limit']).toBe('8');
    expect(refused?.headers['ratelimit-remaining']).toBe('0');
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused?.headers['ratelimit-reset']).toBe(String(retryAfter));
    const refusals = metricValue((await scrape()).text, 'sheaf_http_request_duration_seconds_count', {
      route: '/api/miaohui/file/unLoginUpload',
      status: '4xx',
    });
    expect(refusals).toBeGreaterThanOrEqual(1);
  });
});
