import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixture, qpdfPages } from '../support/fixtures';
import { startGoogleStandIn } from '../support/google-stand-in';
import { APP_VERSION, VERSION_COOKIE } from '../../web/app/stores/client-ids';
import { getI18n } from '../support/copy';
import { createFailedTask, createSession, createUser } from '../support/factories';
import { latestLoginLink, latestMailTo } from '../support/outbox';
import { mergeAndClickDownload } from '../support/page-flows';
import { launchChromium } from '../support/browser';
import { startStack, type Stack } from '../support/stack';

/** Screenshots for people to look at (the login box, the account page, the visitor history). */
const SHOTS = '/tmp/shots-login';
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
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
  /** Asks for a link in the popup's one box and waits for it to be mailed. */
  const askForLink = async (dialog: Locator, email: string) => {
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Check your inbox').waitFor();
  };
  const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);
  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim());
  /** The first page of a context has run its startup once the version cookie is set: handlers are attached. */
  const started = (page: Page) => page.waitForFunction(() => document.cookie.includes('pdfVersion=0.0.3'));

  it('signs up by email in the one box, names the account, logs out and logs in again', async () => {
    const { page } = await newPage();
    const email = unique('ada');
    await page.goto(`${stack.baseUrl}/`);

    await page.getByRole('link', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up in seconds' });
    await dialog.waitFor();
    expect(await bodyOverflow(page)).toBe('hidden');
    // This server sells no plan: the box promises no trial.
    expect(await dialog.getByText('3-day unlimited trial').count()).toBe(0);
    // Focus starts in the form and Tab never leaves the dialog.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    for (let i = 0; i < 9; i++) await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await page.evaluate(() => document.querySelector('dialog')?.contains(document.activeElement))).toBe(true);
    // One box: an email and Continue, no name, no switching between sign-up and log-in.
    expect(await dialog.getByLabel('Name', { exact: true }).count()).toBe(0);
    const next = dialog.getByRole('button', { name: 'Continue' });
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByLabel('Email', { exact: true }).fill('ada@');
    await dialog.getByLabel('Email', { exact: true }).blur();
    await dialog.getByText('Enter a valid email address').waitFor();
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await next.click();
    await dialog.getByText('Check your inbox').waitFor();
    await dialog.getByText(`We sent a link to ${email}.`, { exact: false }).waitFor();
    expect(latestMailTo(stack.deps.env.DATA_DIR, email)).toContain('Subject: Finish creating your Sheaf account');

    // Escape closes the popup and gives the page its scrolling back.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await bodyOverflow(page)).toBe('');

    await page.goto(emailedLink(email));
    await page.getByText('Login Successful').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // The account is named after the address until its owner gives a name, on the account page.
    await page.goto(`${stack.baseUrl}/account`);
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Change Name' }).click();
    const nameInput = profile.getByLabel('Name', { exact: true });
    expect(await nameInput.inputValue()).toBe(email.split('@')[0].slice(0, 20));
    await nameInput.fill('A');
    await profile.getByRole('button', { name: 'Save' }).click();
    await profile.getByText('Name should be 2–20 characters').waitFor();
    await nameInput.fill('Ada Lovelace');
    await profile.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your name was changed').waitFor();
    expect(await page.getByRole('definition').allTextContents()).toEqual([email, 'Ada LovelaceChange Name', 'Free', 'Free']);
    expect((await stack.deps.db.user.findUniqueOrThrow({ where: { email } })).name).toBe('Ada Lovelace');
    const avatar = page.getByRole('button', { name: 'Account menu of Ada Lovelace' });
    expect((await avatar.textContent())?.trim()).toBe('A');
    await page.getByRole('link', { name: 'Billing' }).click();
    // This server has no billing: the tab says Free and offers nothing to buy.
    await page.locator('section.billing .plan-badge--free').waitFor();
    await page.getByText('Loading your billing…').waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Upgrade to Pro' }).count()).toBe(0);

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

    // Log in again: the same box, a log-in link this time.
    await page.getByRole('link', { name: 'Log in' }).click();
    await dialog.waitFor();
    await askForLink(dialog, email);
    expect(latestMailTo(stack.deps.env.DATA_DIR, email)).toContain('Subject: Your Sheaf log in link');
    await page.goto(emailedLink(email));
    await page.getByText('Login Successful').waitFor();
    await avatar.waitFor();
    await page.goto(`${stack.baseUrl}/history-tasks`);
    await page.getByText('No tasks yet.', { exact: false }).waitFor();
  });

  it('brings a login link opened after its tab was closed back to the file that asked for it', async () => {
    const { context, page } = await newPage();
    const dialog = await mergeAndDownload(page);
    const email = unique('later');
    await askForLink(dialog, email);
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

  it('answers a known and a new address alike, and says when more links may be asked for', async () => {
    const known = unique('known');
    await stack.deps.db.user.create({ data: { email: known, name: 'Known' } });
    const { page } = await newPage();
    await page.goto(`${stack.baseUrl}/log-in`);
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up in seconds' });
    await dialog.getByRole('button', { name: 'Continue' }).waitFor();
    const answerTo = async (email: string) => {
      await askForLink(dialog, email);
      return dialog.getByRole('status').textContent();
    };
    const nobody = unique('nobody');
    expect((await answerTo(known))?.replace(known, '…')).toBe((await answerTo(nobody))?.replace(nobody, '…'));
    expect(latestMailTo(stack.deps.env.DATA_DIR, known)).toContain('Subject: Your Sheaf log in link');
    expect(latestMailTo(stack.deps.env.DATA_DIR, nobody)).toContain('Subject: Finish creating your Sheaf account');

    // Links for the same address from the same place: past the third, the next waits for the window.
    for (let sent = 1; sent < 3; sent++) {
      await dialog.getByRole('button', { name: 'Send another link' }).click();
      await expect.poll(() => fs.readdirSync(path.join(stack.deps.env.DATA_DIR, 'outbox')).filter((f) => fs.readFileSync(path.join(stack.deps.env.DATA_DIR, 'outbox', f), 'utf8').includes(`To: ${nobody}`)).length).toBe(sent + 1);
    }
    await dialog.getByRole('button', { name: 'Send another link' }).click();
    await dialog.getByRole('alert').getByText('Too many links requested. Try again in 15 minutes.').waitFor();
    expect(await dialog.getByText('Check your inbox').count()).toBe(0);
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
    await stack.deps.db.user.create({ data: { email, name: 'Vera' } });
    await askForLink(dialog, email);

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

  /** A context signed in as a new user through a session made in the database. */
  const signedInPage = async (options: Parameters<Browser['newContext']>[0] = {}) => {
    const user = await createUser(stack.deps, { email: unique('signed'), name: 'Sam' });
    const { token } = await createSession(stack.deps, user.id);
    const { context, page } = await newPage(options);
    await context.addCookies([
      { name: 'sheafUserToken', value: token, url: stack.baseUrl },
      { name: VERSION_COOKIE, value: APP_VERSION, url: stack.baseUrl },
    ]);
    return { user, context, page };
  };

  it('deletes the account after the address is typed, and signs the browser out', async () => {
    const { user, page } = await signedInPage();
    await createFailedTask(stack.deps, user.id, { name: 'scan.pdf', errorCode: 'PDF_DAMAGED' });
    await page.goto(`${stack.baseUrl}/account`);
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    const typed = dialog.getByLabel(`To confirm, type your email address (${user.email})`);
    // The field has the focus, and the button waits for the address.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill('someone@example.com');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await stack.deps.db.user.count({ where: { id: user.id } })).toBe(1);

    await page.getByRole('button', { name: 'Delete my account…' }).click();
    await typed.fill(user.email.toUpperCase());
    await confirm.click();
    await page.getByText('Your account and all its files were deleted.').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    expect(await stack.deps.db.user.count({ where: { id: user.id } })).toBe(0);
    expect(await stack.deps.db.task.count({ where: { userId: user.id } })).toBe(0);
  });

  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: the history tells a visitor to log in, and lists the tasks once logged in`, async () => {
      const { t } = getI18n(lang);
      const at = (p: string) => `${stack.baseUrl}${lang === 'fr' ? `/fr${p}` : p}`;
      const { page } = await newPage();
      const res = await page.goto(at('/history-tasks'));
      // Not sent home: the page itself says what it holds.
      expect(res?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(lang === 'fr' ? '/fr/history-tasks' : '/history-tasks');
      await page.getByText(t('history.signedOut.title')).waitFor();
      await started(page);
      await page.getByRole('main').getByRole('button', { name: t('history.signedOut.logIn') }).click();
      const dialog = page.getByRole('dialog', { name: t('auth.popup.title') });
      const email = unique('history');
      const user = await createUser(stack.deps, { email, name: 'Hana' });
      await createFailedTask(stack.deps, user.id, { name: 'scan.pdf', errorCode: 'PDF_DAMAGED' });
      await dialog.getByLabel(t('auth.popup.email'), { exact: true }).fill(email);
      await dialog.getByRole('button', { name: t('auth.popup.continue') }).click();
      await dialog.getByText(t('auth.popup.linkSent')).waitFor();
      const mail = await page.context().newPage();
      await mail.goto(emailedLink(email));
      // This tab hears of the login and shows the tasks in place.
      await page.getByRole('row', { name: /scan\.pdf/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe(lang === 'fr' ? '/fr/history-tasks' : '/history-tasks');
    });
  }

  it('screenshots: the login box, the account page and the visitor history, en and fr, desktop and phone', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const lang of ['en', 'fr'] as const) {
      const { t } = getI18n(lang);
      const at = (p: string) => `${stack.baseUrl}${lang === 'fr' ? `/fr${p}` : p}`;
      for (const [device, viewport] of Object.entries(VIEWPORTS)) {
        // Reduced motion: buttons show their state, not a colour half-way through its transition.
        const visitor = await newPage({ viewport, isMobile: device === 'phone', hasTouch: device === 'phone', reducedMotion: 'reduce' });
        await visitor.page.goto(at('/log-in'));
        const dialog = visitor.page.getByRole('dialog', { name: t('auth.popup.title') });
        await dialog.getByLabel(t('auth.popup.email'), { exact: true }).fill(unique('shot'));
        await visitor.page.screenshot({ path: path.join(SHOTS, `login-${lang}-${device}.png`) });
        await dialog.getByRole('button', { name: t('auth.popup.continue') }).click();
        await dialog.getByText(t('auth.popup.linkSent')).waitFor();
        await visitor.page.screenshot({ path: path.join(SHOTS, `login-sent-${lang}-${device}.png`) });
        await visitor.page.goto(at('/history-tasks'));
        await visitor.page.getByText(t('history.signedOut.title')).waitFor();
        await visitor.page.screenshot({ path: path.join(SHOTS, `history-visitor-${lang}-${device}.png`), fullPage: true });
        await visitor.context.close();

        const signed = await signedInPage({ viewport, isMobile: device === 'phone', hasTouch: device === 'phone', reducedMotion: 'reduce' });
        await signed.page.goto(at('/account'));
        await signed.page.getByRole('button', { name: t('account.delete.open') }).waitFor();
        await signed.page.screenshot({ path: path.join(SHOTS, `account-${lang}-${device}.png`), fullPage: true });
        await signed.page.getByRole('button', { name: new RegExp(t('account.name.change')) }).click();
        await signed.page.screenshot({ path: path.join(SHOTS, `account-name-${lang}-${device}.png`), fullPage: true });
        await signed.page.getByRole('button', { name: t('account.delete.open') }).click();
        await signed.page.getByRole('dialog').getByRole('textbox').fill(signed.user.email);
        await signed.page.screenshot({ path: path.join(SHOTS, `account-delete-${lang}-${device}.png`) });
        // Nothing sticks out sideways.
        expect(await signed.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await signed.context.close();
      }
    }
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
