import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_PATHS, type AiDocumentView } from '#shared/ai/api';
import { APP_VERSION, VERSION_COOKIE } from '../../web/app/stores/client-ids';
import { launchChromium } from '../support/browser';
import { createSession, createUser } from '../support/factories';
import { fixture } from '../support/fixtures';
import { manyPagePdf } from '../support/many-pages';
import { BILLING_WITHOUT_STRIPE_CALLS, startStack, type Stack } from '../support/stack';
import { getI18n } from '../support/copy';

/** Where the screenshots go for a person to look at. */
const SHOTS = '/tmp/shots-ai';
const WIDE = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };
const { t } = getI18n('en');

/** Three pages of a small handbook: each page has its heading and facts found nowhere else. */
async function writeHandbook(file: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pages = [
    ['Garden Handbook', ['This handbook explains how to plan a small vegetable garden.', 'It covers sunlight, watering and compost for beginners.']],
    ['Tomatoes and Sunlight', ['Tomato plants need at least eight hours of direct sunlight every day.', 'Stake the stems early so the fruit stays off the wet soil.']],
    ['Compost', ['Turn the compost heap every fortnight to let air reach the middle.', 'Coffee grounds and eggshells are welcome in the heap.']],
  ] as const;
  for (const [heading, lines] of pages) {
    const page = doc.addPage([612, 792]);
    page.drawText(heading, { x: 72, y: 700, size: 24, font: bold });
    lines.forEach((line, i) => page.drawText(line, { x: 72, y: 650 - i * 22, size: 12, font }));
  }
  fs.writeFileSync(file, await doc.save());
}

describe('the AI PDF assistant in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  let tmp: string;
  let handbook: string;
  /** The visitor's context: the handbook's conversation is theirs for the tests that follow. */
  let visitor: BrowserContext;
  let chat: Page;
  let chatUrl: string;
  /** What the browser reports refusing under the page's content security policy, on the conversation's page. */
  const refused: string[] = [];

  beforeAll(async () => {
    // The AI limits apply where a plan can lift them: with billing.
    stack = await startStack(BILLING_WITHOUT_STRIPE_CALLS, { web: true });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-ai-'));
    handbook = path.join(tmp, 'garden-handbook.pdf');
    await writeHandbook(handbook);
    fs.mkdirSync(SHOTS, { recursive: true });
    visitor = await browser.newContext({ viewport: WIDE, acceptDownloads: true });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  const started = (page: Page) => page.waitForFunction(() => document.cookie.includes('pdfVersion='));

  /** Uploads a file on /ai-pdf and waits for its conversation page, recording the statuses it was polled in. */
  const upload = async (page: Page, file: string, readWithin = 60_000) => {
    const statuses: string[] = [];
    page.on('response', async (res) => {
      if (new URL(res.url()).pathname !== AI_PATHS.getDocument) return;
      const body = (await res.json().catch(() => undefined)) as { data?: AiDocumentView } | undefined;
      if (body?.data?.status) statuses.push(body.data.status);
    });
    await page.goto(`${stack.baseUrl}/ai-pdf`);
    await started(page);
    await page.locator('.ai-upload input[type=file]').setInputFiles(file);
    await page.waitForURL(/\/ai-pdf\/chat\/[A-Za-z0-9_-]+$/);
    // The question box opens once the document is read.
    await page.locator('.ai-ask__box:not([disabled])').waitFor({ timeout: readWithin });
    return statuses;
  };

  const ask = async (page: Page, question: string) => {
    const before = await page.locator('.ai-answer').count();
    const box = page.getByRole('textbox', { name: t('aiPdf.ask.label') });
    await box.fill(question);
    await box.press('Enter');
    const answer = page.locator('.ai-answer').nth(before);
    // A quoted answer ends with where it comes from; "not found" with its notice.
    await answer.locator('.ai-answer__source, .ai-answer__not-found').first().waitFor({ timeout: 30_000 });
    return answer;
  };

  it('reads a PDF with its progress, answers from page 2 with a "p. 2" citation that scrolls the viewer there and marks the passage', async () => {
    chat = await visitor.newPage();
    chat.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const statuses = await upload(chat, handbook);
    chatUrl = chat.url();
    expect(statuses[0]).toBe('indexing');
    // The last answer's body is read after the page has shown it.
    await expect.poll(() => statuses.at(-1)).toBe('ready');

    const answer = await ask(chat, 'How many hours of sunlight do tomato plants need?');
    await expect(answer.innerText()).resolves.toContain('eight hours');
    expect(await answer.locator('.ai-answer__source').innerText()).toBe(t('aiPdf.answer.document'));
    const chip = answer.locator('.ai-cite').first();
    expect(await chip.innerText()).toBe('p. 2');

    await chip.click();
    const page2 = chat.locator('.ai-page[data-page="2"]');
    await page2.locator('.ai-hit').first().waitFor();
    const viewer = (await chat.locator('.ai-viewer').boundingBox())!;
    const shown = (await page2.boundingBox())!;
    expect(Math.abs(shown.y - viewer.y)).toBeLessThan(40);
    expect((await page2.locator('.ai-hit').allInnerTexts()).join(' ')).toContain('eight hours');
    await chat.screenshot({ path: `${SHOTS}/chat-en-1280.png` });
  });

  it('answers "not found" without claiming to quote the document', async () => {
    const answer = await ask(chat, 'What is the warranty period of the dishwasher?');
    expect(await answer.locator('.ai-answer__not-found').innerText()).toBe(t('aiPdf.answer.notFound'));
    expect(await answer.locator('.ai-answer__source').count()).toBe(0);
    expect(await answer.innerText()).not.toContain(t('aiPdf.answer.document'));
    expect(await answer.locator('.ai-cite').count()).toBe(0);
  });

  it('summarizes the document with one source chip per page', async () => {
    await chat.getByRole('button', { name: t('aiPdf.actions.summarize') }).click();
    const summary = chat.locator('.ai-answer').last();
    await summary.locator('.ai-answer__source').waitFor({ timeout: 30_000 });
    expect(await summary.locator('.ai-answer__heading').innerText()).toBe(t('aiPdf.answer.summary'));
    expect(await summary.locator('.ai-cite').allInnerTexts()).toEqual(['p. 1', 'p. 2', 'p. 3']);
  });

  it('quotes a manual word for word, finds "Thread-safety." for "thread-safe", and sums it up in a few page chips (en, fr)', async () => {
    const page = await visitor.newPage();
    await upload(page, fixture('pdf/debian_libtasn1.pdf'));
    const answer = await ask(page, 'Is the library thread-safe?');
    const text = await answer.locator('.ai-answer__text').innerText();
    expect(text).toContain('Thread-safety. No global variables are used');
    expect(await answer.locator('.ai-cite').first().innerText()).toBe('p. 4');
    const license = await ask(page, 'Which license is the library under?');
    expect(await license.innerText()).toContain('version 2.1 or later');
    await page.screenshot({ path: `${SHOTS}/answer-en-1280.png` });

    await page.getByRole('button', { name: t('aiPdf.actions.summarize') }).click();
    const summary = page.locator('.ai-answer').last();
    await summary.locator('.ai-answer__source').waitFor({ timeout: 30_000 });
    const chips = await summary.locator('.ai-cite:not(.ai-cite--more)').allInnerTexts();
    expect(chips.length).toBeLessThanOrEqual(8);
    expect(new Set(chips).size).toBe(chips.length);
    const more = summary.locator('.ai-cite--more');
    if (await more.count()) {
      await page.screenshot({ path: `${SHOTS}/summary-en-1280.png` });
      await more.click();
      const all = await summary.locator('.ai-cite').allInnerTexts();
      expect(all.length).toBeGreaterThan(chips.length);
      expect(new Set(all).size).toBe(all.length);
    }
    const inFrench = page.url().replace('/ai-pdf/', '/fr/ai-pdf/');
    for (const size of [WIDE, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(inFrench);
      await page.locator('.ai-answer').nth(1).waitFor();
      if (size === WIDE) await page.locator('.ai-page canvas[data-drawn]').first().waitFor();
      await page.locator('.ai-log').evaluate((log) => log.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/answer-fr-${size.width}.png` });
    }
    await page.close();
  });

  it('draws the mind map with markmap from this site alone, its page links opening the page', async () => {
    const elsewhere: string[] = [];
    chat.on('request', (req) => {
      const url = req.url();
      if (!url.startsWith(stack.baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) elsewhere.push(url);
    });
    await chat.getByRole('button', { name: t('aiPdf.actions.mindMap') }).click();
    const map = chat.locator('.ai-mindmap__svg');
    await map.locator('g.markmap-node').nth(3).waitFor();
    const text = (await map.textContent()) ?? '';
    for (const heading of ['Tomatoes and Sunlight', 'Compost']) expect(text).toContain(heading);
    await chat.screenshot({ path: `${SHOTS}/mind-map-en-1280.png` });
    const saved = async (button: string) => {
      const download = chat.waitForEvent('download');
      await chat.getByRole('button', { name: t(button) }).click();
      return fs.readFileSync((await (await download).path())!);
    };
    expect((await saved('aiPdf.mindMap.markdown')).toString()).toContain('#page=3');
    const svg = (await saved('aiPdf.mindMap.svg')).toString();
    expect(svg).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('Tomatoes and Sunlight');
    const png = await saved('aiPdf.mindMap.png');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    await map.locator('a[href="#page=3"]').first().click();
    await chat.locator('.ai-page[data-page="3"] .ai-page__flash').waitFor();
    expect(elsewhere).toEqual([]);
    // markmap's styles reached the map without an inline style the policy refuses.
    expect(refused).toEqual([]);
  });

  it('answers a scanned PDF from its OCR text', async () => {
    const page = await visitor.newPage();
    // A page read by Tesseract at 300 dpi: over a minute when the machine's cores are busy.
    await upload(page, fixture('scanned/ocrmypdf_skew.pdf'), 110_000);
    expect(await page.locator('.ai-pane--chat').innerText()).toContain(t('aiPdf.indexing.ocrDone', { count: 1 }));
    const answer = await ask(page, 'How many tracks does the LinnSequencer record?');
    expect(await answer.innerText()).toMatch(/32 Track/i);
    expect(await answer.locator('.ai-cite').first().innerText()).toBe('p. 1');
    await page.close();
  });

  it("opens 'Upgrade AI Plan' when a Free user's 11th document is refused", async () => {
    const user = await createUser(stack.deps);
    await stack.deps.db.aiDocument.createMany({
      data: Array.from({ length: 10 }, (_, i) => ({ documentId: `limit${user.id}${i}`, token: `t${i}`, title: `Doc ${i}.pdf`, userId: user.id, status: 'ready', pages: 1 })),
    });
    const { token } = await createSession(stack.deps, user.id, 24);
    const context = await browser.newContext({ viewport: WIDE });
    // With the app's version cookie, the first visit is not taken for an update (which signs out).
    await context.addCookies([
      { name: 'sheafUserToken', value: token, url: stack.baseUrl },
      { name: VERSION_COOKIE, value: APP_VERSION, url: stack.baseUrl },
    ]);
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/ai-pdf`);
    await started(page);
    await page.locator('.ai-docs__item').nth(9).waitFor();
    await page.locator('.ai-upload input[type=file]').setInputFiles(handbook);
    const popup = page.getByRole('dialog', { name: t('aiPdf.limit.title') });
    await popup.waitFor();
    expect(await popup.innerText()).toContain(t('aiPdf.limit.text'));
    expect(await popup.locator('tbody tr').count()).toBe(4);
    await popup.getByRole('button', { name: t('aiPdf.limit.upgrade') }).waitFor();
    await page.screenshot({ path: `${SHOTS}/limit-en-1280.png` });
    expect(await stack.deps.db.aiDocument.count({ where: { userId: user.id } })).toBe(10);
    await context.close();
  });

  it("refuses a PDF past the plan's pages under the upload box, before reading it (1508)", async () => {
    const context = await browser.newContext({ viewport: WIDE });
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/ai-pdf`);
    await started(page);
    const long = path.join(tmp, 'long.pdf');
    fs.writeFileSync(long, manyPagePdf(101, 'Page'));
    await page.locator('.ai-upload input[type=file]').setInputFiles(long);
    const alert = page.locator('.ai-upload [role=alert]');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(t('errors.AI_PAGE_LIMIT'));
    expect(await page.locator('.dropzone__limits').innerText()).toBe(t('aiPdf.upload.limits', { files: 10, mb: 100, pages: 100 }));
    await context.close();
  });

  it('deletes a document from the side list after a confirmation', async () => {
    await chat.goto(chatUrl);
    const documentId = chatUrl.split('/').at(-1)!;
    const title = 'garden-handbook';
    const items = chat.locator('.ai-side .ai-docs__item');
    await items.first().waitFor();
    const before = await items.count();
    await chat.getByRole('button', { name: t('aiPdf.docs.delete', { title }) }).click();
    await chat.getByRole('dialog', { name: t('aiPdf.docs.deleteTitle') }).getByRole('button', { name: t('aiPdf.docs.deleteConfirm') }).click();
    await chat.waitForURL((url) => !url.pathname.endsWith(documentId));
    await expect.poll(() => chat.locator('.ai-side .ai-docs__item, .ai-home__docs .ai-docs__item').count()).toBe(before - 1);
    expect(await stack.deps.db.aiDocument.count({ where: { documentId } })).toBe(0);
  });

  it('shows /ai-pdf and a conversation in English and French, wide and on a phone, every action in reach (screenshots)', async () => {
    const page = await visitor.newPage();
    await page.goto(`${stack.baseUrl}/ai-pdf`);
    // The manual's conversation: quoted answers to look at.
    const chatPath = (await page.locator('.ai-docs__link', { hasText: 'debian_libtasn1' }).getAttribute('href'))!;
    for (const lang of ['en', 'fr'] as const) {
      const prefix = lang === 'fr' ? '/fr' : '';
      const copy = getI18n(lang).t;
      for (const size of [WIDE, PHONE]) {
        await page.setViewportSize(size);
        await page.goto(`${stack.baseUrl}${prefix}/ai-pdf`);
        await started(page);
        await page.locator('.ai-docs__item').first().waitFor();
        // A visitor reads what this server does in plain words; the operator's settings are in the README.
        const home = await page.locator('main').innerText();
        expect(home).toContain(copy('aiPdf.provider.text'));
        expect(home).not.toMatch(/AI_BASE_URL|AI_API_KEY|AI_MODEL/);
        await page.screenshot({ path: `${SHOTS}/home-${lang}-${size.width}.png`, fullPage: true });
        await page.goto(`${stack.baseUrl}${prefix}${chatPath}`);
        await page.locator('.ai-log__entry').first().waitFor();
        if (size === WIDE) await page.locator('.ai-page canvas[data-drawn]').first().waitFor();
        await page.screenshot({ path: `${SHOTS}/chat-${lang}-${size.width}.png` });
        // Each action of the toolbar is on screen, none scrolled out of the bar.
        const toolbar = page.getByRole('toolbar', { name: copy('aiPdf.actions.label') });
        for (const button of await toolbar.getByRole('button').all()) {
          const box = (await button.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(size.width);
        }
        expect(await toolbar.evaluate((bar) => bar.scrollWidth <= bar.clientWidth)).toBe(true);
        await toolbar.getByRole('button', { name: copy('aiPdf.actions.translate') }).click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        const panel = await dialog.innerText();
        expect(panel).toContain(copy('aiTranslate.needsProvider'));
        expect(panel).not.toMatch(/AI_BASE_URL/);
        await page.screenshot({ path: `${SHOTS}/translate-${lang}-${size.width}.png` });
      }
    }
    expect(await page.locator('.ai-tabs').isVisible()).toBe(true);
    await page.close();
  });
});
