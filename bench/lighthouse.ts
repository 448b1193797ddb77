import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { kb, median, table, withStack } from './lib';

/** The home page and a tool page in English and French, then the editor and the AI PDF assistant. */
const PAGES = ['/', '/merge-pdf', '/fr', '/fr/merge-pdf', '/edit-pdf', '/ai-pdf'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** A run Lighthouse gives up on (NO_NAVSTART and the like, on a loaded machine) is run again, this many times. */
const RETRIES = 2;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

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

/** Debian's Chromium, headless, with nothing that reaches for the (closed) network on its own. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

async function audit(url: string, port: number, retries = RETRIES): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (retries > 0) return audit(url, port, retries - 1);
    throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.message}`);
  }
  const summary = (lhr.audits['resource-summary'].details as unknown as { items: Array<{ resourceType: string; transferSize: number }> }).items;
  const bytes = (type: string) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const category = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id].score ?? 0) * 100);
  // The audits that cost points outside performance, to say what to fix.
  const failing = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && (lhr.audits[ref.id].score ?? 1) < 1)
      .map((ref) => ref.id),
  );
  return {
    scores: { performance: category('performance'), accessibility: category('accessibility'), 'best-practices': category('best-practices'), seo: category('seo') },
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
          out.push([
            `\`${page}\``,
            ...CATEGORIES.map(score),
            `${(med((run) => run.lcpMs) / 1000).toFixed(1)} s`,
            `${Math.round(med((run) => run.tbtMs))} ms`,
            `${Math.round(med((run) => run.ttfbMs))} ms`,
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
    '',
    table(['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'TTFB', 'JS', 'all bytes', 'failing audits'], rows),
  ].join('\n');
}
