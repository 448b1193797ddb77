import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS, toolSlugs } from '#shared/tools';
import { startStack, type Stack } from '../support/stack';

interface SitemapUrl {
  loc: string;
  alternates: Record<string, string>;
}

/** The sitemap read by a real XML parser (Python's ElementTree), which also rejects a malformed file. */
function parseSitemap(xml: string): SitemapUrl[] {
  const script = `
import json, sys, xml.etree.ElementTree as ET
ns = {'s': 'http://www.sitemaps.org/schemas/sitemap/0.9', 'x': 'http://www.w3.org/1999/xhtml'}
root = ET.fromstring(sys.stdin.buffer.read())
assert root.tag == '{%s}urlset' % ns['s'], root.tag
print(json.dumps([{'loc': u.find('s:loc', ns).text, 'alternates': {l.get('hreflang'): l.get('href') for l in u.findall('x:link', ns) if l.get('rel') == 'alternate'}} for u in root.findall('s:url', ns)]))
`;
  return JSON.parse(execFileSync('python3', ['-c', script], { input: xml, encoding: 'utf8' })) as SitemapUrl[];
}

/** The canonical and hreflang links a page's HTML declares, and whether it asks not to be indexed. */
function headLinks(html: string) {
  const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
  const alternates = Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]));
  const noindex = /<meta name="robots" content="[^"]*noindex/.test(html);
  return { canonical, alternates, noindex };
}

describe('findability: sitemap.xml, robots.txt and what each page tells search engines and social networks', () => {
  let stack: Stack;
  let urls: SitemapUrl[];
  beforeAll(async () => {
    stack = await startStack({}, { worker: false, web: true });
    const res = await fetch(`${stack.baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    urls = parseSitemap(await res.text());
  });
  afterAll(() => stack?.stop());

  it('lists absolute URLs only, each once, each with its language alternates', () => {
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    const inSitemap = new Set(locs);
    for (const { loc, alternates } of urls) {
      expect(loc.startsWith(`${stack.baseUrl}/`)).toBe(true);
      // A page names itself among its alternates, x-default included, and each alternate is listed too.
      expect(Object.values(alternates)).toContain(loc);
      expect(alternates['x-default']).toBeDefined();
      for (const href of Object.values(alternates)) expect(inSitemap.has(href)).toBe(true);
    }
  });

  it("holds every tool's own page in both languages, and none of the aliases", () => {
    const locs = new Set(urls.map((u) => u.loc));
    for (const tool of TOOLS) {
      const en = `${stack.baseUrl}/${tool.id}`;
      const fr = `${stack.baseUrl}/fr/${tool.id}`;
      expect(locs.has(en), en).toBe(true);
      expect(locs.has(fr), fr).toBe(true);
      expect(urls.find((u) => u.loc === fr)?.alternates).toEqual({ en, fr, 'x-default': en });
    }
    for (const { slug, toolId } of toolSlugs().filter((s) => s.slug !== s.toolId)) {
      expect(locs.has(`${stack.baseUrl}/${slug}`), `alias ${slug} of ${toolId}`).toBe(false);
    }
  });

  it('holds the home pages, the form pages and the seeded blog articles', () => {
    const locs = new Set(urls.map((u) => u.loc));
    for (const path of ['/', '/fr', '/w9-form', '/fr/w9-form', '/reduce-pdf/', '/fr/reduce-pdf/', '/reduce-pdf/why-is-my-pdf-so-large']) {
      expect(locs.has(`${stack.baseUrl}${path}`), path).toBe(true);
    }
  });

  // Every page of the sitemap (well over a hundred, and more with each tool), four requests at a time.
  it('lists only indexable pages that answer 200 and name the same canonical URL and alternates', async () => {
    const pending = [...urls];
    const check = async () => {
      for (let next = pending.shift(); next; next = pending.shift()) {
        const { loc, alternates } = next;
        const res = await fetch(loc, { redirect: 'manual', headers: { 'accept-language': 'en' } });
        expect(res.status, loc).toBe(200);
        const head = headLinks(await res.text());
        expect(head.canonical, loc).toBe(loc);
        expect(head.alternates, loc).toEqual(alternates);
        expect(head.noindex, loc).toBe(false);
      }
    };
    await Promise.all(Array.from({ length: 4 }, check));
  }, 180_000);

  it('leaves out the pages that ask not to be indexed', async () => {
    const locs = new Set(urls.map((u) => u.loc));
    for (const path of ['/log-in', '/fr/sign-up', '/success-log-in', '/fr/app/compress-pdf']) {
      const res = await fetch(stack.baseUrl + path, { redirect: 'manual' });
      expect(res.status, path).toBe(200);
      expect(headLinks(await res.text()).noindex, path).toBe(true);
      expect(locs.has(stack.baseUrl + path), path).toBe(false);
    }
  });

  it('gives a tool page Open Graph, a Twitter card and structured data matching what it shows', async () => {
    const html = await (await fetch(`${stack.baseUrl}/fr/merge-pdf`)).text();
    const meta = (property: string) => html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`))?.[1];
    expect(meta('og:url')).toBe(`${stack.baseUrl}/fr/merge-pdf`);
    expect(meta('og:type')).toBe('website');
    expect(meta('og:locale')).toBe('fr_FR');
    expect(meta('twitter:card')).toBe('summary_large_image');
    const image = await fetch(meta('og:image')!);
    expect(image.headers.get('content-type')).toBe('image/png');
    const { width, height } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([width, height, Number(meta('og:image:width')), Number(meta('og:image:height'))]).toEqual([1200, 630, 1200, 630]);

    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    expect(ld.map((d) => d['@type']).sort()).toEqual(['FAQPage', 'WebApplication']);
    expect(ld.find((d) => d['@type'] === 'WebApplication')).toMatchObject({ name: 'Fusionner PDF', url: `${stack.baseUrl}/fr/merge-pdf`, inLanguage: 'fr' });
    // The structured questions are the ones on the page.
    const shown = [...html.matchAll(/<summary class="faq__question">(.*?)<\/summary>/g)].map((m) => m[1]);
    const structured = ld.find((d) => d['@type'] === 'FAQPage').mainEntity.map((q: { name: string }) => q.name);
    expect(shown.length).toBeGreaterThan(2);
    expect(structured).toEqual(shown);
  });

  it('names the organization on the home page', async () => {
    const html = await (await fetch(`${stack.baseUrl}/`, { headers: { 'accept-language': 'en' } })).text();
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    expect(ld).toEqual([expect.objectContaining({ '@type': 'Organization', name: 'Sheaf', url: `${stack.baseUrl}/` })]);
  });

  it('takes absolute URLs from PUBLIC_URL, whatever Host the request names', async () => {
    const site = await startStack({ PUBLIC_URL: 'https://pdf.example.org' }, { worker: false, web: true });
    try {
      // supertest, not fetch: fetch replaces a Host header with the real one.
      const forged = async (path: string) => (await request(site.app).get(path).set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example')).text;
      const locs = parseSitemap(await forged('/sitemap.xml')).map((u) => u.loc);
      expect(locs).toContain('https://pdf.example.org/merge-pdf');
      expect(locs.every((loc) => loc.startsWith('https://pdf.example.org/'))).toBe(true);
      expect(await forged('/robots.txt')).toContain('Sitemap: https://pdf.example.org/sitemap.xml');
      const html = await forged('/fr/merge-pdf');
      expect(headLinks(html).canonical).toBe('https://pdf.example.org/fr/merge-pdf');
      expect(html).not.toContain('evil.example');
    } finally {
      await site.stop();
    }
  });

  it('robots.txt lets crawlers in, keeps them out of private pages and the API, and points at the sitemap', async () => {
    const res = await fetch(`${stack.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/account', '/fr/account', '/history-tasks', '/fr/history-tasks', '/api/', '/app', '/fr/app']) expect(lines).toContain(`Disallow: ${path}`);
    // No public page is disallowed.
    const disallowed = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    for (const { loc } of urls) expect(disallowed.some((prefix) => new URL(loc).pathname.startsWith(prefix)), loc).toBe(false);
    const sitemap = lines.find((l) => l.startsWith('Sitemap: '))?.slice('Sitemap: '.length);
    expect(sitemap).toBe(`${stack.baseUrl}/sitemap.xml`);
    expect((await fetch(sitemap!)).status).toBe(200);
  });
});
