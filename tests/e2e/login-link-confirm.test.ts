import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { getI18n } from '../support/copy';
import { latestLoginLink } from '../support/outbox';
import { hydrated } from '../support/page-flows';
import { startStack, type Stack } from '../support/stack';

const SHOTS = '/tmp/shots-mail';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Issue 36: a login link opened in a browser other than the one that asked for it signs nothing in until Continue. */
describe('a login link from another browser', () => {
  let stack: Stack;
  let browser: Browser;
  beforeAll(async () => {
    stack = await startStack({}, { web: true, worker: false });
    browser = await launchChromium();
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const signedIn = async (context: BrowserContext) => (await context.cookies()).some((c) => c.name === 'sheafUserToken');
  const usedAt = async (email: string) => (await stack.deps.db.emailLoginToken.findFirstOrThrow({ where: { email }, orderBy: { createdAt: 'desc' } })).usedAt;

  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: asks "sign in as …?" with the address in full; Continue (from the keyboard) signs in, Cancel does not; the asking browser is not asked`, async () => {
      const { t } = getI18n(lang);
      const at = (p: string) => `${stack.baseUrl}${lang === 'fr' ? `/fr${p}` : p}`;
      const email = unique(`mallory-${lang}`);
      const emailedLink = () => {
        const link = latestLoginLink(stack.deps.env.DATA_DIR, email);
        return `${stack.baseUrl}${link.pathname}${link.search}`;
      };

      // The browser that asks: the one box refuses a list, then mails a link to the one address.
      const asker = await browser.newContext({ reducedMotion: 'reduce' });
      const askPage = await asker.newPage();
      const askFor = async (page: Page) => {
        await page.goto(at('/log-in'));
        await hydrated(page);
        const popup = page.getByRole('dialog', { name: t('auth.popup.title') });
        const field = popup.getByLabel(t('auth.popup.email'), { exact: true });
        await field.fill(`${email},spy@evil.test`);
        await field.blur();
        await popup.getByText(t('errors.INVALID_EMAIL')).waitFor();
        expect(await popup.getByRole('button', { name: t('auth.popup.continue') }).isDisabled()).toBe(true);
        await field.fill(email);
        await popup.getByRole('button', { name: t('auth.popup.continue') }).click();
        await popup.getByText(t('auth.popup.linkSent')).waitFor();
      };
      await askFor(askPage);
      const planted = emailedLink();

      // Another browser opens it, on a desktop and on a phone: the question, and nothing signed in.
      const title = t('auth.linkConfirm.title', { email });
      const other = await browser.newContext({ reducedMotion: 'reduce', viewport: VIEWPORTS.desktop });
      const page = await other.newPage();
      await page.goto(planted);
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      expect(await dialog.getByRole('heading').textContent()).toContain(email);
      expect(await signedIn(other)).toBe(false);
      expect(await usedAt(email)).toBeNull();
      // The link left the address bar.
      expect(new URL(page.url()).search).toBe('');
      for (const [device, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: path.join(SHOTS, `link-confirm-${lang}-${device}.png`) });
      }
      // The safe choice has the focus; Tab then Enter is Continue.
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(t('auth.linkConfirm.cancel'));
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(t('auth.linkConfirm.continue'));
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => signedIn(other), { timeout: 15_000 }).toBe(true);
      expect(await usedAt(email)).not.toBeNull();
      expect((await (await page.request.get(`${stack.baseUrl}/api/user/getUserInfo`)).json()).data.userInfo.email).toBe(email);
      await page.screenshot({ path: path.join(SHOTS, `link-confirmed-${lang}-phone.png`) });
      await other.close();

      // A second link, opened in yet another browser and cancelled: nothing signed in, the link unused.
      await askFor(askPage);
      const second = emailedLink();
      const third = await browser.newContext({ reducedMotion: 'reduce' });
      const thirdPage = await third.newPage();
      await thirdPage.goto(second);
      const asked = thirdPage.getByRole('dialog', { name: title });
      await asked.getByRole('button', { name: t('auth.linkConfirm.cancel') }).click();
      await asked.waitFor({ state: 'hidden' });
      await hydrated(thirdPage);
      expect(await signedIn(third)).toBe(false);
      expect(await usedAt(email)).toBeNull();
      expect(await thirdPage.getByRole('banner').getByRole('link', { name: t('auth.header.logIn') }).isVisible()).toBe(true);
      await third.close();

      // The browser that asked opens it (the mail read in another tab): signed in at once, no question.
      const mailTab = await asker.newPage();
      await mailTab.goto(second);
      await expect.poll(() => signedIn(asker), { timeout: 15_000 }).toBe(true);
      expect(await mailTab.getByRole('dialog', { name: title }).count()).toBe(0);
      expect(await usedAt(email)).not.toBeNull();
      await asker.close();
    });
  }
});
