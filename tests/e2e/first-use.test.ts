import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_PATHS } from '#shared/ai/api';
import { ERRORS } from '#shared/errors';
import { APP_VERSION, VERSION_COOKIE } from '../../web/app/stores/client-ids';
import { launchChromium } from '../support/browser';
import { createFailedTask, createSession, createUser } from '../support/factories';
import { fixture } from '../support/fixtures';
import { OLD_OCR, writeScanWithOldOcr } from '../support/old-ocr';
import { hydrated } from '../support/page-flows';
import { latestLoginLink } from '../support/outbox';
import { startStack, type Stack } from '../support/stack';
import { getI18n } from '../support/copy';

/** The dead ends a new user met, walked the way they were found (issue 16), in both languages. */
describe('first use without dead ends', () => {
  let stack: Stack;
  let browser: Browser;
  let tmp: string;

  beforeAll(async () => {
    stack = await startStack({}, { web: true, worker: false });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-first-use-'));
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const pageWith = async (cookie?: string) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (cookie) {
      const [name, value] = cookie.split('=');
      // A returning user's browser: this version's cookie too, or the app's version check logs it out.
      await context.addCookies([{ name, value, url: stack.baseUrl }, { name: VERSION_COOKIE, value: APP_VERSION, url: stack.baseUrl }]);
    }
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error', e.message));
    return page;
  };

  /** The page's script has started (it sets the version cookie): buttons now do what they say. */

  for (const lang of ['en', 'fr'] as const) {
    const { t } = getI18n(lang);
    const at = (p: string) => `${stack.baseUrl}${lang === 'fr' ? `/fr${p}` : p}`;

    it(`${lang}: the history shows why a task failed, in the page's language`, async () => {
      const user = await createUser(stack.deps);
      const { cookie } = await createSession(stack.deps, user.id);
      await createFailedTask(stack.deps, user.id, { name: 'scan.pdf', errorCode: 'PDF_DAMAGED', errorMessage: ERRORS.PDF_DAMAGED.message });
      const page = await pageWith(cookie);
      await page.goto(at('/history-tasks'));
      const row = page.getByRole('row', { name: /scan\.pdf/ });
      await row.getByText(t('history.status.failed')).waitFor();
      expect(await row.textContent()).toContain(t('errors.PDF_DAMAGED'));
      await page.context().close();
    });

    it(`${lang}: the AI page keeps still while the visitor's AI limits load: the server already drew them, and the notice that no provider is set up`, async () => {
      const page = await pageWith();
      await page.addInitScript(() => {
        const shifts: Array<{ value: number; nodes: string }> = [];
        Object.assign(window, { shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; sources: Array<{ node?: Node }> }>)
            shifts.push({ value: entry.value, nodes: entry.sources.map((source) => (source.node as Element | undefined)?.className).join(', ') });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const config = page.waitForResponse((response) => response.url().endsWith(AI_PATHS.config));
      await page.goto(at('/ai-pdf'));
      // Without billing nothing but the upload size limits the assistant (the default stack has neither billing nor a provider).
      const limits = page.locator('.dropzone__limits');
      await limits.waitFor();
      const drawn = await limits.textContent();
      expect(drawn).toBe(t('aiPdf.upload.limitsOpen', { mb: stack.deps.env.MAX_UPLOAD_MB, pages: stack.deps.env.AI_MAX_PAGES }));
      expect(await page.locator('.ai-badge').count()).toBe(3);
      expect((await config).status()).toBe(200);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await limits.textContent()).toBe(drawn);
      // A line that changed length moved the features below it by a line's height (0.01 to 0.05 of the
      // screen); what a browser may still report (a sub-pixel move, under 0.001) is nothing to see.
      const shifts = await page.evaluate(() => (window as unknown as { shifts: Array<{ value: number; nodes: string }> }).shifts);
      expect(shifts.reduce((sum, shift) => sum + shift.value, 0), JSON.stringify(shifts)).toBeLessThan(0.001);
      await page.context().close();
    });

    it(`${lang}: a login link already used says so, with the email form ready to send a new one`, async () => {
      const user = await createUser(stack.deps);
      const asked = await fetch(`${stack.baseUrl}/api/user/emailLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email }) });
      expect(asked.status).toBe(200);
      const link = latestLoginLink(stack.deps.env.DATA_DIR, user.email);
      const token = link.searchParams.get('token')!;
      const used = await fetch(`${stack.baseUrl}/api/user/emailLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, token, confirm: true }) });
      expect((await used.json()).data.userInfo.email).toBe(user.email);

      const page = await pageWith();
      await page.goto(`${at('/')}?${new URLSearchParams({ email: user.email, token })}`);
      const dialog = page.getByRole('dialog');
      await dialog.getByText(t('errors.LINK_EXPIRED')).waitFor();
      expect(await dialog.getByLabel(t('auth.popup.email'), { exact: true }).inputValue()).toBe(user.email);
      expect(await page.getByText(t('errors.LINK_INVALID')).count()).toBe(0);
      await dialog.getByRole('button', { name: t('auth.popup.continue') }).click();
      await dialog.getByText(t('auth.popup.linkSent')).waitFor();
      await page.context().close();
    });

    it(`${lang}: offers only what the operator configured: no Google button, desktop builds or social links when unset`, async () => {
      const page = await pageWith();
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(at('/'));
      await hydrated(page);
      const footer = page.getByRole('contentinfo');
      expect(await footer.getByRole('list', { name: t('nav.footer.social') }).count()).toBe(0);
      expect(await footer.getByRole('list', { name: t('nav.footer.downloads') }).count()).toBe(0);
      expect(await page.locator('a[href*="/download"]').count()).toBe(0);
      await page.getByRole('banner').getByRole('link', { name: t('auth.header.logIn') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(t('auth.popup.subtitleEmail')).waitFor();
      expect(await dialog.getByText(t('auth.popup.google')).count()).toBe(0);
      expect(await dialog.getByLabel(t('auth.popup.email'), { exact: true }).count()).toBe(1);

      // A page or bookmark that still starts Google's sign-in comes back with the reason, in the popup.
      await page.goto(`${stack.baseUrl}/api/user/google?next=${encodeURIComponent(lang === 'fr' ? '/fr/merge-pdf' : '/merge-pdf')}`);
      await page.getByRole('dialog').getByText(t('errors.GOOGLE_LOGIN_FAILED')).waitFor();
      expect(new URL(page.url()).pathname).toBe(lang === 'fr' ? '/fr/merge-pdf' : '/merge-pdf');
      await page.context().close();
    });

    it(`${lang}: 31 PDFs dropped on Merge: the one left out is named, in view on a phone`, async () => {
      const pdfs = Array.from({ length: 31 }, (_, i) => {
        const file = path.join(tmp, `part-${String(i + 1).padStart(2, '0')}.pdf`);
        fs.copyFileSync(fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'), file);
        return file;
      });
      const page = await pageWith();
      await page.goto(at('/merge-pdf'));
      await hydrated(page);
      await page.locator('input[type=file]').setInputFiles(pdfs);
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent()).toBe(t('flow.leftOut', { count: 1, max: 30, names: 'part-31.pdf' }));
      await expect.poll(() => page.locator('[data-status]').count()).toBe(30);
      // On screen, not below thirty cards.
      await expect.poll(async () => {
        const box = await alert.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 844;
      }).toBe(true);
      await page.context().close();
    });

    it(`${lang}: a 0-byte file is called empty, with no retry that cannot work`, async () => {
      const page = await pageWith();
      await page.goto(at('/compress-pdf'));
      await hydrated(page);
      await page.locator('input[type=file]').setInputFiles({ name: 'empty.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(0) });
      await expect.poll(() => page.getByRole('alert').textContent()).toBe(t('errors.FILE_EMPTY'));
      expect(await page.getByText(t('errors.UNSUPPORTED_TYPE')).count()).toBe(0);
      expect(await page.getByRole('button', { name: t('flow.file.retryUpload') }).count()).toBe(0);
      await page.context().close();
    });

    it(`${lang}: the progress card comes into view and takes focus when a task starts, on a phone below OCR's options`, async () => {
      const page = await pageWith();
      await page.goto(at('/pdf-ocr'));
      await hydrated(page);
      await page.locator('input[type=file]').setInputFiles(fixture('scanned/ocrmypdf_francais.pdf'));
      const start = page.getByRole('button', { name: t('tools.pdf-ocr.action') });
      await expect.poll(() => start.isEnabled()).toBe(true);
      await start.click();
      // This stack has no worker: the task stays in progress, as a long one does.
      const heading = page.getByRole('heading', { name: t('flow.progress.title') });
      await heading.waitFor();
      await expect.poll(async () => {
        const box = await heading.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 844;
      }).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t('flow.progress.title'));
      await page.context().close();
    });

    // Two OCR runs of a scan: four minutes, since on a loaded 2-core machine it took 103 s alone.
    it(`${lang}: OCR says when scans kept the text an earlier OCR gave them, and redoes every page on request`, { timeout: 240_000 }, async () => {
      const input = path.join(tmp, 'old-ocr.pdf');
      if (!fs.existsSync(input)) writeScanWithOldOcr(input);
      // This stack has no worker of its own (the progress test needs a task that stays in progress).
      const worker = await stack.startWorker();
      const page = await pageWith();
      try {
        await page.goto(at('/pdf-ocr'));
        await hydrated(page);
        await page.locator('input[type=file]').setInputFiles(input);
        const start = page.getByRole('button', { name: t('tools.pdf-ocr.action') });
        await expect.poll(() => start.isEnabled()).toBe(true);
        await start.click();
        const notice = page.getByText(t('notices.OCR_KEPT_SCANS'));
        await notice.waitFor({ timeout: 60_000 });
        const shots = path.join(stack.deps.env.DATA_DIR, 'screenshots');
        fs.mkdirSync(shots, { recursive: true });
        await page.screenshot({ path: path.join(shots, `ocr-kept-scans-${lang}.png`), fullPage: true });

        await page.getByRole('button', { name: t('options.ocr.redoAll') }).click();
        await page.getByRole('heading', { name: t('flow.progress.title') }).waitFor();
        const link = page.getByRole('link', { name: t('flow.result.download') });
        await link.waitFor({ timeout: 60_000 });
        expect(await notice.count()).toBe(0);
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        const saved = path.join(tmp, `redone-${lang}.pdf`);
        await download.saveAs(saved);
        const found = execFileSync('pdftotext', [saved, '-'], { encoding: 'utf8' });
        expect(found).not.toContain(OLD_OCR);
        expect(found).toContain('whisky');
      } finally {
        await page.context().close();
        await worker.close();
      }
    });

    it(`${lang}: Split names the part of a range list that is wrong, and warns before cutting a range at the last page`, async () => {
      const page = await pageWith();
      await page.goto(at('/split-pdf'));
      await hydrated(page);
      await page.locator('input[type=file]').setInputFiles(fixture('pdf/pdfjs_tracemonkey.pdf'));
      await page.getByRole('radio', { name: t('options.split.ranges') }).check();
      const ranges = page.getByLabel(t('options.split.rangesLabel'));
      await ranges.fill('5-3, 40, abc');
      await ranges.blur();
      await page.getByText(t('options.split.invalidPart', { part: '5-3' })).waitFor();
      await ranges.fill('1-2, 10-20');
      await page.getByText(t('options.split.pastEnd', { count: 14 })).waitFor();
      await page.context().close();
    });

    it(`${lang}: /success-log-in tells a visitor who is not signed in so, and offers to log in`, async () => {
      const page = await pageWith();
      await page.goto(at('/success-log-in'));
      await page.getByRole('heading', { name: t('auth.success.signedOutTitle') }).waitFor();
      expect(await page.getByText(t('auth.success.title'), { exact: true }).count()).toBe(0);
      await hydrated(page);
      await page.getByRole('button', { name: t('auth.success.logIn') }).click();
      await page.getByRole('dialog').waitFor();
      await page.context().close();
    });
  }
});
