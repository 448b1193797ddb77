import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '#shared/api';
import { SIGNATURES_PATH } from '#shared/signatures';
import { createSession, createUser } from '../support/factories';
import { BILLING_WITHOUT_STRIPE_CALLS, startStack, type Stack } from '../support/stack';

/** The two kinds of text no request may carry: U+0000 (PostgreSQL cannot store it) and half a surrogate pair (no UTF-8 can carry it). */
const BAD = { NUL: { text: 'a\u0000b', url: 'a%00b' }, 'a lone surrogate': { text: 'a\ud800b', url: 'a%ED%A0%80b' } } as const;

const text = (t: string) => ({ type: 'text', page: 1, rect: [0.1, 0.1, 0.5, 0.1], text: t });

/**
 * Every text input of the API, each with the field its answer must name. JSON bodies are sent as the
 * JSON text `"a\u0000b"` / `"a\ud800b"` (what JSON.parse turns into the bad string); paths and queries
 * percent-encoded, a lone surrogate as its (malformed) UTF-8 bytes ED A0 80.
 */
const JSON_CASES: { what: string; path: string; field: string; body: (bad: string) => unknown }[] = [
  { what: 'contact body', path: '/api/contact', field: 'body', body: (b) => ({ email: 'reader@example.com', body: b }) },
  { what: 'contact name', path: '/api/contact', field: 'name', body: (b) => ({ email: 'reader@example.com', name: b, body: 'hello' }) },
  { what: 'contact subject', path: '/api/contact', field: 'subject', body: (b) => ({ email: 'reader@example.com', subject: b, body: 'hello' }) },
  { what: 'sign-up name', path: '/api/user/emailLogin', field: 'name', body: (b) => ({ email: 'new@example.com', name: b }) },
  { what: 'login e-mail', path: '/api/user/emailLogin', field: 'email', body: (b) => ({ email: `x${b}@example.com` }) },
  { what: 'login link token', path: '/api/user/emailLogin', field: 'token', body: (b) => ({ email: 'x@example.com', token: b }) },
  { what: 'login channel', path: '/api/user/loginLink', field: 'channel', body: (b) => ({ email: 'x@example.com', channel: b }) },
  { what: 'check e-mail', path: '/api/user/checkEmail', field: 'email', body: (b) => ({ email: b }) },
  { what: 'Google token', path: '/api/user/googleLogin', field: 'token', body: (b) => ({ token: `eyJhbGciOi${b}` }) },
  { what: 'account name', path: '/api/user/updateName', field: 'name', body: (b) => ({ name: b }) },
  { what: 'account deletion e-mail', path: '/api/user/deleteAccount', field: 'email', body: (b) => ({ email: b }) },
  { what: 'API key name', path: API_PATHS.apiKeys, field: 'name', body: (b) => ({ name: b }) },
  { what: 'saved typed signature', path: SIGNATURES_PATH, field: 'signature.text', body: (b) => ({ signature: { kind: 'type', text: b, color: '#000000' } }) },
  { what: 'task id', path: API_PATHS.transferProgress, field: 'id', body: (b) => ({ id: b }) },
  { what: 'history token', path: '/api/miaohui/file/historyTasks', field: 'token', body: (b) => ({ token: b }) },
  { what: 'deleted task ids', path: '/api/miaohui/file/deleteTasks', field: 'ids.1', body: (b) => ({ ids: ['abcdefgh', b] }) },
  { what: 'tool type', path: API_PATHS.transfer, field: 'toolType', body: (b) => ({ toolType: b, token: 'abcdefgh' }) },
  { what: 'file token', path: API_PATHS.transfer, field: 'token', body: (b) => ({ toolType: 'compress-pdf', token: b }) },
  { what: 'webhook URL', path: API_PATHS.transfer, field: 'webhookUrl', body: (b) => ({ toolType: 'compress-pdf', token: 'abcdefgh', webhookUrl: `https://example.com/${b}` }) },
  { what: 'PDF password', path: API_PATHS.transfer, field: 'userpassword', body: (b) => ({ toolType: 'protect-pdf', token: 'abcdefgh', userpassword: b }) },
  { what: 'web page address', path: API_PATHS.transfer, field: 'url', body: (b) => ({ toolType: 'html-to-pdf', url: `https://example.com/${b}` }) },
  {
    what: 'editor text',
    path: API_PATHS.transfer,
    field: 'operations.operations.0.text',
    body: (b) => ({ toolType: 'edit-pdf', token: 'abcdefgh', operations: { version: 1, operations: [text(b)] } }),
  },
  { what: 'an unknown field name', path: API_PATHS.transfer, field: 'x\\u0000', body: () => ({ toolType: 'compress-pdf', 'x\u0000': 1 }) },
  { what: 'order channel', path: '/api/uc/order/create', field: 'channel', body: (b) => ({ productId: 'pro_month', channel: b }) },
  { what: 'order return path', path: '/api/uc/order/create', field: 'returnPath', body: (b) => ({ productId: 'pro_month', returnPath: `/${b}` }) },
  { what: 'order product', path: '/api/uc/order/create', field: 'productId', body: (b) => ({ productId: b }) },
  { what: 'payment id', path: '/api/uc/order/createPay', field: 'payId', body: (b) => ({ payId: b }) },
  { what: 'abandoned payment id', path: '/api/uc/order/abandon', field: 'payId', body: (b) => ({ payId: b }) },
  { what: 'subscription id', path: '/api/product/cancelSubscription', field: 'subscriptionId', body: (b) => ({ subscriptionId: b }) },
  { what: 'AI question', path: '/api/dhjai/stream/ask', field: 'question', body: (b) => ({ question: b }) },
  { what: 'AI document id', path: '/api/dhjai/stream/ask', field: 'documentId', body: (b) => ({ documentId: `abcdef${b}`, question: 'why?' }) },
  { what: 'AI added file', path: '/api/dhjai/addFile', field: 'token', body: (b) => ({ token: b }) },
  { what: 'translated document', path: '/api/dhjai/translate', field: 'documentId', body: (b) => ({ documentId: `abcdef${b}`, language: 'fr' }) },
  { what: 'blog category', path: '/api/miaohui/seo/getArticleListByCategory', field: 'category', body: (b) => ({ category: b }) },
  { what: 'blog article', path: '/api/miaohui/seo/getArticleByUrl', field: 'url', body: (b) => ({ url: b }) },
];

/** Text in the address: a path segment (named `path`: the router has not matched a route yet) or a query field. */
const URL_CASES: { what: string; method: string; url: (bad: string) => string; field: string }[] = [
  { what: 'download token', method: 'GET', url: (b) => `/api/miaohui/file/download/${b}`, field: 'path' },
  { what: 'zipped task ids', method: 'GET', url: (b) => `/api/miaohui/file/zip/abcdefgh,${b}`, field: 'path' },
  { what: 'thumbnail page', method: 'GET', url: (b) => `/api/miaohui/file/thumb/abcdefgh/${b}`, field: 'path' },
  { what: 'revoked API key id', method: 'DELETE', url: (b) => `${API_PATHS.apiKeys}/${b}`, field: 'path' },
  { what: 'deleted signature id', method: 'DELETE', url: (b) => `${SIGNATURES_PATH}/${b}`, field: 'path' },
  { what: 'checked order id', method: 'GET', url: (b) => `/api/uc/order/checkPay/${b}`, field: 'path' },
  { what: 'AI title token', method: 'GET', url: (b) => `/api/dhjai/getTitle?token=${b}`, field: 'token' },
  { what: 'AI document', method: 'GET', url: (b) => `/api/dhjai/getDocument?documentId=${b}`, field: 'documentId' },
  { what: 'AI deleted document', method: 'POST', url: (b) => `/api/dhjai/del?documentId=${b}`, field: 'documentId' },
  { what: 'AI conversation', method: 'GET', url: (b) => `/api/dhjai/getDocumentListAsk?documentId=${b}&pageSize=5`, field: 'documentId' },
  { what: 'Google sign-in return page', method: 'GET', url: (b) => `/api/user/google?next=/${b}`, field: 'next' },
];

describe('text no request may carry (U+0000, lone surrogates): 400 ILLEGAL_INPUT naming the field, never 500', () => {
  let stack: Stack;
  let cookie: string;
  let errorLines: string[];
  const writeStderr = process.stderr.write.bind(process.stderr);

  beforeAll(async () => {
    stack = await startStack(BILLING_WITHOUT_STRIPE_CALLS, { worker: false });
    const user = await createUser(stack.deps);
    ({ cookie } = await createSession(stack.deps, user.id));
  });
  afterAll(() => stack.stop());
  // The api's error-level lines (an unhandled error's stack trace) are what this must never cause.
  beforeEach(() => {
    errorLines = [];
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      if (String(chunk).includes('"level":"error"')) errorLines.push(String(chunk));
      return writeStderr(chunk, ...rest);
    }) as typeof process.stderr.write;
  });
  afterEach(() => {
    process.stderr.write = writeStderr;
  });

  async function expectRefused(res: Response, field: string) {
    const body = (await res.json()) as { error: string; message: string; data?: { fields: { field: string; message: string }[] } };
    expect({ status: res.status, error: body.error }, JSON.stringify(body)).toEqual({ status: 400, error: 'ILLEGAL_INPUT' });
    expect(body.data?.fields.map((f) => f.field)).toEqual([field]);
    expect(body.message).toMatch(/must not contain U\+0000 \(NUL\) or an unpaired surrogate/);
    expect(errorLines).toEqual([]);
  }

  for (const [kind, bad] of Object.entries(BAD)) {
    it.each(JSON_CASES)(`refuses ${kind} in the JSON body's $what`, async ({ path, field, body }) => {
      const res = await fetch(stack.baseUrl + path, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body(bad.text)) });
      await expectRefused(res, field);
    });

    it.each(URL_CASES)(`refuses ${kind} in the address's $what`, async ({ method, url, field }) => {
      const res = await fetch(stack.baseUrl + url(bad.url), { method, headers: { Cookie: cookie }, redirect: 'manual' });
      await expectRefused(res, field);
    });
  }

  it('sends the JSON text itself: JSON.parse turns "\\ud800" into a lone surrogate', () => {
    expect(JSON.stringify({ id: BAD['a lone surrogate'].text })).toBe('{"id":"a\\ud800b"}');
    expect(JSON.parse('"\\ud800"')).toHaveLength(1);
  });

  it.each([
    ['NUL', 'utf-8', Buffer.from('a\u0000b', 'utf8')],
    ['a lone surrogate', 'utf-16le', Buffer.from([0x61, 0x00, 0x00, 0xd8, 0x62, 0x00])],
  ])('refuses %s in an upload form field (sent as %s)', async (_kind, charset, bytes) => {
    const boundary = 'sheafboundary';
    const part = (headers: string, content: Buffer) => Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), content, Buffer.from('\r\n')]);
    const form = Buffer.concat([
      part(`Content-Disposition: form-data; name="toolType"\r\nContent-Type: text/plain; charset=${charset}`, bytes),
      part('Content-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n')),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await fetch(stack.baseUrl + API_PATHS.unLoginUpload, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body: form,
    });
    await expectRefused(res, 'toolType');
  });

  it('ignores a cookie holding such text, as if it were not sent', async () => {
    const res = await fetch(`${stack.baseUrl}/api/user/getUserInfo`, { headers: { Cookie: 'sheafUserToken=a%00b' } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('LOGIN_INVALID');
    expect(errorLines).toEqual([]);
  });

  it('still takes text with every other kind of character, paired surrogates (emoji) included', async () => {
    const res = await fetch(`${stack.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'reader@example.com', name: 'Zoë 👩‍💻', body: 'tab\there, bell\u0007, 🙂 and 中文' }),
    });
    const body = (await res.json()) as { code: number; data: { id: string } };
    expect(body.code).toBe(0);
    const row = await stack.deps.db.contactMessage.findUniqueOrThrow({ where: { id: body.data.id } });
    expect(row.body).toBe('tab\there, bell\u0007, 🙂 and 中文');
  });
});
