import axe from 'axe-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '#shared/api';
import { EDITOR_MAX_FILES } from '../../web/app/components/editor/editor-tabs';
import { launchChromium } from '../support/browser';
import { fixture, pdfText } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';
import { getI18n } from '../support/copy';

/** Where the screenshots go for a person to look at. */
const SHOTS = path.join(process.env.DATA_DIR ?? os.tmpdir(), 'screenshots');
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A letter page with three lines of Helvetica 18, 50 pt apart (PDF y grows upwards), the first naming the file. */
async function writeLetter(file: string, title: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText(`${title} opens the letter`, { x: 72, y: 700, size: 18, font });
  page.drawText('Middle words of the page', { x: 72, y: 650, size: 18, font });
  page.drawText('Third line for marking', { x: 72, y: 600, size: 18, font });
  doc.addPage([612, 792]);
  fs.writeFileSync(file, await doc.save());
}

/** Words of a page as poppler places them, in points from the top left. */
function wordBoxes(file: string): { word: string; xMin: number; yMin: number; xMax: number; yMax: number }[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    word: m[5],
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
  }));
}

/** The page's annotations as pdf.js (Firefox's viewer) reads them. */
async function annotationsOf(file: string) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(fs.readFileSync(file)), verbosity: 0 });
  try {
    const page = await (await task.promise).getPage(1);
    return (await page.getAnnotations()) as { subtype: string; quadPoints?: Float32Array | number[] }[];
  } finally {
    await task.destroy();
  }
}

describe('the editor workspace: tabs, zoom, selection and touch', () => {
  let stack: Stack;
  let browser: Browser;
  let tmp: string;
  const letters: string[] = [];

  beforeAll(async () => {
    stack = await startStack({}, { web: true });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-ws-'));
    for (let n = 1; n <= EDITOR_MAX_FILES + 1; n++) {
      const file = path.join(tmp, `letter-${n}.pdf`);
      await writeLetter(file, `Letter${n}`);
      letters.push(file);
    }
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const openPage = async (context: BrowserContext | Browser, at: string, files: string[]) => {
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error', e.message));
    await page.goto(`${stack.baseUrl}${at}`);
    await page.waitForFunction(() => document.cookie.includes('pdfVersion='));
    await page.locator('input[type=file][accept*="pdf"]').setInputFiles(files);
    await page.locator('.editor-page[data-page="1"] canvas').waitFor();
    return page;
  };
  const overlayBox = async (page: Page) => (await page.locator('.editor-page[data-page="1"] .editor-page__overlay').boundingBox())!;
  /** Points of page 1 given in fractions of the page as displayed, the pages scrolled to show them (the mouse does not scroll). */
  const pointsOn = async (page: Page, ...points: [number, number][]) => {
    let box = await overlayBox(page);
    const ys = points.map(([, fy]) => box.y + box.height * fy);
    // The pages scroll in their own box, which the workspace's panel may sit under on a phone.
    const view = (await page.locator('.editor__pages').boundingBox())!;
    const below = Math.max(...ys) - (view.y + view.height - 20);
    const above = view.y + 20 - Math.min(...ys);
    if (below > 0 || above > 0) {
      await page.evaluate((dy) => document.querySelector('.editor__pages')!.scrollBy(0, dy), below > 0 ? below : -above);
      box = await overlayBox(page);
    }
    return points.map(([fx, fy]) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy }));
  };
  const pointOn = async (page: Page, fx: number, fy: number) => (await pointsOn(page, [fx, fy]))[0];
  const drag = async (page: Page, from: [number, number], to: [number, number]) => {
    const [a, b] = await pointsOn(page, from, to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
  };
  /** A tab and its page fit the screen, with nothing wider than the viewport. */
  const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('opens several PDFs as tabs, each with its own edits, undo and zoom, and applies each as its own task', async () => {
    const { t } = getI18n('en');
    const page = await openPage(await browser.newContext({ viewport: DESKTOP, acceptDownloads: true }), '/edit-pdf', letters.slice(0, 3));
    const tabs = page.getByRole('tablist', { name: t('editor.tabs.label') }).getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(3);
    expect(await tabs.evaluateAll((all) => all.map((tab) => tab.getAttribute('title')))).toEqual(['letter-1.pdf', 'letter-2.pdf', 'letter-3.pdf']);
    const tool = (name: string) => page.getByRole('toolbar').getByRole('button', { name: t(`editor.tools.${name}`), exact: true });
    const textBox = () => page.getByRole('textbox', { name: t('editor.object.text') });

    // Tab 1: a text box.
    await tool('text').click();
    const p = await pointOn(page, 0.5, 0.05);
    await page.mouse.click(p.x, p.y);
    await textBox().waitFor();
    await page.keyboard.type('Added to letter one');
    await tool('select').click();

    // The arrow keys move between the tabs (an ARIA tab list), and the next tab starts empty.
    await tabs.nth(0).focus();
    await page.keyboard.press('ArrowRight');
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('title'))).toBe('letter-2.pdf');
    await page.locator('.editor-page[data-page="1"] canvas').waitFor();
    expect(await page.locator('[data-object]').count()).toBe(0);
    await tool('text').click();
    const q = await pointOn(page, 0.5, 0.5);
    await page.mouse.click(q.x, q.y);
    await textBox().waitFor();
    await page.keyboard.type('Added to letter two');
    await tool('whiteout').click();
    await drag(page, [0.1, 0.3], [0.4, 0.34]);
    await tool('select').click();
    // Undo here takes back this tab's last step only.
    await page.keyboard.press('Control+z');
    expect(await page.locator('[data-object=whiteout]').count()).toBe(0);
    await page.keyboard.press('Control+Shift+z');
    expect(await page.locator('[data-object=whiteout]').count()).toBe(1);
    // This tab is zoomed in; the first keeps its own zoom.
    const zoomOut = page.getByRole('status', { name: t('editor.toolbar.zoom'), exact: true });
    const fitted = Number((await zoomOut.textContent())!.replace('%', ''));
    await page.getByRole('button', { name: t('editor.toolbar.zoomIn') }).click();
    await page.getByRole('button', { name: t('editor.toolbar.zoomIn') }).click();
    const zoomedIn = Number((await zoomOut.textContent())!.replace('%', ''));
    expect(zoomedIn).toBeGreaterThan(fitted * 1.4);
    // Scrolled down this tab: it comes back where it was.
    await page.locator('.editor__pages').evaluate((el) => el.scrollTo(0, 400));
    await tabs.nth(0).click();
    expect(Number((await zoomOut.textContent())!.replace('%', ''))).toBe(fitted);
    expect(await page.locator('[data-object=text]').textContent()).toBe('Added to letter one');
    expect(await page.locator('[data-object=whiteout]').count()).toBe(0);
    await tabs.nth(1).click();
    expect(Number((await zoomOut.textContent())!.replace('%', ''))).toBe(zoomedIn);
    await expect.poll(() => page.locator('.editor__pages').evaluate((el) => el.scrollTop)).toBe(400);
    expect(await page.locator('[data-object=whiteout]').count()).toBe(1);

    // "Add file" adds tabs up to the limit; the eleventh file is named in the refusal.
    await page.locator('.editor-tabs input[type=file]').setInputFiles(letters.slice(3));
    await expect.poll(() => tabs.count()).toBe(EDITOR_MAX_FILES);
    await page.getByRole('alert').getByText(t('editor.tabs.leftOut', { count: 1, max: EDITOR_MAX_FILES, names: `letter-${EDITOR_MAX_FILES + 1}.pdf` })).waitFor();
    expect(await page.getByRole('button', { name: t('editor.tabs.add') }).isDisabled()).toBe(true);

    // A tab without edits closes at once by its ×; one with edits asks first, and staying keeps it.
    await page.getByTitle(t('editor.tabs.close', { name: 'letter-3.pdf' })).click();
    await expect.poll(() => tabs.count()).toBe(EDITOR_MAX_FILES - 1);
    await page.getByTitle(t('editor.tabs.close', { name: 'letter-1.pdf' })).click();
    const ask = page.getByRole('dialog', { name: t('editor.tabs.closeTitle', { name: 'letter-1.pdf' }) });
    await ask.getByRole('button', { name: t('editor.tabs.closeCancel') }).click();
    expect(await tabs.count()).toBe(EDITOR_MAX_FILES - 1);
    // Delete on a focused tab closes it too (letter-10 has no edits).
    await tabs.last().focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => tabs.count()).toBe(EDITOR_MAX_FILES - 2);
    await tabs.first().click();
    await page.screenshot({ path: path.join(SHOTS, 'editor-tabs-en-1366x900.png') });
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'editor-tabs-en-390x844.png') });
    await page.setViewportSize(DESKTOP);

    // Apply: one task per edited file, each with its own token and operations.
    const sent: { token: string; operations: string }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(API_PATHS.unLoginTransfer)) sent.push(r.postDataJSON() as { token: string; operations: string });
    });
    const apply = page.getByRole('button', { name: t('editor.apply.many', { count: 2 }) });
    await expect.poll(() => apply.isEnabled(), { timeout: 30_000 }).toBe(true);
    await apply.click();
    await page.getByRole('link', { name: t('flow.result.zip') }).waitFor({ timeout: 120_000 });
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((s) => s.token)).size).toBe(2);
    expect(sent.map((s) => (JSON.parse(s.operations) as { operations: { type: string }[] }).operations.map((o) => o.type))).toEqual([['text'], ['text', 'whiteout']]);
    for (const [n, words] of [
      [1, 'Added to letter one'],
      [2, 'Added to letter two'],
    ] as const) {
      const link = page.getByRole('link', { name: `${t('flow.result.download')} letter-${n}.pdf` });
      const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const saved = path.join(tmp, `out-${n}.pdf`);
      await file.saveAs(saved);
      const text = pdfText(saved);
      expect(text).toContain(`Letter${n} opens the letter`);
      expect(text).toContain(words);
    }
    await page.close();
  });

  it('zooms with Ctrl+wheel around the pointer, and placed objects keep their place on the page', async () => {
    const { t } = getI18n('en');
    const page = await openPage(await browser.newContext({ viewport: DESKTOP }), '/edit-pdf', letters.slice(0, 1));
    await page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.rect'), exact: true }).click();
    await drag(page, [0.5, 0.3], [0.7, 0.4]);
    const placed = async () => {
      const box = await overlayBox(page);
      const r = (await page.locator('[data-object=shape]').boundingBox())!;
      return [(r.x - box.x) / box.width, (r.y - box.y) / box.height];
    };
    const before = await placed();
    const zoom = page.getByRole('status', { name: t('editor.toolbar.zoom'), exact: true });
    const start = Number((await zoom.textContent())!.replace('%', ''));
    const at = await pointOn(page, 0.6, 0.35);
    await page.mouse.move(at.x, at.y);
    await page.keyboard.down('Control');
    for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect.poll(async () => Number((await zoom.textContent())!.replace('%', ''))).toBeGreaterThan(start * 1.25);
    // The page point under the pointer is still under it.
    const box = await overlayBox(page);
    expect((at.x - box.x) / box.width).toBeCloseTo(0.6, 2);
    expect((at.y - box.y) / box.height).toBeCloseTo(0.35, 2);
    const after = await placed();
    expect(after[0]).toBeCloseTo(before[0], 2);
    expect(after[1]).toBeCloseTo(before[1], 2);
    await page.close();
  });

  it('highlights across lines as a text selection does: one rect per line, written as one annotation with a quad per line', async () => {
    const { t } = getI18n('en');
    const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const page = await openPage(context, '/annotate-pdf', letters.slice(0, 1));
    // From the middle of "opens" on the first line (baseline 700 pt) to the middle of "line" on the third (600 pt).
    const source = letters[0];
    const words = wordBoxes(source);
    const word = (w: string) => words.find((b) => b.word === w)!;
    const from: [number, number] = [(word('opens').xMin + word('opens').xMax) / 2 / 612, (word('opens').yMin + word('opens').yMax) / 2 / 792];
    const to: [number, number] = [(word('line').xMin + word('line').xMax) / 2 / 612, (word('line').yMin + word('line').yMax) / 2 / 792];
    await drag(page, from, to);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith(API_PATHS.unLoginTransfer)),
      page.getByRole('button', { name: t('editor.apply.button') }).click({ timeout: 30_000 }),
    ]);
    const [highlight] = (JSON.parse((request.postDataJSON() as { operations: string }).operations) as { operations: { type: string; rects: number[][] }[] }).operations;
    expect(highlight.type).toBe('highlight');
    expect(highlight.rects).toHaveLength(3);
    const link = page.getByRole('link', { name: t('editor.apply.again') });
    await link.waitFor({ timeout: 90_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = path.join(tmp, 'highlighted.pdf');
    await file.saveAs(saved);

    const marks = (await annotationsOf(saved)).filter((a) => a.subtype === 'Highlight');
    expect(marks).toHaveLength(1);
    // Eight numbers a quad, in PDF user space (y up): to points from the top.
    const q = [...marks[0].quadPoints!];
    expect(q).toHaveLength(24);
    const quads = [0, 1, 2].map((i) => {
      const xs = [q[i * 8], q[i * 8 + 2], q[i * 8 + 4], q[i * 8 + 6]];
      const ys = [q[i * 8 + 1], q[i * 8 + 3], q[i * 8 + 5], q[i * 8 + 7]].map((y) => 792 - y);
      return { xMin: Math.min(...xs), xMax: Math.max(...xs), yMin: Math.min(...ys), yMax: Math.max(...ys) };
    });
    const lineOf = (w: string) => {
      const b = word(w);
      return words.filter((o) => Math.abs(o.yMin - b.yMin) < 2);
    };
    const [first, middle, last] = [lineOf('opens'), lineOf('Middle'), lineOf('Third')];
    const covers = (quad: (typeof quads)[number], line: typeof first) => quad.yMin <= line[0].yMin + 2 && quad.yMax >= line[0].yMax - 2;
    // First line: from the start point in "opens" to the end of the line.
    expect(covers(quads[0], first)).toBe(true);
    expect(quads[0].xMin).toBeCloseTo(from[0] * 612, -1);
    expect(quads[0].xMax).toBeGreaterThan(first.at(-1)!.xMax - 3);
    // Middle line: whole.
    expect(covers(quads[1], middle)).toBe(true);
    expect(quads[1].xMin).toBeLessThan(middle[0].xMin + 3);
    expect(quads[1].xMax).toBeGreaterThan(middle.at(-1)!.xMax - 3);
    // Last line: from its start to the end point in "line", short of "for marking".
    expect(covers(quads[2], last)).toBe(true);
    expect(quads[2].xMin).toBeLessThan(last[0].xMin + 3);
    expect(quads[2].xMax).toBeCloseTo(to[0] * 612, -1);
    expect(quads[2].xMax).toBeLessThan(word('for').xMin);
    await context.close();
  });

  it('works by touch on a phone: tap to place, drag to move, pinch to zoom, and the toolbar fits', async () => {
    const { t } = getI18n('en');
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await openPage(context, '/edit-pdf', letters.slice(0, 2));
    const cdp = await context.newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) });
    expect(await noSidewaysScroll(page)).toBe(true);

    const rect = page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.rect'), exact: true });
    await rect.tap();
    expect(await rect.getAttribute('aria-pressed')).toBe('true');
    const at = await pointOn(page, 0.3, 0.3);
    await page.touchscreen.tap(at.x, at.y);
    const shape = page.locator('[data-object=shape]');
    await shape.waitFor();
    await page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.select'), exact: true }).tap();

    // A finger drags the shape down the page.
    const before = (await shape.boundingBox())!;
    const grab = { x: before.x + before.width / 2, y: before.y + before.height / 2 };
    await touch('touchStart', [grab]);
    for (let i = 1; i <= 8; i++) await touch('touchMove', [{ x: grab.x + i * 5, y: grab.y + i * 10 }]);
    await touch('touchEnd', []);
    const after = (await shape.boundingBox())!;
    expect(after.y - before.y).toBeGreaterThan(60);
    expect(after.x - before.x).toBeGreaterThan(30);

    // Two fingers spreading apart zoom the pages.
    const zoom = page.getByRole('status', { name: t('editor.toolbar.zoom'), exact: true });
    const start = Number((await zoom.textContent())!.replace('%', ''));
    const centre = await pointOn(page, 0.5, 0.2);
    await touch('touchStart', [
      { x: centre.x - 30, y: centre.y },
      { x: centre.x + 30, y: centre.y },
    ]);
    for (let i = 1; i <= 10; i++) {
      await touch('touchMove', [
        { x: centre.x - 30 - i * 6, y: centre.y },
        { x: centre.x + 30 + i * 6, y: centre.y },
      ]);
    }
    await touch('touchEnd', []);
    await expect.poll(async () => Number((await zoom.textContent())!.replace('%', ''))).toBeGreaterThan(start * 1.5);
    // The pages scroll inside their box: the page itself still does not scroll sideways.
    expect(await noSidewaysScroll(page)).toBe(true);
    // The pinch placed nothing.
    expect(await page.locator('[data-object]').count()).toBe(1);
    await context.close();
  });

  it("says before applying whether a signed PDF's signature stays valid, and only for a signed PDF", async () => {
    const { t } = getI18n('fr');
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await openPage(context, '/fr/edit-pdf', [fixture('pdf/sheaf_signed.pdf'), letters[0]]);
    const signedNote = page.locator('.editor__signed');
    await signedNote.waitFor();
    expect(await signedNote.textContent()).toBe(t('editor.apply.signedKept'));
    // Flattening rewrites the file: the warning says its signature breaks, before anything is applied.
    const flatten = page.getByRole('checkbox', { name: t('editor.apply.flatten') });
    await flatten.check();
    await expect.poll(() => signedNote.textContent()).toBe(t('editor.apply.signedBreaks'));
    await page.screenshot({ path: path.join(SHOTS, 'editor-signed-fr-1366x900.png') });
    await flatten.uncheck();
    await expect.poll(() => signedNote.textContent()).toBe(t('editor.apply.signedKept'));
    // The unsigned letter in the next tab says nothing of signatures.
    await page.getByRole('tab').nth(1).click();
    await page.locator('.editor-page[data-page="1"] canvas').waitFor();
    await expect.poll(() => signedNote.count()).toBe(0);
    // The same word in English, for a person to look at.
    const en = await openPage(context, '/edit-pdf', [fixture('pdf/sheaf_signed.pdf')]);
    await en.locator('.editor__signed').waitFor();
    expect(await en.locator('.editor__signed').textContent()).toBe(getI18n('en').t('editor.apply.signedKept'));
    await en.screenshot({ path: path.join(SHOTS, 'editor-signed-en-1366x900.png') });
    await context.close();
  });

  it('shows two tabs in French at desktop and phone sizes', async () => {
    const { t } = getI18n('fr');
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await openPage(context, '/fr/edit-pdf', letters.slice(0, 2));
    await page.getByRole('tablist', { name: t('editor.tabs.label') }).waitFor();
    await page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.text'), exact: true }).click();
    const p = await pointOn(page, 0.4, 0.3);
    await page.mouse.click(p.x, p.y);
    await page.keyboard.type('Texte ajouté');
    await page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.select'), exact: true }).click();
    // A PDF dropped on the workspace opens as one more tab; a picture is refused.
    const drop = (name: string, type: string, bytes: string) =>
      page.locator('.editor__pages').evaluate(
        (el, file) => {
          const data = new DataTransfer();
          data.items.add(new File([Uint8Array.from(atob(file.bytes), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
          el.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
          el.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        },
        { name, type, bytes },
      );
    await drop('photo.jpg', 'image/jpeg', Buffer.from('not a pdf').toString('base64'));
    await page.getByRole('alert').getByText(t('errors.UNSUPPORTED_TYPE')).waitFor();
    await drop('letter-3.pdf', 'application/pdf', fs.readFileSync(letters[2]).toString('base64'));
    const tabs = page.getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(3);
    expect(await tabs.nth(2).getAttribute('aria-selected')).toBe('true');
    await tabs.nth(0).click();
    // The tab strip and the workspace pass axe's rules (WCAG A/AA and best practices).
    await page.evaluate(axe.source);
    const violations = await page.evaluate(async () => {
      const result = await window.axe.run('.editor', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] }, resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.id} (${v.impact}) on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    // Serious and critical findings fail, as in the site-wide accessibility test.
    expect(violations.filter((v) => /\((serious|critical)\)/.test(v))).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'editor-tabs-fr-1366x900.png') });
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'editor-tabs-fr-390x844.png') });
    await context.close();
  });
});
