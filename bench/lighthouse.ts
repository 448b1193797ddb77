import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { QUIET_CHROMIUM_FLAGS } from '../worker/src/engines/chromium';
import { launchChromium } from '../tests/support/browser';
import { kb, median, table, withStack } from './lib';

/** The home page and a tool page in English and French, then the editor and the AI PDF assistant (or the pages listed in BENCH_LIGHTHOUSE_PAGES). */
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/merge-pdf', '/fr', '/fr/merge-pdf', '/edit-pdf', '/ai-pdf'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** A run Lighthouse gives up on (NO_NAVSTART and the like, on a loaded machine) is run again, this many times. */
const RETRIES = 2;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TTI_RUNS = Number(process.env.BENCH_TTI_RUNS ?? 5);

/**
 * The control each page is used through first, as a selector and the React handler that wires it:
 * the language button of the home pages, the file input of the tool, editor and AI pages.
 */
const FIRST_CONTROL: Record<string, [selector: string, handler: string]> = {
  '/': ['.lang-button', 'onClick'],
  '/fr': ['.lang-button', 'onClick'],
};
const FILE_INPUT: [string, string] = ['input[type=file]', 'onChange'];

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  scriptBytes: number;
  totalBytes: number;
  lcpMs: number;
  tbtMs: number;
  /** The server's answer time for the page, as observed (not simulated): it moves with the machine's load. */
  ttfbMs: number;
  failing: string[];
  /** Lighthouse's version and the browser's, for the table's caption. */
  versions: string;
}

/**
 * When a page's first control answers in a real browser on a phone's connection and CPU (CDP: slow 4G
 * as Lighthouse simulates it, 150 ms RTT, 1.6 Mbps down, 750 kbps up, and 4× CPU slowdown), cold
 * cache: the time from navigation until hydration has given the control its handler. Lighthouse's
 * simulation can be flattered by holding scripts back until after the first paint; this cannot.
 */
async function interactiveMs(browser: Browser, url: string, [selector, handler]: [string, string]): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(
      ([selector, handler]) => {
        const poll = setInterval(() => {
          const element = document.querySelector(selector) as (Element & Record<string, Record<string, unknown>>) | null;
          const props = element && Object.keys(element).find((key) => key.startsWith('__reactProps$'));
          if (!props || typeof element[props][handler] !== 'function') return;
          (window as unknown as { __interactive: number }).__interactive = performance.now();
          clearInterval(poll);
        }, 10);
      },
      [selector, handler],
    );
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __interactive?: number }).__interactive !== undefined, null, {
      timeout: 60_000,
      polling: 50,
    });
    return await page.evaluate(() => (window as unknown as { __interactive: number }).__interactive);
  } finally {
    await context.close();
  }
}

/** Debian's Chromium, headless, with nothing that reaches for the (closed) network on its own. */
const CHROME_FLAGS = ['--headless=new', ...QUIET_CHROMIUM_FLAGS];

async function audit(url: string, port: number, retries = RETRIES): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (retries > 0) return audit(url, port, retries - 1);
    throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.message}`);
  }
  const summary = (lhr.audits['resource-summary'].details as unknown as { items: Array<{ resourceType: string; transferSize: number }> })
    .items;
  const bytes = (type: string) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const category = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id].score ?? 0) * 100);
  // The audits that cost points outside performance, to say what to fix.
  const failing = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    scores: {
      performance: category('performance'),
      accessibility: category('accessibility'),
      'best-practices': category('best-practices'),
      seo: category('seo'),
    },
    scriptBytes: bytes('script'),
    totalBytes: bytes('total'),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
    tbtMs: lhr.audits['total-blocking-time'].numericValue ?? 0,
    ttfbMs: lhr.audits['server-response-time'].numericValue ?? 0,
    failing,
    versions: `Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}`,
  };
}

/**
 * Lighthouse (mobile preset: emulated phone, simulated slow 4G and 4× CPU slowdown) on the
 * production build served by the api, for the home page and a tool page in both languages.
 * Median of the runs per page; the JS column is the transfer size of every script the page loads.
 */
export async function lighthouseBench(): Promise<string> {
  let versions = '';
  const rows = await withStack(
    async (stack) => {
      // The first request loads the server build; measure the pages as a running server serves them.
      for (const page of PAGES) await (await fetch(stack.baseUrl + page)).arrayBuffer();
      const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
      try {
        const out: string[][] = [];
        for (const page of PAGES) {
          const runs: Run[] = [];
          // Lighthouse runs one page at a time per browser.
          for (let i = 0; i < RUNS; i++) runs.push(await audit(stack.baseUrl + page, chrome.port));
          const med = (pick: (run: Run) => number) => median(runs.map(pick));
          const score = (id: (typeof CATEGORIES)[number]) => {
            const value = med((run) => run.scores[id]);
            return value < TARGETS[id] ? `**${value}**` : String(value);
          };
          versions = runs[0].versions;
          const failing = [...new Set(runs.flatMap((run) => run.failing))];
          const browser = await launchChromium();
          const interactive: number[] = [];
          try {
            for (let i = 0; i < TTI_RUNS; i++)
              interactive.push(await interactiveMs(browser, stack.baseUrl + page, FIRST_CONTROL[page] ?? FILE_INPUT));
          } finally {
            await browser.close();
          }
          out.push([
            `\`${page}\``,
            ...CATEGORIES.map(score),
            `${(med((run) => run.lcpMs) / 1000).toFixed(1)} s`,
            `${Math.round(med((run) => run.tbtMs))} ms`,
            `${Math.round(med((run) => run.ttfbMs))} ms`,
            `${(median(interactive) / 1000).toFixed(2)} s`,
            kb(med((run) => run.scriptBytes)),
            kb(med((run) => run.totalBytes)),
            failing.length ? failing.map((id) => `\`${id}\``).join(', ') : '—',
          ]);
          console.error(`lighthouse: ${page} done`);
        }
        return out;
      } finally {
        chrome.kill();
      }
    },
    { worker: false, web: true },
  );
  return [
    '## Lighthouse: home and a tool page in English and French, the editor, the AI PDF assistant',
    '',
    `${versions} (Debian's Chromium); mobile preset: emulated phone, simulated slow 4G, 4× CPU slowdown. Measured`,
    `against the production build served by the api (\`web/build\`), median of ${RUNS} runs per page. Targets: performance ≥ 95,`,
    'accessibility, best practices and SEO = 100; a score under its target is in bold. JS is the transfer size of the scripts a page loads;',
    '“failing audits” lists the accessibility, best-practices and SEO audits that lost points in any run. TTFB is the observed',
    'server answer time, which Lighthouse adds as is to its simulated paint times: on a loaded machine it costs performance points.',
    `“Interactive” is measured, not simulated: Chromium under CDP throttling (slow 4G: 150 ms RTT, 1.6 Mbps down, 750 kbps up; 4× CPU),`,
    `cold cache, time until hydration wires the page's first control (the language button on the home pages, the file input elsewhere),`,
    `median of ${TTI_RUNS} loads.`,
    '',
    table(
      [
        'page',
        'performance',
        'accessibility',
        'best practices',
        'SEO',
        'LCP',
        'TBT',
        'TTFB',
        'interactive',
        'JS',
        'all bytes',
        'failing audits',
      ],
      rows,
    ),
  ].join('\n');
}
