import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '#shared/i18n';
import { localizePath, type Lang } from '../../web/app/lib/i18n';
import { launchChromium } from '../support/browser';
import { getI18n } from '../support/copy';
import { fixture } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

const SHOTS = '/tmp/shots-operator';
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } } as const;

/**
 * What a visitor is sold and told, in the browser: a server without billing offers no upgrade and
 * says every tool is free; a server with billing says on the tool page, before any work, that
 * downloading needs Pro, and its pricing columns list only what each plan adds. English and French,
 * desktop and phone.
 */
describe('plans shown to a visitor', () => {
  let off: Stack;
  let on: Stack;
  let browser: Browser;

  beforeAll(async () => {
    off = await startStack({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, billingConfigured: false, DOWNLOAD_POLICY: 'open', AI_MODEL: undefined }, { web: true, worker: false });
    // Pages only: the catalogue comes from the database, so no Stripe stand-in is needed.
    on = await startStack({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', billingConfigured: true, DOWNLOAD_POLICY: 'pro', AI_MODEL: undefined }, { web: true, worker: false });
    browser = await launchChromium();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await off?.stop();
    await on?.stop();
  });

  /** A page whose app has started (the version cookie is set). */
  const open = async (stack: Stack, p: string, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]): Promise<Page> => {
    const page = await browser.newPage({ viewport });
    await page.goto(stack.baseUrl + p);
    await page.waitForFunction(() => document.cookie.includes('pdfVersion='));
    return page;
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

  describe.each(LANGS)('in %s', (lang: Lang) => {
    const { t } = getI18n(lang);
    const at = (p: string) => localizePath(p, lang);

    it.each(Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>)('without billing (%s): no upgrade anywhere, every tool free, no download wall', async (vp) => {
      const pricing = await open(off, at('/pricing'), VIEWPORTS[vp]);
      await pricing.getByRole('heading', { level: 1, name: t('pricing.freeServer.title') }).waitFor();
      expect(await pricing.locator('.button--upgrade').count()).toBe(0);
      expect(await pricing.getByRole('button', { name: t('pricing.trialButton') }).count()).toBe(0);
      expect(await pricing.locator('.plan-card').count()).toBe(1);
      await shot(pricing, `pricing-off-${lang}-${vp}`);
      if (vp === 'phone') {
        await pricing.getByRole('button', { name: t('nav.openMenu') }).click();
        await pricing.getByRole('dialog').waitFor();
        expect(await pricing.locator('.button--upgrade').count()).toBe(0);
        await shot(pricing, `menu-off-${lang}-phone`);
      }
      await pricing.close();

      const tool = await open(off, at('/merge-pdf'), VIEWPORTS[vp]);
      expect(await tool.locator('.dropzone__note').count()).toBe(0);
      expect(await tool.locator('.button--upgrade').count()).toBe(0);
      await shot(tool, `tool-off-${lang}-${vp}`);
      await tool.close();
    });

    it.each(Object.keys(VIEWPORTS) as Array<keyof typeof VIEWPORTS>)('with billing (%s): the tool page says downloads need Pro before the work; Pro lists only what Free lacks', async (vp) => {
      const tool = await open(on, at('/merge-pdf'), VIEWPORTS[vp]);
      expect(await tool.locator('.dropzone__note').textContent()).toBe(t('flow.dropzone.download.pro'));
      await shot(tool, `tool-on-${lang}-${vp}`);
      // With files chosen, the same line stands under the start button.
      await tool.locator('input[type=file]').setInputFiles([fixture('pdf/pypdf_multicolumn.pdf'), fixture('pdf/pdfjs_tracemonkey.pdf')]);
      await expect.poll(() => tool.locator('[data-status="ready"]').count(), { timeout: 30_000 }).toBe(2);
      await tool.locator('.workspace__side').getByText(t('flow.dropzone.download.pro')).waitFor();
      await tool.locator('.workspace__side').scrollIntoViewIfNeeded();
      await shot(tool, `tool-files-on-${lang}-${vp}`);
      await tool.close();
      // The editor's drop zone says it too: its result is a download like any tool's.
      const editor = await open(on, at('/edit-pdf'), VIEWPORTS[vp]);
      expect(await editor.locator('.dropzone__note').textContent()).toBe(t('flow.dropzone.download.pro'));
      await editor.close();

      const pricing = await open(on, at('/pricing'), VIEWPORTS[vp]);
      const pro = pricing.locator('.plan-card--featured .plan-card__features li');
      expect(await pro.allTextContents()).toEqual([
        t('pricing.lines.downloadPro'),
        t('pricing.lines.unlimitedTasks'),
        t('pricing.lines.proOperation.replaceText'),
        t('pricing.lines.aiIncluded', { gb: 1 }),
      ]);
      expect(await pricing.locator('[data-plan^="ai-"] .plan-card__features li').allTextContents()).not.toContain(t('pricing.lines.aiGenerative'));
      expect(await pricing.locator('.button--upgrade').count()).toBeGreaterThan(0);
      await shot(pricing, `pricing-on-${lang}-${vp}`);
      await pricing.locator('.plan-grid').scrollIntoViewIfNeeded();
      await shot(pricing, `pricing-on-plans-${lang}-${vp}`);
      await pricing.close();
    });
  });
});
