import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '#shared/api';
import type { Lang } from '#shared/i18n';
import { localizePath } from '../../web/app/lib/i18n';
import { launchChromium } from '../support/browser';
import { pdfText } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';
import { getI18n } from '../support/copy';

/** Where the screenshots go for a person to look at. */
const SHOTS = '/tmp/shots-forms-editor';
/** The filled W-9, kept with the project's screenshots. */
const FIELD_SHOTS = path.join(process.env.DATA_DIR ?? os.tmpdir(), 'screenshots');
const VIEWPORT = { width: 1366, height: 900 };

describe('the form pages open their blank in the editor', () => {
  let stack: Stack;
  let browser: Browser;
  let tmp: string;

  beforeAll(async () => {
    stack = await startStack({}, { web: true });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-forms-editor-'));
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.mkdirSync(FIELD_SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** A point of page 1 given in fractions of the page, scrolled into view. */
  const pointOn = async (page: Page, fx: number, fy: number) => {
    const overlay = page.locator('.editor-page[data-page="1"] .editor-page__overlay');
    await overlay.scrollIntoViewIfNeeded();
    const box = (await overlay.boundingBox())!;
    return { x: box.x + box.width * fx, y: box.y + box.height * fy };
  };

  /** From the form page, Get form: the editor opens on the blank, which was never uploaded from the browser. */
  const getForm = async (lang: Lang, formPath: string, pages: number) => {
    const { t } = getI18n(lang);
    const page = await browser.newPage({ viewport: VIEWPORT, acceptDownloads: true });
    page.on('pageerror', (e) => console.error('page error', e.message));
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(API_PATHS.unLoginUpload)) uploads.push(r.url());
    });
    await page.goto(`${stack.baseUrl}${localizePath(formPath, lang)}`);
    await page.waitForFunction(() => document.cookie.includes('pdfVersion='));
    await page.screenshot({ path: path.join(SHOTS, `${formPath.slice(1)}-${lang}.png`) });
    expect(await page.getByRole('link', { name: t('forms.downloadBlank') }).getAttribute('href')).toMatch(/^\/forms\/.+\.pdf$/);
    await page.getByRole('link', { name: t('forms.getForm'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === localizePath('/edit-pdf', lang) && url.search.startsWith('?form='));
    await page.locator('.editor-page[data-page="1"] canvas').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.locator('.editor-page').count(), { timeout: 60_000 }).toBe(pages);
    return { page, t, uploads };
  };

  /** How many of the page's canvas pixels are dark: a page drawn blank has none. */
  const darkPixels = async (page: Page, n: number) => {
    const shot = await page.locator(`.editor-page[data-page="${n}"] canvas`).screenshot();
    const { data, info } = await sharp(shot).greyscale().raw().toBuffer({ resolveWithObject: true });
    let dark = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i]! < 128) dark++;
    return dark;
  };

  /** Apply, then the downloaded PDF's path. */
  const applyAndDownload = async (page: Page, t: (key: string) => string, name: string) => {
    const button = page.getByRole('button', { name: t('editor.apply.button') });
    await expect.poll(() => button.isEnabled(), { timeout: 60_000 }).toBe(true);
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().endsWith(API_PATHS.unLoginTransfer)), button.click()]);
    const link = page.getByRole('link', { name: t('editor.apply.again') });
    await link.waitFor({ timeout: 90_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const target = path.join(tmp, name);
    await file.saveAs(target);
    return { target, token: (request.postDataJSON() as { token: string }).token };
  };

  /** The W-9's fields as pdf.js reads them back from a file: value by full name. */
  const fieldValues = async (file: string) => {
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const task = getDocument({ data: new Uint8Array(fs.readFileSync(file)), verbosity: 0 });
    try {
      const page = await (await task.promise).getPage(1);
      const widgets = (await page.getAnnotations()) as { fieldName?: string; fieldValue?: unknown }[];
      return new Map(widgets.flatMap((w) => (w.fieldName ? [[w.fieldName, w.fieldValue] as const] : [])));
    } finally {
      await task.destroy();
    }
  };

  const NAME_FIELD = 'topmostSubform[0].Page1[0].f1_01[0]';
  const INDIVIDUAL_BOX = 'topmostSubform[0].Page1[0].Boxes3a-b_ReadOrder[0].c1_1[0]';

  for (const lang of ['en', 'fr'] as const) {
    it(`${lang}: Get form on /w9-form opens the W-9 in the editor; its name field and a tax box filled in place are in the downloaded PDF`, async () => {
      const { page, t, uploads } = await getForm(lang, '/w9-form', 6);
      // One tab, named for the blank (its close × sits inside it).
      expect((await page.getByRole('tab').allTextContents()).map((name) => name.replace('×', ''))).toEqual(['fw9.pdf']);

      // Line 1, "Name of entity/individual", is the form's own field: typed into where it sits on the page.
      // The W-9 gives its fields no tooltip: each is announced by the words printed with it, not its internal name.
      expect(await page.getByRole('textbox', { name: NAME_FIELD, exact: true }).count()).toBe(0);
      const name = page.getByRole('textbox', { name: /^1 Name of entity\/individual\. An entry is required\./ });
      await name.waitFor({ timeout: 30_000 });
      const nameBox = (await name.boundingBox())!;
      const pageBox = (await page.locator('.editor-page[data-page="1"]').boundingBox())!;
      expect((nameBox.y - pageBox.y) / pageBox.height).toBeCloseTo((792 - 674) / 792, 2);
      await name.fill('Zoë Ελένη Lovelace');
      await page.getByRole('checkbox', { name: 'Individual/sole proprietor', exact: true }).check();
      expect(await page.getByRole('textbox', { name: '2 Business name/disregarded entity name, if different from above.', exact: true }).count()).toBe(1);
      expect(await page.getByRole('tab', { selected: true }).textContent()).toContain(t('editor.tabs.edited'));
      await page.screenshot({ path: path.join(FIELD_SHOTS, `editor-fields-${lang}.png`) });

      const { target, token } = await applyAndDownload(page, t, `w9-${lang}.pdf`);
      // The blank reached the server as this visitor's upload without the browser sending it.
      expect(uploads).toEqual([]);
      expect(await stack.deps.db.file.findUniqueOrThrow({ where: { token } })).toMatchObject({ name: 'fw9.pdf', kind: 'pdf', role: 'INPUT' });
      const values = await fieldValues(target);
      expect(values.get(NAME_FIELD)).toBe('Zoë Ελένη Lovelace');
      expect(values.get(INDIVIDUAL_BOX)).toBe('1');
      const text = pdfText(target);
      expect(text).toContain('Zoë Ελένη Lovelace');
      expect(text).toContain('Request for Taxpayer Identification Number');
      await page.close();
    }, 240_000);
  }

  it('opens the DS-11, which has no fields, and places a check mark on it', async () => {
    const { page, t } = await getForm('en', '/ds11-form', 6);
    // Its first page is drawn on the first try, without a zoom to make it draw again.
    await expect.poll(() => darkPixels(page, 1), { timeout: 10_000 }).toBeGreaterThan(2000);
    await page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.check'), exact: true }).click();
    const at = await pointOn(page, 0.3, 0.3);
    await page.mouse.click(at.x, at.y);
    expect(await page.locator('[data-object=stamp]').count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'editor-ds11-en.png') });
    const { target } = await applyAndDownload(page, t, 'ds11.pdf');
    expect(pdfText(target)).toMatch(/passport/i);
    await page.close();
  }, 240_000);
});
