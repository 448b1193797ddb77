import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

const WEB_ASSETS = path.resolve(import.meta.dirname, '../../web/build/client/assets');

/** The directives of a Content-Security-Policy header, by name. */
const directives = (header: string) =>
  new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values] as const),
  );

describe('security headers', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { worker: false, web: true });
  });
  afterAll(() => stack.stop());

  it('serves pages under a nonce-based Content-Security-Policy that every inline script and style carries', async () => {
    const nonces = new Set<string>();
    // The site's stylesheet is inlined on every page, the tools' beside it on a tool's page.
    const sheets: Record<string, number> = { '/': 1, '/merge-pdf': 2, '/fr': 1, '/fr/compress-pdf': 2, '/pricing': 1 };
    for (const [path, sheetCount] of Object.entries(sheets)) {
      const res = await request(stack.app).get(path);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      const csp = directives(res.headers['content-security-policy']);
      const [nonceSource] = csp.get('script-src')!.filter((s) => s.startsWith("'nonce-"));
      const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(nonceSource)![1];
      nonces.add(nonce);
      expect(csp.get('script-src'), path).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(csp.get('style-src'), path).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');

      // Every inline script that runs (JSON-LD data blocks do not) and every inlined stylesheet carry the nonce.
      const scripts = [...res.text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]).filter((attrs) => !attrs.includes('application/ld+json'));
      expect(scripts.length, path).toBeGreaterThan(2);
      for (const attrs of scripts) expect(attrs, path).toContain(`nonce="${nonce}"`);
      const styles = [...res.text.matchAll(/<style\b([^>]*)>/g)].map((m) => m[1]);
      expect(styles, path).toHaveLength(sheetCount);
      for (const attrs of styles) expect(attrs, path).toContain(`nonce="${nonce}"`);
      // Nothing the policy would refuse: no inline handlers, no style attributes in the served HTML.
      expect(res.text).not.toMatch(/<[^>]+\son[a-z]+=/i);
      expect(res.text).not.toMatch(/<[^>]+\sstyle="/i);
    }
    // A nonce is never reused.
    expect(nonces.size).toBe(5);
  });

  it("answers a page's scripts with nosniff and the resource policy only, and pdf.js's worker under the full policy", async () => {
    const page = await request(stack.app).get('/edit-pdf');
    // The editor's own stylesheet is inlined beside the site's and the tools', under the same nonce.
    const styles = [...page.text.matchAll(/<style\b([^>]*)>/g)].map((m) => m[1]);
    expect(styles).toHaveLength(3);
    const scripts = [...page.text.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      const res = await request(stack.app).get(script);
      expect(res.status, script).toBe(200);
      expect(res.headers['x-content-type-options'], script).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], script).toBe('same-origin');
      for (const header of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'])
        expect(res.headers[header], `${script} ${header}`).toBeUndefined();
    }
    const worker = fs.readdirSync(WEB_ASSETS).find((name) => /^pdf\.worker\.min-.*\.mjs$/.test(name));
    const res = await request(stack.app).get(`/assets/${worker}`);
    expect(directives(res.headers['content-security-policy']).get('default-src')).toEqual(["'self'"]);
  });

  it('sends downloads as attachments the browser must not sniff, with the API under the same headers', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'));
    const res = await v.agent.get(`/api/miaohui/file/download/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pdf20_Simple-PDF-2.0-file.pdf"/);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('asks for HTTPS only when the public origin is HTTPS', async () => {
    const plain = await request(stack.app).get('/api/health');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(directives(plain.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);

    const overHttps = stack.anotherApp({ ...stack.deps, env: { ...stack.deps.env, PUBLIC_URL: 'https://pdf.example.org' } });
    const secure = await request(overHttps).get('/api/health');
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    expect(directives(secure.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });
});
