import axe from 'axe-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '#shared/i18n';
import { localizePath } from '../../web/app/lib/i18n';
import { launchChromium } from '../support/browser';
import { SAMPLE_PAGES } from '../support/sample-pages';
import { startStack, type Stack } from '../support/stack';

/** The desktop layout and the phone layout (whose header is a menu button and a drawer). */
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** WCAG 2.x A and AA rules, plus axe's best practices (landmarks, heading order). */
const RUN_OPTIONS: axe.RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
  resultTypes: ['violations'],
};

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  targets: string[];
}

describe('accessibility (axe) of each kind of page, in both languages', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    stack = await startStack({}, { worker: false, web: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const cases = LANGS.flatMap((lang) => SAMPLE_PAGES.flatMap(({ kind, path }) => VIEWPORTS.map((viewport) => ({ kind, url: localizePath(path, lang), viewport }))));

  for (const { kind, url, viewport } of cases) {
    it(`${kind} page ${url} at ${viewport.name} width has no serious or critical violation`, () => check(url, viewport));
  }

  async function check(url: string, viewport: (typeof VIEWPORTS)[number]) {
    const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    try {
      const res = await page.goto(stack.baseUrl + url, { waitUntil: 'networkidle' });
      expect(res?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(url);
      // Evaluated by the browser's devtools protocol: the page's CSP (nonces only) refuses an injected script tag.
      await page.evaluate(axe.source);
      const { passes, violations } = await page.evaluate(async (options): Promise<{ passes: number; violations: Violation[] }> => {
        const result = await window.axe.run(document, options);
        return {
          passes: result.passes.length,
          violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })),
        };
      }, RUN_OPTIONS);
      // axe really looked at a whole page: dozens of its rules apply to any real one.
      expect(passes).toBeGreaterThan(20);
      // Every finding is printed; only serious and critical ones fail the page.
      for (const v of violations) console.log(`${url} (${viewport.name}): [${v.impact}] ${v.id}: ${v.help}\n  ${v.targets.join('\n  ')}`);
      const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking.map((v) => `${v.id} on ${v.targets.join(', ')}`)).toEqual([]);
    } finally {
      await page.close();
    }
  }
});

declare global {
  interface Window {
    axe: typeof axe;
  }
}
