import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGuardedProxy, type GuardedProxy } from '../../worker/src/html-to-pdf/guarded-proxy';
import { RequestGuard, type LookupAll } from '#shared/server/ssrf-guard';

/** A local server that records what reaches it; `/big` answers 2 MB. */
let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    if (req.url === '/big') {
      res.end(Buffer.alloc(2 << 20));
      return;
    }
    res.writeHead(201, { 'x-answer': 'yes' }).end(`hello ${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A GET through the proxy, as Chromium sends plain HTTP: the absolute URL as the request target. */
function viaProxy(proxy: GuardedProxy, url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port: proxyPort } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: Number(proxyPort), path: url, headers: { host: new URL(url).host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A CONNECT through the proxy, as for HTTPS: the status line, and the tunnel when it opened. */
function connectVia(proxy: GuardedProxy, target: string): Promise<{ status: number; socket: Socket }> {
  const { port: proxyPort } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: Number(proxyPort), method: 'CONNECT', path: target });
    req.on('connect', (res, socket) => resolve({ status: res.statusCode!, socket }));
    req.on('response', (res) => resolve({ status: res.statusCode!, socket: res.socket }));
    req.on('error', reject);
    req.end();
  });
}

function zone(answers: string[][]): LookupAll {
  let call = 0;
  return async () => (answers[Math.min(call++, answers.length - 1)] ?? []).map((address) => ({ address, family: 4 }));
}

async function withProxy(guard: RequestGuard, run: (proxy: GuardedProxy, limit: { hit: boolean }) => Promise<void>, maxBytes = 10 << 20) {
  const limit = { hit: false };
  const proxy = await startGuardedProxy(guard, { maxBytes, onLimit: () => (limit.hit = true) });
  try {
    await run(proxy, limit);
  } finally {
    await proxy.close();
  }
}

describe('the guarded proxy', () => {
  it('forwards plain HTTP to an allowed destination, status, headers and body', async () => {
    await withProxy(new RequestGuard({ allowlist: [`127.0.0.1:${port}`] }), async (proxy) => {
      const res = await viaProxy(proxy, `http://127.0.0.1:${port}/page?q=1`);
      expect(res).toMatchObject({ status: 201, body: 'hello /page?q=1' });
      expect(res.headers['x-answer']).toBe('yes');
    });
  });

  it('refuses an internal destination with 403 and never reaches it', async () => {
    hits.length = 0;
    await withProxy(new RequestGuard({ allowlist: [] }), async (proxy) => {
      const res = await viaProxy(proxy, `http://127.0.0.1:${port}/secret`);
      expect(res.status).toBe(403);
      expect(res.headers['x-sheaf-blocked']).toBe('1');
      expect((await connectVia(proxy, `127.0.0.1:${port}`)).status).toBe(403);
      expect((await connectVia(proxy, `[::1]:${port}`)).status).toBe(403);
    });
    expect(hits).toEqual([]);
  });

  it('tunnels CONNECT to an allowed destination', async () => {
    await withProxy(new RequestGuard({ allowlist: [`127.0.0.1:${port}`] }), async (proxy) => {
      const { status, socket } = await connectVia(proxy, `127.0.0.1:${port}`);
      expect(status).toBe(200);
      socket.write(`GET /tunnelled HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      const answer = await new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (c: Buffer) => (text += c.toString()));
        socket.on('close', () => resolve(text));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 201/);
      expect(answer).toContain('hello /tunnelled');
    });
  });

  it('connects to the address it checked, even when DNS answers differently later (rebinding)', async () => {
    hits.length = 0;
    // First answer: the allowed local server; any later answer: somewhere else entirely.
    const guard = new RequestGuard({ allowlist: [`pinned.test:${port}`], lookup: zone([['127.0.0.1'], ['10.9.9.9']]) });
    await withProxy(guard, async (proxy) => {
      expect((await viaProxy(proxy, `http://pinned.test:${port}/one`)).status).toBe(201);
      expect((await viaProxy(proxy, `http://pinned.test:${port}/two`)).status).toBe(201);
    });
    // The Host header stays the name, so virtual hosts still work.
    expect(hits).toEqual([`pinned.test:${port} /one`, `pinned.test:${port} /two`]);
  });

  it('refuses a public-looking name whose address is internal', async () => {
    hits.length = 0;
    const guard = new RequestGuard({ allowlist: [], lookup: zone([['127.0.0.1']]) });
    await withProxy(guard, async (proxy) => {
      expect((await viaProxy(proxy, `http://innocent.test:${port}/`)).status).toBe(403);
      expect((await connectVia(proxy, `innocent.test:443`)).status).toBe(403);
    });
    expect(hits).toEqual([]);
  });

  it('cuts every connection once the page has downloaded more than its limit', async () => {
    await withProxy(
      new RequestGuard({ allowlist: [`127.0.0.1:${port}`] }),
      async (proxy, limit) => {
        // The answer is cut short (or the connection reset): never the whole 2 MB.
        const received = await viaProxy(proxy, `http://127.0.0.1:${port}/big`).then(
          (res) => res.body.length,
          () => 0,
        );
        expect(received).toBeLessThan(2 << 20);
        expect(limit.hit).toBe(true);
        expect(proxy.bytesReceived()).toBeGreaterThan(1 << 20);
      },
      1 << 20,
    );
  });
});
