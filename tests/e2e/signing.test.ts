import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSealCertificate } from '#shared/seal-certificate';
import { launchChromium } from '../support/browser';
import { createSession, createUser } from '../support/factories';
import { makeSealCertificate } from '../support/seal-certificate';
import { startStack, type Stack } from '../support/stack';
import { getI18n } from '../support/copy';

const SHOTS = '/tmp/shots-signing';
const { t } = getI18n('en');

describe('signing in the browser: signatures kept on the account, and the seal', () => {
  let stack: Stack;
  let browser: Browser;
  let tmp: string;
  let letter: string;
  let cookie: { name: string; value: string; url: string }[];
  let userId: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-signing-'));
    const p12 = makeSealCertificate(tmp, 'seal-pass');
    stack = await startStack({ SIGN_CERT_P12: p12, SIGN_CERT_PASSWORD: 'seal-pass', sealCertificate: readSealCertificate(p12, 'seal-pass') }, { web: true });
    browser = await launchChromium();
    letter = path.join(tmp, 'letter.pdf');
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).drawText('Agreement to sign', { x: 72, y: 700, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
    fs.writeFileSync(letter, await doc.save());
    fs.mkdirSync(SHOTS, { recursive: true });
    userId = (await createUser(stack.deps)).id;
    const { token } = await createSession(stack.deps, userId, 24);
    cookie = [
      { name: 'sheafUserToken', value: token, url: stack.baseUrl },
      { name: 'pdfVersion', value: '0.0.3', url: stack.baseUrl },
    ];
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** A fresh browser of the signed-in user, the letter open in Sign PDF and the signature dialog opened by a click on the page. */
  const signIn = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    await context.addCookies(cookie);
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/sign-pdf`);
    await page.waitForFunction(() => !document.querySelector('.avatar--pending'));
    await page.locator('input[type=file][accept*="pdf"]').setInputFiles(letter);
    await page.locator('.editor-page[data-page="1"] canvas').waitFor();
    const overlay = page.locator('.editor-page[data-page="1"] .editor-page__overlay');
    const box = (await overlay.boundingBox())!;
    await overlay.click({ position: { x: box.width * 0.6, y: box.height * 0.3 } });
    return { context, page };
  };

  it('keeps a typed signature on the account, offers it in another browser, and deletes it there', async () => {
    const first = await signIn();
    const dialog = first.page.getByRole('dialog', { name: t('editor.signature.title') });
    await dialog.getByRole('tab', { name: t('editor.signature.type') }).click();
    await dialog.getByLabel(t('editor.signature.name')).fill('Ada Lovelace');
    expect(await dialog.getByRole('checkbox', { name: t('editor.signature.keepOnAccount') }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: t('editor.signature.use'), exact: true }).click();
    await first.page.locator('[data-object=signature]').waitFor();
    const rows = await stack.deps.db.savedSignature.findMany({ where: { userId } });
    expect(rows.map((r) => r.data)).toEqual([{ kind: 'type', text: 'Ada Lovelace', color: '#1a237e' }]);
    await first.context.close();

    // Another browser: nothing kept locally, the account's signature is offered and placed.
    const second = await signIn();
    const again = second.page.getByRole('dialog', { name: t('editor.signature.title') });
    const saved = again.getByRole('button', { name: `${t('editor.signature.useSaved')} (${t('editor.signature.savedAccount')})` });
    await saved.waitFor();
    expect(await saved.textContent()).toBe('Ada Lovelace');
    await second.page.screenshot({ path: path.join(SHOTS, 'saved-signatures-1366x900.png') });
    await again.getByRole('button', { name: t('editor.signature.delete') }).click();
    await expect.poll(() => stack.deps.db.savedSignature.count({ where: { userId } })).toBe(0);
    await saved.waitFor({ state: 'detached' });
    await second.context.close();
  });

  it('seals the signed PDF when the box is ticked; pdfsig says the seal is valid', async () => {
    const { context, page } = await signIn();
    const dialog = page.getByRole('dialog', { name: t('editor.signature.title') });
    await dialog.getByRole('tab', { name: t('editor.signature.type') }).click();
    await dialog.getByLabel(t('editor.signature.name')).fill('Grace Hopper');
    await dialog.getByRole('button', { name: t('editor.signature.use'), exact: true }).click();
    await page.locator('[data-object=signature]').waitFor();
    await page.getByText(t('editor.apply.sealHelp')).waitFor();
    await page.getByRole('checkbox', { name: t('editor.apply.seal') }).check();
    const apply = page.getByRole('button', { name: t('editor.apply.button') });
    await expect.poll(() => apply.isEnabled(), { timeout: 30_000 }).toBe(true);
    const [request] = await Promise.all([page.waitForRequest((r) => /\/file\/(transfer|unLoginTransfer)$/.test(r.url())), apply.click()]);
    expect(request.postDataJSON()).toMatchObject({ toolType: 'sign-pdf', seal: true });
    const link = page.getByRole('link', { name: t('editor.apply.again') });
    await link.waitFor({ timeout: 90_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = path.join(tmp, 'sealed.pdf');
    await download.saveAs(file);
    const report = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
    expect(report).toContain('Signature Validation: Signature is Valid.');
    await context.close();
  });
});
