import http from 'node:http';
import Stripe from 'stripe';
import type { ApiRoute, PageRoute } from './context';
import { StripeApiError } from './errors';
import { parseForm, ParamError, type Params } from './form-body';
import { newId } from './store';

interface ServerOptions {
  secretKey: string;
  apiRoutes: ApiRoute[];
  pageRoutes: PageRoute[];
  /** While true, every /v1 call gets its connection dropped, as when Stripe cannot be reached. */
  unreachable(): boolean;
}

type Compiled<R> = { route: R; pattern: RegExp; names: string[] };

function compile<R extends { path: string }>(routes: R[]): Compiled<R>[] {
  return routes.map((route) => {
    const names: string[] = [];
    const source = route.path.replace(/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { route, pattern: new RegExp(`^${source}$`), names };
  });
}

function match<R extends { method: string; path: string }>(routes: Compiled<R>[], method: string, pathname: string) {
  for (const { route, pattern, names } of routes) {
    const m = route.method === method && pattern.exec(pathname);
    if (m) return { route, path: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])])) };
  }
  return undefined;
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

/**
 * The HTTP side: /v1 answers Stripe's API (Bearer key, form-encoded bodies, Idempotency-Key,
 * Stripe's error shape); the other paths are the hosted pages a browser visits.
 */
export function createServer(opts: ServerOptions): http.Server {
  const api = compile(opts.apiRoutes);
  const pages = compile(opts.pageRoutes);
  // A replayed Idempotency-Key gets the first answer again, whatever has changed since.
  const idempotent = new Map<string, { request: string; status: number; body: string }>();

  return http.createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://stand-in');
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/v1/')) {
      if (opts.unreachable()) return req.socket.destroy();
      const body = await readBody(req);
      const send = (status: number, text: string, replayed = false) => {
        res.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': newId('req', 14),
          'Stripe-Version': Stripe.API_VERSION,
          ...(replayed && { 'Idempotent-Replayed': 'true' }),
        });
        res.end(text);
      };
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ')) return send(401, JSON.stringify(new StripeApiError(401, 'invalid_request_error', 'You did not provide an API key.').body));
      if (auth.slice(7) !== opts.secretKey) {
        const shown = `${auth.slice(7, 15)}${'*'.repeat(8)}${auth.slice(-4)}`;
        return send(401, JSON.stringify(new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${shown}`).body));
      }
      const key = method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const earlier = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (earlier && earlier.request !== `${url.pathname}?${body}`) {
        const misuse = new StripeApiError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
        return send(400, JSON.stringify(misuse.body));
      }
      if (earlier) return send(earlier.status, earlier.body, true);
      let status: number;
      let answer: unknown;
      try {
        ({ status, answer } = answerApi(api, method, url, body));
      } catch (err) {
        // A bug in the stand-in: Stripe's shape for its own failures, so the caller's error names it.
        status = 500;
        answer = { error: { type: 'api_error', message: `Stand-in failure: ${String(err)}` } };
      }
      const text = JSON.stringify(answer, null, 2);
      if (typeof key === 'string' && status < 500) idempotent.set(key, { request: `${url.pathname}?${body}`, status, body: text });
      return send(status, text);
    }

    const found = match(pages, method, url.pathname);
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return res.end('Not found');
    }
    const params: Params = { ...parseForm(url.search.slice(1)), ...parseForm(method === 'POST' ? await readBody(req) : '') };
    try {
      const answer = await found.route.handle({ params, path: found.path, url: url.pathname });
      if ('redirect' in answer) {
        res.writeHead(303, { Location: answer.redirect });
        return res.end();
      }
      res.writeHead(answer.status, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(answer.html);
    } catch (err) {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(err));
    }
  });
}

function answerApi(api: Compiled<ApiRoute>[], method: string, url: URL, body: string): { status: number; answer: unknown } {
  const found = match(api, method, url.pathname);
  if (!found) {
    return { status: 404, answer: new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${url.pathname}).`).body };
  }
  try {
    const params = { ...parseForm(url.search.slice(1)), ...parseForm(body) };
    return { status: 200, answer: found.route.handle({ params, path: found.path, url: url.pathname }) };
  } catch (err) {
    if (err instanceof StripeApiError) return { status: err.status, answer: err.body };
    if (err instanceof ParamError) return { status: 400, answer: new StripeApiError(400, 'invalid_request_error', err.message, 'parameter_invalid', err.param).body };
    throw err;
  }
}
