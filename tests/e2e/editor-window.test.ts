import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '#shared/i18n';
import { localizePath } from '../../web/app/lib/i18n';
import { launchChromium } from '../support/browser';
import { openInEditor, writeLetter } from '../support/editor-flows';
import { getI18n } from '../support/copy';
import { pdfText } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

/** Where the screenshots go for a person to look at ("before" shots were taken with the same test on the branch's start). */
const SHOTS = '/tmp/shots-editor';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

describe('the editor once a file is open', () => {
  let stack: Stack;
  let browser: Browser;
  let tmp: string;
  let letter: string;

  beforeAll(async () => {
    stack = await startStack({}, { web: true });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-window-'));
    letter = path.join(tmp, 'letter.pdf');
    await writeLetter(letter);
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const open = async (lang: Lang, viewport: { width: number; height: number }, touch = false) => {
    const page = await openInEditor(browser, `${stack.baseUrl}${localizePath('/edit-pdf', lang)}`, letter, { viewport, hasTouch: touch, isMobile: touch });
    await page.waitForTimeout(400);
    return page;
  };

  const top = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!.y;

  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: the workspace fills the window under the site's header, with a compact toolbar of labelled icons`, async () => {
      const { t } = getI18n(lang);
      const page = await open(lang, DESKTOP);
      await page.screenshot({ path: path.join(SHOTS, `editor-open-${lang}-1280x800.png`) });
      // The tool page's heading makes way: the tabs sit right under the header, the pages reach the window's foot.
      expect(await page.locator('.tool-hero').count()).toBe(0);
      expect(await top(page, '.editor-tabs')).toBeLessThan(110);
      const pages = (await page.locator('.editor__pages').boundingBox())!;
      expect(pages.y + pages.height).toBeGreaterThan(DESKTOP.height - 24);
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(DESKTOP.height + 1);
      // Each tool is an icon with its name under it, and the toolbar is one row.
      const text = page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.text'), exact: true });
      expect(await text.locator('svg').count()).toBe(1);
      const toolbar = (await page.getByRole('toolbar').boundingBox())!;
      expect(toolbar.height).toBeLessThan(72);
      await page.context().close();
    }, 120_000);

    it(`${lang}: on a phone the workspace fills the screen and the toolbar shows that it scrolls`, async () => {
      const { t } = getI18n(lang);
      const page = await open(lang, PHONE, true);
      await page.screenshot({ path: path.join(SHOTS, `editor-open-${lang}-390x844.png`) });
      expect(await page.locator('.tool-hero').count()).toBe(0);
      expect(await top(page, '.editor-tabs')).toBeLessThan(110);
      const tools = page.locator('.editor-toolbar__tools');
      // More tools than the screen is wide: a hint at the end says so, and goes once the end is reached.
      expect(await tools.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await expect.poll(() => page.locator('.editor-toolbar').getAttribute('data-more')).toBe('end');
      await tools.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect.poll(() => page.locator('.editor-toolbar').getAttribute('data-more')).toBe('start');
      await page.screenshot({ path: path.join(SHOTS, `editor-toolbar-end-${lang}-390x844.png`) });
      expect(await page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.text'), exact: true }).isVisible()).toBe(true);
      await page.context().close();
    }, 120_000);
  }

  it('Apply and download downloads the edited file in one click, and the workspace stays open', async () => {
    const { t } = getI18n('en');
    const page = await open('en', DESKTOP);
    await page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.text'), exact: true }).click();
    const overlay = (await page.locator('.editor-page[data-page="1"] .editor-page__overlay').boundingBox())!;
    await page.mouse.click(overlay.x + overlay.width * 0.2, overlay.y + overlay.height * 0.4);
    await page.keyboard.type('Added in one click');
    const apply = page.getByRole('button', { name: t('editor.apply.button') });
    await expect.poll(() => apply.isEnabled(), { timeout: 30_000 }).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), apply.click()]);
    const target = path.join(tmp, 'one-click.pdf');
    await download.saveAs(target);
    expect(download.suggestedFilename()).toBe('letter.pdf');
    expect(pdfText(target)).toContain('Added in one click');
    // No result screen to click through: the file is still open, and a line offers the file again.
    await page.getByRole('status').getByText(t('editor.apply.downloaded')).waitFor();
    expect(await page.locator('.editor-page[data-page="1"]').isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'editor-downloaded-en-1280x800.png') });
    await page.context().close();
  }, 180_000);
});
