import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { createSession, createUser } from '../support/factories';
import { qpdfPages } from '../support/fixtures';
import { latestLoginLink } from '../support/outbox';
import { mergeAndClickDownload } from '../support/page-flows';
import { startStack, type Stack } from '../support/stack';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';

const ROOT = new URL('../..', import.meta.url).pathname;
const SHOTS = '/tmp/shots-payments';
const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;
const DAY = 86_400;

/**
 * Paying in the browser: the payment popup, the stand-in's hosted Checkout page, /pay-fwd, the
 * billing tab, against the real api and worker with Stripe's protocol spoken by the local stand-in
 * (its webhooks signed and delivered to the api).
 */
describe('payments in the browser', () => {
  let stripe: StripeStandIn;
  let stack: Stack;
  let browser: Browser;
  let tmp: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    stack = await startStack({ ...stripe.env, billingConfigured: true, DOWNLOAD_POLICY: 'pro' }, { web: true });
    stripe.setWebhookUrl(`${stack.baseUrl}/api/billing/stripe/webhook`);
    // The operator's step before selling: the catalogue's prices in the Stripe account.
    // Run beside the stand-in, which answers from this process: the call must not block it.
    await promisify(execFile)('node', ['--import', 'tsx', 'scripts/billing.ts', 'sync'], { cwd: ROOT, env: { ...process.env, ...stripe.env } });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-pay-'));
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await stripe?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** A signed-in browser: a user, its session cookie, and a page whose startup has run. */
  const signedIn = async (name: string, viewport: { width: number; height: number } = VIEWPORTS.desktop) => {
    const user = await createUser(stack.deps, { name });
    const { token } = await createSession(stack.deps, user.id, 24);
    const context = await browser.newContext({ acceptDownloads: true, viewport });
    // The version cookie too: a browser without it is logged out once (the spec's version check).
    await context.addCookies([
      { name: 'sheafUserToken', value: token, url: stack.baseUrl },
      { name: 'pdfVersion', value: '0.0.3', url: stack.baseUrl },
    ]);
    return { user, context, page: await context.newPage() };
  };
  /** The page has run its startup: the version cookie is set and, for a user, the avatar is in the header. */
  const started = async (page: Page) => {
    await page.waitForFunction(() => document.cookie.includes('pdfVersion=0.0.3'));
    await page.waitForFunction(() => !document.querySelector('.avatar--pending'));
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
  const latestOrder = (userId: string) => stack.deps.db.order.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: 'desc' } });

  /** On the stand-in's hosted page: a card number, then the submit button. */
  const checkout = async (page: Page, card: string) => {
    await page.waitForURL((url) => url.href.startsWith(stripe.url));
    await page.getByLabel('Card number').fill(card);
    await page.getByRole('button', { name: /^(Start trial|Pay)/ }).click();
  };

  it('starts a trial with a good card: welcome to Pro, and the download that asked for it continues', async () => {
    const { page, user } = await signedIn('Paula');
    await page.goto(`${stack.baseUrl}/merge-pdf`);
    await started(page);
    await mergeAndClickDownload(page);

    // 403 PRO_REQUIRED: the payment popup, its plans from the catalogue, Yearly chosen, focus inside.
    const popup = page.getByRole('dialog', { name: 'Upgrade to Sheaf Pro' });
    await popup.waitFor();
    const yearly = popup.getByRole('radio', { name: /Yearly/ });
    await expect.poll(() => yearly.isChecked()).toBe(true);
    expect(await popup.getByRole('radio').count()).toBe(3);
    await popup.getByText('$59.99', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.querySelector('dialog')?.contains(document.activeElement))).toBe(true);
    await shot(page, 'popup-en-desktop');

    await popup.getByRole('button', { name: 'Start my 3-day free trial' }).click();
    await checkout(page, '4242 4242 4242 4242');

    // Back from Checkout: /pay-fwd sees the payment, the merge page comes back and its file downloads by itself.
    const downloaded = await page.waitForEvent('download', { timeout: 60_000 });
    const saved = path.join(tmp, 'paid.pdf');
    await downloaded.saveAs(saved);
    expect(qpdfPages(saved)).toBe(3 + 14);
    // The client-side navigation back commits once the page's data is loaded, which may be after the download starts.
    await page.waitForURL((url) => url.pathname === '/merge-pdf');
    const welcome = page.getByRole('dialog', { name: 'Welcome to Pro' });
    await welcome.waitFor();
    await shot(page, 'popup-welcome-en-desktop');
    await welcome.getByRole('button', { name: 'Continue' }).click();

    // The plan everywhere it is named: no Upgrade button, the user menu says Yearly.
    expect(await page.getByRole('link', { name: 'Upgrade Pro' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Account menu of Paula' }).click();
    await page.getByText('Yearly plan').waitFor();
    const order = await latestOrder(user.id);
    expect(order.status).toBe('PAID');
    expect(order.returnPath).toMatch(/^\/merge-pdf\?download=%2Fapi%2Fmiaohui%2Ffile%2F/);
  });

  it("says 'Failed payment' after a declined card and Checkout's Back link", async () => {
    const { page, user } = await signedIn('Dora');
    await page.goto(`${stack.baseUrl}/pricing`);
    await started(page);
    await page.getByRole('button', { name: 'Start free trial' }).first().click();
    const popup = page.getByRole('dialog', { name: 'Upgrade to Sheaf Pro' });
    await popup.getByRole('button', { name: 'Start my 3-day free trial' }).click();
    await checkout(page, '4000 0000 0000 0002');
    await page.getByText('Your card was declined.').waitFor();
    await page.getByRole('link', { name: 'Back' }).click();

    await page.getByRole('heading', { name: 'Failed payment' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pay-fwd');
    await shot(page, 'pay-fwd-failed-en-desktop');
    expect((await latestOrder(user.id)).status).toBe('FAILED');
    // The way back, and nothing became Pro.
    expect(await page.getByRole('main').getByRole('link', { name: 'Back', exact: true }).getAttribute('href')).toBe('/pricing');
    await page.getByRole('link', { name: 'Upgrade Pro' }).waitFor();
  });

  it("shows 'Payment not Detected' while the payment is not there, then Pro without waiting for the webhook; cancelling shows 'Ends on'; past the period the user is Free again", async () => {
    const { page, user } = await signedIn('Nora', VIEWPORTS.phone);
    await page.goto(`${stack.baseUrl}/account?type=billing`);
    await started(page);
    await page.getByText('You have no subscription yet').waitFor();
    await shot(page, 'billing-free-en-phone');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const popup = page.getByRole('dialog', { name: 'Upgrade to Sheaf Pro' });
    await popup.getByRole('radio', { name: /Monthly/ }).check();
    await shot(page, 'popup-en-phone');
    stripe.holdWebhooks();
    await popup.getByRole('button', { name: 'Start my 3-day free trial' }).click();
    await page.waitForURL((url) => url.href.startsWith(stripe.url));

    // The buyer is back before paying (another tab, a slow card): the order is still pending.
    const order = await latestOrder(user.id);
    await page.goto(`${stack.baseUrl}/pay-fwd?payId=${order.id}`);
    await page.getByRole('heading', { name: 'Payment not Detected' }).waitFor();
    await page.getByText('Still checking, every few seconds…').waitFor();
    await shot(page, 'pay-fwd-not-detected-en-phone');

    // Paid now, its webhooks held back: the page's next check asks Stripe and finds it.
    const outcome = await stripe.pay(order.stripeSessionId!, '4242424242424242');
    expect(outcome.status).not.toBe('refused');
    await page.waitForURL((url) => url.pathname === '/success-subscription', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Welcome to Pro' }).waitFor();
    await page.getByText('Your Monthly plan is active', { exact: false }).waitFor();
    await stripe.releaseWebhooks();

    // Cancel at period end, confirmed: the plan shows the day it ends.
    await page.goto(`${stack.baseUrl}/account?type=billing`);
    const plan = page.getByRole('article', { name: 'Pro Monthly' });
    await plan.getByText('Next renewal').waitFor();
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await confirm.getByRole('button', { name: 'Cancel at period end' }).click();
    await plan.getByText('Ends on').waitFor();
    await plan.getByRole('button', { name: 'Resume subscription' }).waitFor();
    await shot(page, 'billing-ends-on-en-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await shot(page, 'billing-ends-on-en-desktop');

    // Past the period (the trial's end): Stripe ends the subscription, the user is Free again.
    await stripe.advanceClock(4 * DAY);
    await page.reload();
    await page.getByText('You have no subscription yet').waitFor();
    await page.getByRole('link', { name: 'Upgrade Pro' }).waitFor();
  });

  it('prices /fr/pricing in euros and the payment popup in French', async () => {
    const { page } = await signedIn('Fanny');
    await page.goto(`${stack.baseUrl}/fr/pricing`);
    await started(page);
    const amounts = await page.locator('.plan-card__amount').allTextContents();
    expect(amounts.map((a) => a.replace(/\s/g, ' '))).toEqual(['0 €', '59,99 €', '41,99 €', '24,99 €', '149,99 €']);
    await shot(page, 'pricing-fr-desktop');
    // The switch from the keyboard: Monthly prices.
    await page.getByRole('radio', { name: 'Annuel' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByRole('radio', { name: 'Mensuel' }).isChecked()).toBe(true);
    expect((await page.locator('.plan-card__amount').nth(1).textContent())?.replace(/\s/g, ' ')).toBe('9,99 €');

    await page.locator('[data-plan="MONTH"]').getByRole('button', { name: 'Commencer l’essai gratuit' }).click();
    const popup = page.getByRole('dialog', { name: 'Passez à Sheaf Pro' });
    await popup.getByText(/9,99\s€/).first().waitFor();
    await shot(page, 'popup-fr-desktop');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });

    const phone = await page.context().newPage();
    await phone.setViewportSize(VIEWPORTS.phone);
    await phone.goto(`${stack.baseUrl}/fr/pricing`);
    await shot(phone, 'pricing-fr-phone');
    await phone.goto(`${stack.baseUrl}/fr/account?type=billing`);
    await phone.getByText('Vous n’avez pas encore d’abonnement').waitFor();
    await shot(phone, 'billing-free-fr-phone');
  });

  it('prices /pricing in dollars; a visitor signs up first, and paying is the next step', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/pricing`);
    await started(page);
    const amounts = await page.locator('.plan-card__amount').allTextContents();
    expect(amounts).toEqual(['$0', '$59.99', '$41.99', '$24.99', '$149.99']);
    await shot(page, 'pricing-en-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await shot(page, 'pricing-en-phone');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Quarterly's trial button: the login popup first; signed in by the mailed link in another tab,
    // this tab opens the payment popup with Quarterly chosen.
    await page.locator('[data-plan="QUARTERLY"]').getByRole('button', { name: 'Start free trial' }).click();
    const login = page.getByRole('dialog', { name: 'Log in or sign up in seconds' });
    const email = `quentin.${Date.now()}@example.com`;
    // With billing, the login box promises the trial.
    await login.getByText('3-day unlimited trial').waitFor();
    await login.getByLabel('Email', { exact: true }).fill(email);
    await login.getByRole('button', { name: 'Continue' }).click();
    await login.getByText('Check your inbox').waitFor();
    const link = latestLoginLink(stack.deps.env.DATA_DIR, email);
    const mail = await context.newPage();
    await mail.goto(`${stack.baseUrl}${link.pathname}${link.search}`);
    await login.waitFor({ state: 'hidden' });
    const popup = page.getByRole('dialog', { name: 'Upgrade to Sheaf Pro' });
    await expect.poll(() => popup.getByRole('radio', { name: /Quarterly/ }).isChecked(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});
