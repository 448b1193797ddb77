import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '#shared/errors';
import { launchChromium } from '../support/browser';
import { createSession, createUser } from '../support/factories';
import { hydrated } from '../support/page-flows';
import { startStack, type Stack } from '../support/stack';
import { getI18n } from '../support/copy';

const { t } = getI18n('en');

describe('API keys on the account page', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack({}, { web: true, worker: false });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('creates a key shown once that works as Bearer, lists only its prefix after a reload, and revokes it from the keyboard', async () => {
    const user = await createUser(stack.deps);
    const { token } = await createSession(stack.deps, user.id);
    const context = await browser.newContext();
    // A returning user's browser: this version's cookie too, or the app's version check logs it out.
    await context.addCookies([
      { name: 'sheafUserToken', value: token, url: stack.baseUrl },
      { name: 'pdfVersion', value: '0.0.3', url: stack.baseUrl },
    ]);
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/account?type=apiKeys`);
    await hydrated(page);
    // The list is fetched by the page's script: once it says there is no key, the form is live too.
    await page.getByText(t('account.apiKeys.empty')).waitFor();

    await page.getByLabel(t('account.apiKeys.name')).fill('laptop script');
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: t('account.apiKeys.created.title', { name: 'laptop script' }) });
    await panel.waitFor();
    await page.getByText(t('account.apiKeys.created.once')).waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H3');
    const key = await panel.getByLabel(t('account.apiKeys.created.key'), { exact: true }).inputValue();
    expect(key).toMatch(/^sheaf_/);

    const asKey = () => fetch(`${stack.baseUrl}/api/user/getUserInfo`, { headers: { Authorization: `Bearer ${key}` } });
    const used = await asKey();
    expect(used.status).toBe(200);
    expect((await used.json()).data.userInfo.email).toBe(user.email);

    await page.reload();
    const row = page.getByRole('row', { name: /laptop script/ });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${key.slice(0, 12)}…`);
    expect(await row.textContent()).not.toContain(t('account.apiKeys.never'));
    expect(await page.content()).not.toContain(key);

    await row.getByRole('button', { name: `${t('account.apiKeys.revoke')} laptop script` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t('account.apiKeys.confirm.title') });
    await dialog.waitFor();
    // The safe choice has the focus; Tab reaches the revocation.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText(t('account.apiKeys.empty')).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t('account.apiKeys.listTitle'));

    const refused = await asKey();
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe(ERRORS.API_KEY_INVALID.message);
    await context.close();
  });
});
