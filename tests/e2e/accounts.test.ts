import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixture, qpdfPages } from '../support/fixtures';
import { startGoogleStandIn } from '../support/google-stand-in';
import { latestLoginLink } from '../support/outbox';
import { mergeAndClickDownload } from '../support/page-flows';
import { launchChromium } from '../support/browser';
import { startStack, type Stack } from '../support/stack';

const unique = (name: string) => `${name}.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;

describe('accounts in the browser', () => {
  let stack: Stack;
  let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
  let browser: Browser;
  let tmp: string;

  beforeAll(async () => {
    google = await startGoogleStandIn('sheaf-e2e.apps.googleusercontent.com', 'e2e-secret');
    stack = await startStack({ ...google.env, DOWNLOAD_POLICY: 'login' }, { web: true });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-e2e-'));
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await google?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** What the Content-Security-Policy refused in this test's pages; a refusal breaks a page silently. */
  let refused: string[] = [];
  afterEach(() => {
    const seen = refused;
    refused = [];
    expect(seen).toEqual([]);
  });
  const newPage = async (options: Parameters<Browser['newContext']>[0] = {}) => {
    const context = await browser.newContext({ acceptDownloads: true, ...options });
    await context.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy refused ${e.blockedURI} (${e.violatedDirective})`)),
    );
    context.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(`${message.page()?.url()}: ${message.text()}`);
    });
    return { context, page: await context.newPage() };
  };
  /** The mailed link's path and query, on this test's server (the mail names the configured public address). */
  const emailedLink = (email: string) => {
    const link = latestLoginLink(stack.deps.env.DATA_DIR, email);
    return `${stack.baseUrl}${link.pathname}${link.search}`;
  };
  /** A visitor merges two fixtures and clicks Download: the login popup that asks for the download. */
  const mergeAndDownload = async (page: Page) => {
    await page.goto(`${stack.baseUrl}/merge-pdf`);
    await mergeAndClickDownload(page);
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up to download this file' });
    await dialog.waitFor();
    return dialog;
  };
  /** Signs up in the popup and waits for the link to be mailed. */
  const signUpByLink = async (dialog: Locator, email: string, name: string) => {
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByText('Your log in link has been sent to the above email address').waitFor();
  };
  const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);
  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());
  /** The first page of a context has run its startup once the version cookie is set: handlers are attached. */
  const started = (page: Page) => page.waitForFunction(() => document.cookie.includes('pdfVersion=0.0.3'));

  it('signs up by email, logs out and logs in again', async () => {
    const { page } = await newPage();
    const email = unique('ada');
    await page.goto(`${stack.baseUrl}/`);

    await page.getByRole('link', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up in seconds' });
    await dialog.waitFor();
    expect(await bodyOverflow(page)).toBe('hidden');
    // Focus starts in the form and Tab never leaves the dialog.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    for (let i = 0; i < 9; i++) await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await page.evaluate(() => document.querySelector('dialog')?.contains(document.activeElement))).toBe(true);
    const create = dialog.getByRole('button', { name: 'Create account' });
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Email', { exact: true }).fill('ada@');
    await dialog.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await dialog.getByText('Enter a valid email address').waitFor();
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Name', { exact: true }).fill('A');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await create.click();
    await dialog.getByText('Your log in link has been sent to the above email address').waitFor();

    // Escape closes the popup and gives the page its scrolling back.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await bodyOverflow(page)).toBe('');

    await page.goto(emailedLink(email));
    await page.getByText('Login Successful').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    const avatar = page.getByRole('button', { name: 'Account menu of Ada Lovelace' });
    expect((await avatar.textContent())?.trim()).toBe('A');

    // The user menu works from the keyboard.
    await avatar.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedText(page)).toBe('Account');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('History tasks');
    await page.keyboard.press('Escape');
    expect(await page.getByRole('menu').count()).toBe(0);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedText(page)).toBe('Log out');
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    expect((await fetch(`${stack.baseUrl}/account`, { redirect: 'manual' })).status).toBe(302);

    // Log in again: the same address, the log-in mode this time.
    await page.getByRole('link', { name: 'Log in' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Your log in link has been sent to the above email address').waitFor();
    await page.goto(emailedLink(email));
    await page.getByText('Login Successful').waitFor();
    await avatar.waitFor();

    await page.goto(`${stack.baseUrl}/account`);
    await page.getByText(email).waitFor();
    expect(await page.getByRole('definition').allTextContents()).toEqual([email, 'Ada Lovelace', 'Free', 'Free']);
    await page.getByRole('link', { name: 'Billing' }).click();
    // This server has no billing: the tab says Free and offers nothing to buy.
    await page.locator('section.billing .plan-badge--free').waitFor();
    await page.getByText('Loading your billing…').waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Upgrade to Pro' }).count()).toBe(0);
    await page.goto(`${stack.baseUrl}/history-tasks`);
    await page.getByText('No tasks yet.', { exact: false }).waitFor();
  });

  it('brings a login link opened after its tab was closed back to the file that asked for it', async () => {
    const { context, page } = await newPage();
    const dialog = await mergeAndDownload(page);
    const email = unique('later');
    await signUpByLink(dialog, email, 'Lea');
    // The user closes the tab, and opens the mailed link later in the same browser.
    await page.close();

    const later = await context.newPage();
    await later.goto(emailedLink(email));
    const ready = later.getByRole('dialog', { name: 'Your file is ready' });
    await ready.waitFor();
    const downloaded = later.waitForEvent('download', { timeout: 60_000 });
    await ready.getByRole('button', { name: 'Download' }).click();
    const saved = path.join(tmp, 'after-closed-tab.pdf');
    await (await downloaded).saveAs(saved);
    expect(qpdfPages(saved)).toBe(3 + 14);
    await ready.waitFor({ state: 'hidden' });
  });

  it('tells a sign-up that the account exists, and a log-in that it does not', async () => {
    const known = unique('known');
    await stack.deps.db.user.create({ data: { email: known, name: 'Known' } });
    const { page } = await newPage();
    await page.goto(`${stack.baseUrl}/sign-up`);
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up in seconds' });
    const create = dialog.getByRole('button', { name: 'Create account' });
    await create.waitFor();
    await dialog.getByLabel('Email', { exact: true }).fill(known);
    await dialog.getByLabel('Name', { exact: true }).fill('Known');
    await dialog.getByText('Account already exists with this email. Please login to continue.').waitFor();
    expect(await create.isDisabled()).toBe(true);

    await dialog.getByLabel('Email', { exact: true }).fill(unique('nobody'));
    await dialog.getByRole('button', { name: 'Log in' }).first().click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Account already not sign up with this email. Please sign up to continue.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
  });

  it('signs in with Google through the redirect flow and comes back to the page it started on', async () => {
    const { page } = await newPage();
    google.setNextUser({ sub: `g-${Date.now()}`, email: unique('grace'), name: 'Grace Hopper' });
    await page.goto(`${stack.baseUrl}/merge-pdf`);
    await page.getByRole('link', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up in seconds' });
    const button = dialog.getByRole('link', { name: 'Continue with Google' });
    expect(await button.getAttribute('href')).toBe('/api/user/google?next=%2Fmerge-pdf');
    await button.click();
    await page.getByText('Login Successful').waitFor();
    expect(new URL(page.url()).pathname).toBe('/merge-pdf');
    const avatar = page.getByRole('button', { name: 'Account menu of Grace Hopper' });
    expect((await avatar.textContent())?.trim()).toBe('G');
  });

  it("keeps a visitor's files through the login popup and downloads them once signed in", async () => {
    const { context, page } = await newPage();
    const dialog = await mergeAndDownload(page);
    // Two PDFs in, one merged PDF out: the popup counts what will be downloaded.
    await dialog.getByText('1 file ready to download').waitFor();
    await dialog.getByRole('img', { name: 'First page of your file' }).waitFor();

    const email = unique('visitor');
    await signUpByLink(dialog, email, 'Vera');

    // The emailed link opens in another tab; this one hears of the login and carries on.
    const downloaded = page.waitForEvent('download', { timeout: 60_000 });
    const mail = await context.newPage();
    await mail.goto(emailedLink(email));
    const file = await downloaded;
    const saved = path.join(tmp, 'after-login.pdf');
    await file.saveAs(saved);
    expect(qpdfPages(saved)).toBe(3 + 14);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Account menu of Vera' }).waitFor();

    // The files moved to the account: the merge is in its history.
    await mail.goto(`${stack.baseUrl}/history-tasks`);
    await mail.getByRole('cell', { name: 'Merge PDF' }).waitFor();
  });

  it('remembers the language chosen in the footer, and detects French on the root path', async () => {
    const { page, context } = await newPage({ locale: 'fr-FR' });
    await page.goto(`${stack.baseUrl}/`);
    expect(new URL(page.url()).pathname).toBe('/fr');
    await started(page);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Langue : Français' }).click();
    await page.getByRole('dialog', { name: 'Choisissez votre langue' }).getByRole('link', { name: 'English' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
    await page.goto(`${stack.baseUrl}/`);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('runs the home page, a tool with its previews and the French site under the Content-Security-Policy', async () => {
    const { page } = await newPage();
    for (const path of ['/', '/fr', '/fr/merge-pdf']) {
      const res = await page.goto(`${stack.baseUrl}${path}`);
      expect(res?.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-");
      await started(page);
    }
    // The French home page hydrated: its language picker opens.
    await page.goto(`${stack.baseUrl}/fr`);
    await started(page);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Langue : Français' }).click();
    await page.getByRole('dialog', { name: 'Choisissez votre langue' }).waitFor();

    // A tool page: pdf.js draws the covers in its worker from the chosen files, the pages' thumbnails come from the API.
    await page.goto(`${stack.baseUrl}/organize-pdf`);
    await started(page);
    await page.locator('input[type=file]').setInputFiles([fixture('pdf/pdfjs_tracemonkey.pdf')]);
    await expect.poll(() => page.locator('img[src*="/thumb/"]').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length), { timeout: 60_000 }).toBeGreaterThan(0);
    await page.goto(`${stack.baseUrl}/merge-pdf`);
    await started(page);
    await page.locator('input[type=file]').setInputFiles([fixture('pdf/pypdf_multicolumn.pdf'), fixture('pdf/pdfjs_tracemonkey.pdf')]);
    await expect.poll(() => page.locator('img[src^="data:image/jpeg"]').count(), { timeout: 30_000 }).toBe(2);
    // The inlined stylesheet applies (a refused <style> leaves the page unstyled).
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
  });

  it('sends the contact form', async () => {
    const { page } = await newPage();
    await page.goto(`${stack.baseUrl}/contactUs`);
    await started(page);
    await page.getByLabel('Your email').fill('reader@example.com');
    await page.getByLabel('Message').fill('Hello from the browser test');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you, your message has been sent').waitFor();
    expect(await stack.deps.db.contactMessage.count({ where: { body: 'Hello from the browser test' } })).toBeGreaterThan(0);
  });
});
