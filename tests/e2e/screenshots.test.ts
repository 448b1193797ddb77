import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '#shared/i18n';
import { localizePath } from '../../web/app/lib/i18n';
import { launchChromium } from '../support/browser';
import { SAMPLE_PAGES } from '../support/sample-pages';
import { startStack, type Stack } from '../support/stack';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, isMobile: false },
  { name: 'phone', width: 390, height: 844, isMobile: true },
] as const;

/**
 * Full-page screenshots of each kind of page at desktop and phone widths, in both languages, kept
 * under DATA_DIR/screenshots for people to look at; each shot is checked for what a person would
 * notice first: a blank page, a page wider than the screen, a missing heading, the wrong language.
 */
describe('screenshots of each kind of page', () => {
  let stack: Stack;
  let browser: Browser;
  let outDir: string;
  beforeAll(async () => {
    stack = await startStack({}, { worker: false, web: true });
    browser = await launchChromium();
    outDir = path.join(stack.deps.env.DATA_DIR, 'screenshots');
    fs.mkdirSync(outDir, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  for (const lang of LANGS) {
    for (const { kind, path: bare } of SAMPLE_PAGES) {
      for (const viewport of VIEWPORTS) {
        const url = localizePath(bare, lang);
        it(`${kind} ${url} at ${viewport.name} width (${viewport.width} px)`, async () => {
          const context = await browser.newContext({
            viewport: { width: viewport.width, height: viewport.height },
            isMobile: viewport.isMobile,
            hasTouch: viewport.isMobile,
            locale: lang,
          });
          const page = await context.newPage();
          try {
            const res = await page.goto(stack.baseUrl + url, { waitUntil: 'networkidle' });
            expect(res?.status()).toBe(200);
            const facts = await page.evaluate(() => ({
              lang: document.documentElement.lang,
              scrollWidth: document.documentElement.scrollWidth,
              innerWidth: window.innerWidth,
              h1: document.querySelector('h1')?.getBoundingClientRect().toJSON() as DOMRect | undefined,
            }));
            expect(facts.lang).toBe(lang);
            // Nothing sticks out sideways: no horizontal scrolling at either width.
            expect(facts.scrollWidth).toBeLessThanOrEqual(facts.innerWidth);
            // The page's heading shows within the first screen, inside the viewport's width.
            expect(facts.h1).toBeDefined();
            expect(facts.h1!.top).toBeLessThan(viewport.height);
            expect(facts.h1!.left).toBeGreaterThanOrEqual(0);
            expect(facts.h1!.right).toBeLessThanOrEqual(viewport.width);

            const file = path.join(outDir, `${lang}-${kind}-${viewport.name}.png`);
            await page.screenshot({ path: file, fullPage: true });
            const image = sharp(file);
            const { width, height } = await image.metadata();
            expect(width).toBe(viewport.width);
            expect(height).toBeGreaterThanOrEqual(viewport.height);
            // Not blank: the shot has real contrast, not one flat colour.
            const stats = await image.stats();
            const [r, g, b] = stats.channels;
            expect(Math.max(r.stdev, g.stdev, b.stdev)).toBeGreaterThan(20);
            expect(Math.max(r.max - r.min, g.max - g.min, b.max - b.min)).toBeGreaterThan(150);
          } finally {
            await context.close();
          }
        });
      }
    }
  }
});
