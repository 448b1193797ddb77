import http from 'node:http';
import net from 'node:net';
import { isBlockedError, type RequestGuard } from '#shared/server/ssrf-guard';

/** Headers that belong to one connection and are never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/** A silent upstream is dropped after this long; the job's own deadline stays the real limit. */
const IDLE_MS = 30_000;

export interface GuardedProxy {
  /** `http://127.0.0.1:<port>`, for Chromium's proxy setting. */
  url: string;
  /** Bytes received from the web so far (bodies of plain HTTP, whole tunnels for HTTPS). */
  bytesReceived(): number;
  close(): Promise<void>;
}

export interface GuardedProxyOptions {
  /** Past this many bytes received, every connection is cut and `onLimit` is called once. */
  maxBytes: number;
  onLimit(): void;
}

/**
 * A forward proxy for one conversion, on 127.0.0.1. Chromium sends every request of the job's
 * browser context through it (plain HTTP as absolute-URI requests, HTTPS and WebSocket as CONNECT
 * tunnels), so this is where the SSRF guard has the last word: each destination is checked and
 * resolved by the guard, and the connection goes to the very address the guard approved — Chromium
 * never resolves a name itself, which closes the DNS-rebinding window. It also counts the bytes
 * the page pulls in.
 */
export async function startGuardedProxy(guard: RequestGuard, opts: GuardedProxyOptions): Promise<GuardedProxy> {
  const sockets = new Set<net.Socket>();
  let received = 0;
  let overLimit = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > opts.maxBytes && !overLimit) {
      overLimit = true;
      for (const s of sockets) s.destroy();
      opts.onLimit();
    }
  };

  const server = http.createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (target.protocol !== 'http:' || overLimit) {
      res.writeHead(403).end();
      return;
    }
    const port = target.port ? Number(target.port) : 80;
    guard.check(target.hostname, port).then(
      (dest) => {
        const headers: string[] = [];
        for (let i = 0; i < req.rawHeaders.length; i += 2) {
          if (!HOP_BY_HOP.has(req.rawHeaders[i].toLowerCase())) headers.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
        }
        const upstream = http.request({
          host: dest.address,
          family: dest.family,
          port,
          method: req.method,
          path: `${target.pathname}${target.search}`,
          headers,
          setHost: false,
          agent: false,
        });
        upstream.on('socket', track);
        upstream.setTimeout(IDLE_MS, () => upstream.destroy());
        upstream.on('response', (answer) => {
          const out: string[] = [];
          for (let i = 0; i < answer.rawHeaders.length; i += 2) {
            if (!HOP_BY_HOP.has(answer.rawHeaders[i].toLowerCase())) out.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
          }
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
          answer.on('data', count);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        });
        upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
        req.pipe(upstream);
      },
      (e: unknown) => {
        res.writeHead(isBlockedError(e) ? 403 : 502, { 'x-sheaf-blocked': isBlockedError(e) ? '1' : '0' }).end();
      },
    );
  });

  server.on('connection', track);
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const m = /^\[?([^\]]*)\]?:(\d{1,5})$/.exec(req.url ?? '');
    if (!m || overLimit) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const port = Number(m[2]);
    client.on('error', () => client.destroy());
    guard.check(m[1], port).then(
      (dest) => {
        const upstream = net.connect({ host: dest.address, family: dest.family, port });
        track(upstream);
        upstream.setTimeout(IDLE_MS, () => upstream.destroy());
        let open = false;
        upstream.once('connect', () => {
          open = true;
          client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
          if (head.length) upstream.write(head);
          upstream.on('data', count);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.on('error', () => (open ? client.destroy() : client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')));
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      },
      (e: unknown) => client.end(isBlockedError(e) ? 'HTTP/1.1 403 Forbidden\r\nX-Sheaf-Blocked: 1\r\n\r\n' : 'HTTP/1.1 502 Bad Gateway\r\n\r\n'),
    );
  });
  // WebSockets over plain HTTP arrive as upgrades: the converter has no use for them.
  server.on('upgrade', (_req, socket: net.Socket) => socket.destroy());
  server.on('clientError', (_e, socket: net.Socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bytesReceived: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
