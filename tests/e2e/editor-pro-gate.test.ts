import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { createSession, createSubscription, createUser } from '../support/factories';
import { startStack, type Stack } from '../support/stack';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { getI18n } from '../support/copy';

const SHOTS = '/tmp/shots-editor-pro-gate';
const { t } = getI18n('en');

describe('editing existing text is Pro when billing is configured', () => {
  let stripe: StripeStandIn;
  let stack: Stack;
  let browser: Browser;
  let tmp: string;
  let letter: string;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    stack = await startStack({ ...stripe.env, billingConfigured: true, DOWNLOAD_POLICY: 'pro' }, { web: true });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-pro-gate-'));
    letter = path.join(tmp, 'letter.pdf');
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).drawText('A line to edit', { x: 72, y: 700, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
    fs.writeFileSync(letter, await doc.save());
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await stripe?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** A browser context: a visitor's, or a signed-in user's holding the given plan. */
  const contextFor = async (who: 'visitor' | 'free' | 'pro'): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    if (who === 'visitor') return context;
    const user = await createUser(stack.deps);
    if (who === 'pro') await createSubscription(stack.deps, user.id, { status: 'TRIALING' });
    const { token } = await createSession(stack.deps, user.id, 24);
    await context.addCookies([
      { name: 'sheafUserToken', value: token, url: stack.baseUrl },
      { name: 'pdfVersion', value: '0.0.3', url: stack.baseUrl },
    ]);
    return context;
  };

  /** The editor with the letter open, after clicking Edit existing text. */
  const chooseEditText = async (context: BrowserContext) => {
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/edit-pdf`);
    await page.waitForFunction(() => document.cookie.includes('pdfVersion='));
    await page.waitForFunction(() => !document.querySelector('.avatar--pending'));
    await page.locator('input[type=file][accept*="pdf"]').setInputFiles(letter);
    await page.locator('.editor-page[data-page="1"] canvas').waitFor();
    const tool = page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.editText'), exact: true });
    await tool.click();
    return { page, tool };
  };

  it('a Free user choosing Edit existing text gets the payment popup, not the tool', async () => {
    const { page, tool } = await chooseEditText(await contextFor('free'));
    await page.locator('.pay-popup').waitFor();
    expect(await tool.getAttribute('aria-pressed')).toBe('false');
    await page.screenshot({ path: path.join(SHOTS, 'free-user.png') });
    await page.context().close();
  });

  it('a visitor choosing it is asked to sign up first, paying as the next step', async () => {
    const { page, tool } = await chooseEditText(await contextFor('visitor'));
    await page.locator('.login-popup').waitFor();
    expect(await tool.getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });

  it('a user in the trial goes straight into the tool, and the other tools stay free for everyone', async () => {
    const pro = await chooseEditText(await contextFor('pro'));
    expect(await pro.tool.getAttribute('aria-pressed')).toBe('true');
    await pro.page.getByRole('button', { name: t('editor.line.edit', { text: 'A line to edit' }) }).waitFor();
    expect(await pro.page.locator('.pay-popup').count()).toBe(0);
    await pro.page.context().close();

    const { page } = await chooseEditText(await contextFor('visitor'));
    await page.keyboard.press('Escape');
    const whiteout = page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.whiteout'), exact: true });
    await whiteout.click();
    expect(await whiteout.getAttribute('aria-pressed')).toBe('true');
    await page.context().close();
  });
});
