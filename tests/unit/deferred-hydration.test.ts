import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { deferredHydration } from '../../web/app/lib/deferred-hydration.server';

// The shape React Router's <Scripts> gives a page once React has hoisted its preloads into the head.
const PAGE = [
  '<!DOCTYPE html><html lang="fr"><head><title>Fusionner des PDF — Sheaf</title>',
  '<link rel="modulepreload" href="/assets/entry.client-A1.js" nonce="n0nce+/="/>',
  '<link rel="modulepreload" href="/assets/root-B2.js" nonce="n0nce+/="/>',
  '<style nonce="n0nce+/=">h1{color:#4f46e5}</style></head>',
  '<body><h1>Fusionnez vos PDF, où que vous soyez ✓</h1>',
  '<script nonce="n0nce+/=">window.__reactRouterContext = {};</script>',
  '<script nonce="n0nce+/=" type="module" async="">import * as route0 from "/assets/root-B2.js";\nimport("/assets/entry.client-A1.js");</script>',
  '<script nonce="n0nce+/=">window.__reactRouterContext.streamController.close();</script></body></html>',
].join('');

/** The page through the transform, cut into chunks of `size` bytes (tags and characters split anywhere). */
async function rewrite(size: number): Promise<string> {
  const bytes = Buffer.from(PAGE, 'utf8');
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
  return text(Readable.from(chunks).pipe(deferredHydration('n0nce+/=')));
}

describe('deferred hydration', () => {
  it('holds the preloads and the module script until the page has painted, whatever the chunk boundaries', async () => {
    const whole = await rewrite(PAGE.length * 2);
    expect(whole).not.toContain('rel="modulepreload" href');
    expect(whole).not.toContain('type="module"');
    expect(whole).toContain('<script nonce="n0nce+/=" type="text/plain" data-held-module="">import * as route0');
    // The starter runs right after the held script, with the response's nonce and the preloads it took out.
    expect(whole).toMatch(/data-held-module="">[^<]*<\/script><script nonce="n0nce\+\/=">\(\(\) => \{/);
    expect(whole).toContain('["/assets/entry.client-A1.js","/assets/root-B2.js"]');
    // Everything else passes through as it was, accents included.
    expect(whole.replace(/<script nonce="n0nce\+\/=">\(\(\) => \{[\s\S]*?<\/script>/, '')).toBe(
      PAGE.replace(/<link rel="modulepreload"[^>]*>/g, '').replace('type="module" async=""', 'type="text/plain" data-held-module=""'),
    );
    for (const size of [1, 2, 3, 7, 13, 64]) expect(await rewrite(size), `chunks of ${size} bytes`).toBe(whole);
  });
});
