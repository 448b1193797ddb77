import dns from 'node:dns/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, expect } from 'vitest';
import { closeBrowser } from '../../../worker/src/engines/chromium';
import { MAX_DOWNLOAD_BYTES } from '../../../worker/src/processors/html-to-pdf';
import { classifyIp } from '#shared/server/ssrf-guard';
import type { ToolCase, ToolConformance } from '../harness';
import { pageSizes, renderedPage, shareOfColor } from '../image-checks';
import { pageTexts, text } from '../pdf-checks';

/**
 * Two local servers: `site`, the page being converted (allowlisted through URL_FETCH_ALLOWLIST, as
 * an operator would name an internal host), and `trap`, an internal address no page may reach. The
 * trap records every request it gets, so "not fetched" is proven, not assumed.
 */
const trapHits: string[] = [];
const siteHits: string[] = [];
/** When the never-ending page was asked for, and when the converter hung up on it. */
const stall: { askedAt?: number; droppedAt?: number } = {};

/** Short limits, so the tests can reach them (defaults: 30 s and 500 pages). */
const LOAD_SECONDS = 20;
const MAX_PAGES = 3;
process.env.HTML_LOAD_SECONDS = String(LOAD_SECONDS);
process.env.HTML_MAX_PAGES = String(MAX_PAGES);

async function listen(server: http.Server, host: string, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  return (server.address() as AddressInfo).port;
}

const trap = http.createServer((req, res) => {
  trapHits.push(`${req.method} ${req.headers.host}${req.url}`);
  res.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' });
  res.end('<h1>TOP SECRET</h1>');
});
const T = await listen(trap, '127.0.0.1');
// The same port on ::1 too, when the machine has IPv6 loopback, so [::1] attempts are seen as well.
const trap6 = http.createServer(trap.listeners('request')[0] as http.RequestListener);
const hasV6 = await listen(trap6, '::1', T).then(
  () => true,
  () => false,
);

const red = await sharp({ create: { width: 300, height: 150, channels: 3, background: { r: 255, g: 0, b: 0 } } }).png().toBuffer();
const page = (body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>Sheaf test</title></head><body>${body}</body></html>`;
const trapUrl = (p: string, host = '127.0.0.1') => `http://${host}:${T}${p}`;

/** Every way a page can make a browser fetch something, aimed at the trap. */
const attackPage = () =>
  page(`
  <h1>Attack page rendered</h1>
  <img src="${trapUrl('/img')}">
  <img src="/redirect?to=${encodeURIComponent(trapUrl('/img-redirect'))}">
  <img src="${trapUrl('/decimal', '2130706433')}">
  <img src="${trapUrl('/hex', '0x7f.0.0.1')}">
  <img src="${trapUrl('/octal', '0177.0.0.1')}">
  <img src="${trapUrl('/short', '127.1')}">
  <img src="${trapUrl('/mapped', '[::ffff:127.0.0.1]')}">
  <img src="${trapUrl('/v6', '[::1]')}">
  <img src="${trapUrl('/localhost', 'localhost')}">
  <img src="${trapUrl('/hostname', os.hostname())}">
  <iframe src="${trapUrl('/frame')}"></iframe>
  <iframe src="/redirect?to=${encodeURIComponent(trapUrl('/frame-redirect'))}"></iframe>
  <link rel="stylesheet" href="${trapUrl('/style.css')}">
  <link rel="prefetch" href="${trapUrl('/prefetch')}">
  <script src="${trapUrl('/script.js')}"></script>
  <div style="width:50px;height:50px;background-image:url('${trapUrl('/css-background')}')"></div>
  <video poster="${trapUrl('/poster')}"></video>
  <object data="${trapUrl('/object')}"></object>
  <script>
    fetch('${trapUrl('/fetch')}').catch(() => {});
    fetch('/redirect?to=${encodeURIComponent(trapUrl('/fetch-redirect'))}').catch(() => {});
    const xhr = new XMLHttpRequest(); xhr.open('GET', '${trapUrl('/xhr')}'); xhr.send();
    navigator.sendBeacon('${trapUrl('/beacon')}', 'x');
    try { new EventSource('${trapUrl('/events')}'); } catch {}
    try { new WebSocket('ws://127.0.0.1:${T}/ws'); } catch {}
    try { window.open('${trapUrl('/popup')}'); } catch {}
    try { navigator.serviceWorker && navigator.serviceWorker.register('/sw.js'); } catch {}
  </script>`);

/**
 * A blog post as sites build them: a fixed sidebar, a sticky masthead and a long article beside
 * them, a phone layout under 600 px and a print style sheet of its own. Each layout says its name.
 */
const SIDEBAR = 'Sidebar navigation menu';
const ARTICLE_WORDS = 'harvest lantern meadow orchard pebble quarry saddle thimble velvet willow'.split(' ');
const articlePage = () => `<!doctype html><html><head><meta charset="utf-8"><title>My Article – Site</title><style>
  body { margin: 0; font: 16px/1.5 serif }
  .side { position: fixed; top: 0; left: 0; bottom: 0; width: 260px; padding: 20px; background: #eef }
  header { position: sticky; top: 0; margin-left: 300px; background: #fee }
  main { margin-left: 300px; padding: 0 20px }
  .phone, .print { display: none }
  @media (max-width: 600px) { .side { display: none } header, main { margin-left: 0 } .phone { display: block } }
  @media print { .side { display: none } header, main { margin-left: 0 } .print { display: block } }
</style></head><body>
  <nav class="side">${SIDEBAR}</nav>
  <header>Sticky masthead</header>
  <main><p class="phone">Phone layout</p><p class="print">Print version</p>
  ${Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1}. ${Array.from({ length: 60 }, (_, j) => ARTICLE_WORDS[(i + j) % 10]).join(' ')}.</p>`).join('\n')}
  <p>End of the article</p></main>
</body></html>`;

/** How many times the sidebar's text is printed, in the whole PDF. */
const sidebarCount = async (file: string) => (await text(file)).split(SIDEBAR).length - 1;

/** The median count of article words on a printed line: how wide the article's column is. */
async function articleWordsPerLine(file: string): Promise<number> {
  const counts = (await text(file, 1, 1))
    .split('\n')
    .map((line) => line.split(/\s+/).filter((w) => ARTICLE_WORDS.includes(w.replace(/\W/g, ''))).length)
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  return counts[Math.floor(counts.length / 2)];
}

const site = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://site');
  siteHits.push(url.pathname);
  const html = (body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };
  switch (url.pathname) {
    case '/page':
      return html(page('<h1>Sheaf conformance page</h1><p>Rendered by Chromium from a local server.</p><img src="/red.png" width="300" height="150">'));
    case '/red.png':
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(red);
    case '/article':
      return html(articlePage());
    case '/untitled':
      return html('<!doctype html><p>A page without a title</p>');
    case '/background':
      return html(page('<style>html,body{background:rgb(0,0,255);min-height:100%}</style><p style="color:white">Blue background</p>'));
    case '/attack':
      return html(attackPage());
    case '/navigate':
      return html(page(`<p>Leaving</p><script>location.href = '${trapUrl('/navigated')}';</script>`));
    case '/redirect':
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      return res.end();
    case '/stall':
      // Headers and the start of the page, then nothing more, ever: the `load` event never comes.
      stall.askedAt = Date.now();
      res.on('close', () => (stall.droppedAt = Date.now()));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.write('<!doctype html><html><body><p>Still loading');
    case '/long':
      return html(page(Array.from({ length: 10 }, (_, i) => `<h1 style="height:1200px">Long page section ${i + 1}</h1>`).join('')));
    case '/huge':
      return html(page('<p>Huge script</p><script src="/huge.js"></script>'));
    case '/huge.js': {
      // Twice the download limit of spaces, which a browser reads to the end: the converter must cut it.
      res.writeHead(200, { 'content-type': 'text/javascript' });
      const chunk = Buffer.alloc(1 << 20, ' ');
      let sent = 0;
      const pump = () => {
        while (sent < 2 * MAX_DOWNLOAD_BYTES && res.write(chunk)) sent += chunk.length;
        if (sent < 2 * MAX_DOWNLOAD_BYTES && !res.destroyed) res.once('drain', pump);
        else res.end();
      };
      return pump();
    }
    default:
      res.writeHead(404).end();
  }
});
const S = await listen(site, '127.0.0.1');
const siteUrl = (p: string) => `http://127.0.0.1:${S}${p}`;
process.env.URL_FETCH_ALLOWLIST = [process.env.URL_FETCH_ALLOWLIST, `127.0.0.1:${S}`].filter(Boolean).join(',');

afterAll(async () => {
  await closeBrowser();
  for (const server of [site, trap, trap6]) server.close();
});

/** The machine's own name, when the system resolver maps it to an internal address (/etc/hosts). */
const ownName = await dns.lookup(os.hostname()).then(
  ({ address }) => (classifyIp(address) ? os.hostname() : undefined),
  () => undefined,
);

const blockedUrls = [
  trapUrl('/secret'),
  trapUrl('/secret', '2130706433'),
  trapUrl('/secret', '0x7f.0.0.1'),
  trapUrl('/secret', '0177.0.0.1'),
  trapUrl('/secret', 'localhost'),
  trapUrl('/secret', '[::1]'),
  trapUrl('/secret', '[::ffff:127.0.0.1]'),
  `http://127.0.0.1:${S + (S === 65535 ? -1 : 1)}/`,
  'http://10.0.0.1/',
  'http://192.168.1.1/',
  'http://172.16.0.1/',
  'http://100.64.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://0.0.0.0/',
  ...(ownName ? [trapUrl('/secret', ownName)] : []),
];

const htmlToPdf: ToolConformance = {
  tool: 'html-to-pdf',
  sample: [],
  options: { url: siteUrl('/page') },
  pagesOf: () => [1],
  cases: [
    {
      name: 'renders a page with its text and its image, on A4 by default',
      inputs: [],
      options: { url: siteUrl('/page') },
      pages: [1],
      names: ['Sheaf test.pdf'],
      async check(run) {
        expect(await text(run.outputs[0].path)).toContain('Sheaf conformance page');
        const [size] = await pageSizes(run.outputs[0].path);
        // A4 is 595 × 842 pt; Chromium rounds it through inches (8.27 × 11.7).
        expect(Math.abs(size.width - 595.3)).toBeLessThan(2);
        expect(Math.abs(size.height - 841.9)).toBeLessThan(2);
        // The picture is 300 px of a 1280 px wide desktop layout, scaled onto the paper.
        expect(shareOfColor(await renderedPage(run.outputs[0].path, 1, run.workDir, 30), [255, 0, 0])).toBeGreaterThan(0.01);
        expect(siteHits).toContain('/red.png');
      },
    },
    {
      name: 'names a page without a title after its host',
      inputs: [],
      options: { url: siteUrl('/untitled') },
      pages: [1],
      names: ['127.0.0.1.pdf'],
    },
    {
      name: 'lays a page out as a desktop shows it by default: a fixed sidebar printed once, the article across the page',
      inputs: [],
      options: { url: siteUrl('/article') },
      names: ['My Article – Site.pdf'],
      async check(run) {
        const pages = await pageTexts(run.outputs[0].path);
        expect(pages.length).toBeGreaterThanOrEqual(2);
        // Chromium prints a fixed element on every page and a sticky one where it stuck.
        expect(pages.map((p) => p.split(SIDEBAR).length - 1)).toEqual([1, ...pages.slice(1).map(() => 0)]);
        expect((await text(run.outputs[0].path)).split('Sticky masthead').length - 1).toBe(1);
        expect(pages.join('')).not.toMatch(/Phone layout|Print version/);
        expect(pages.at(-1)).toContain('End of the article');
        // 940 px of desktop column: 19 words a line, where the paper's own width left some 400 px (7).
        expect(await articleWordsPerLine(run.outputs[0].path)).toBeGreaterThanOrEqual(15);
      },
    },
    {
      name: 'prints one long page as tall as the content, its sidebar once',
      inputs: [],
      options: { url: siteUrl('/article'), onePage: true },
      pages: [1],
      async check(run) {
        expect(await text(run.outputs[0].path)).toContain('End of the article');
        expect(await sidebarCount(run.outputs[0].path)).toBe(1);
        const [size] = await pageSizes(run.outputs[0].path);
        expect(Math.abs(size.width - 595.3)).toBeLessThan(2);
        expect(size.height).toBeGreaterThan(3 * size.width);
      },
    },
    {
      name: 'lays the page out as a phone shows it with viewport=phone',
      inputs: [],
      options: { url: siteUrl('/article'), viewport: 'phone' },
      async check(run) {
        const printed = await text(run.outputs[0].path);
        expect(printed).toContain('Phone layout');
        expect(await sidebarCount(run.outputs[0].path)).toBe(0);
        // 390 px across the paper: large print, a few words a line.
        expect(await articleWordsPerLine(run.outputs[0].path)).toBeLessThanOrEqual(8);
      },
    },
    {
      name: "prints the page's print version with media=print, laid out for the paper",
      inputs: [],
      options: { url: siteUrl('/article'), media: 'print' },
      async check(run) {
        const printed = await text(run.outputs[0].path);
        expect(printed).toContain('Print version');
        expect(printed).not.toContain('Phone layout');
        expect(await sidebarCount(run.outputs[0].path)).toBe(0);
      },
    },
    {
      name: 'fits the paper to the page with format=fit: as wide as the layout, one window tall, nothing shrunk',
      inputs: [],
      options: { url: siteUrl('/article'), format: 'fit', margin: 'none' },
      async check(run) {
        const [size] = await pageSizes(run.outputs[0].path);
        // 1280 × 900 CSS px at 96 px to the inch (Chromium rounds the paper to its own units).
        expect(size.width).toBeCloseTo(960, 0);
        expect(size.height).toBeCloseTo(675, 0);
        expect(await sidebarCount(run.outputs[0].path)).toBe(1);
      },
    },
    {
      name: 'prints on A3 paper',
      inputs: [],
      options: { url: siteUrl('/page'), format: 'A3' },
      pages: [1],
      async check(run) {
        const [size] = await pageSizes(run.outputs[0].path);
        expect(Math.abs(size.width - 841.9)).toBeLessThan(2);
        expect(Math.abs(size.height - 1190.6)).toBeLessThan(2);
      },
    },
    {
      name: 'prints on Legal paper',
      inputs: [],
      options: { url: siteUrl('/page'), format: 'Legal' },
      pages: [1],
      async check(run) {
        const [size] = await pageSizes(run.outputs[0].path);
        expect(size.width).toBeCloseTo(612, 0);
        expect(size.height).toBeCloseTo(1008, 0);
      },
    },
    {
      name: 'renders on Letter paper without margins',
      inputs: [],
      options: { url: siteUrl('/page'), format: 'Letter', margin: 'none' },
      pages: [1],
      async check(run) {
        const [size] = await pageSizes(run.outputs[0].path);
        expect(size.width).toBeCloseTo(612, 0);
        expect(size.height).toBeCloseTo(792, 0);
      },
    },
    {
      name: 'prints background colours by default',
      inputs: [],
      options: { url: siteUrl('/background'), margin: 'none' },
      pages: [1],
      async check(run) {
        expect(shareOfColor(await renderedPage(run.outputs[0].path, 1, run.workDir), [0, 0, 255])).toBeGreaterThan(0.9);
      },
    },
    {
      name: 'leaves background colours out with background=false',
      inputs: [],
      options: { url: siteUrl('/background'), margin: 'none', background: 'false' },
      pages: [1],
      async check(run) {
        expect(shareOfColor(await renderedPage(run.outputs[0].path, 1, run.workDir), [0, 0, 255])).toBeLessThan(0.01);
      },
    },
    ...blockedUrls.map(
      (url): ToolCase => ({ name: `refuses ${url} with URL_BLOCKED`, inputs: [], options: { url }, error: 'URL_BLOCKED' }),
    ),
    {
      name: 'refuses a page that redirects to an internal address with URL_BLOCKED',
      inputs: [],
      options: { url: siteUrl(`/redirect?to=${encodeURIComponent(trapUrl('/redirected'))}`) },
      error: 'URL_BLOCKED',
    },
    {
      name: 'refuses a page that sends itself to an internal address with URL_BLOCKED',
      inputs: [],
      options: { url: siteUrl('/navigate') },
      error: 'URL_BLOCKED',
    },
    {
      name: `stops a page that downloads more than ${MAX_DOWNLOAD_BYTES / 2 ** 20} MB with FILE_TOO_LARGE`,
      inputs: [],
      options: { url: siteUrl('/huge') },
      error: 'FILE_TOO_LARGE',
    },
    {
      name: `fails a page that never finishes loading with URL_TIMEOUT once HTML_LOAD_SECONDS (${LOAD_SECONDS} s) have passed`,
      inputs: [],
      options: { url: siteUrl('/stall') },
      error: 'URL_TIMEOUT',
    },
    {
      name: `prints no more than HTML_MAX_PAGES (${MAX_PAGES}) pages of a long page`,
      inputs: [],
      options: { url: siteUrl('/long') },
      pages: [MAX_PAGES],
      async check(run) {
        const printed = await text(run.outputs[0].path);
        expect(printed).toContain('Long page section 1');
        expect(printed).not.toContain('Long page section 10');
        // The case above: the converter gave up on the never-ending page at its load limit, not later.
        const waited = stall.droppedAt! - stall.askedAt!;
        expect(waited).toBeGreaterThanOrEqual(LOAD_SECONDS * 1000 - 500);
        expect(waited).toBeLessThan(LOAD_SECONDS * 1000 + 5000);
      },
    },
    {
      // Last, so its proof covers every case above as well.
      name: 'renders a page that aims every kind of request at an internal address, and the address sees none',
      inputs: [],
      options: { url: siteUrl('/attack') },
      pages: [1],
      async check(run) {
        expect(await text(run.outputs[0].path)).toContain('Attack page rendered');
        // The redirects were asked of the allowed server; what they pointed to was never fetched.
        expect(siteHits.filter((p) => p === '/redirect').length).toBeGreaterThanOrEqual(2);
        await new Promise((r) => setTimeout(r, 300));
        expect(trapHits).toEqual([]);
        // The trap does record what reaches it: this request comes from the test, not the page.
        await fetch(trapUrl('/control'));
        if (hasV6) await fetch(`http://[::1]:${T}/control6`);
        expect(trapHits).toHaveLength(hasV6 ? 2 : 1);
        trapHits.length = 0;
      },
    },
  ],
};

export default htmlToPdf;
