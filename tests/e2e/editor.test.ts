import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '#shared/api';
import { ZEditDocument } from '#shared/editor/operations';
import { getTool } from '#shared/tools';
import { launchChromium } from '../support/browser';
import { openInEditor, writeLetter } from '../support/editor-flows';
import { fixture, pdfText } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';
import { getI18n } from '../support/copy';

/** Where the screenshots go for a person to look at. */
const SHOTS = '/tmp/shots-editor';
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

type Sent = { toolType: string; token: string; operations: string; flatten?: boolean };
type Op = { type: string; page: number; rect: number[]; [key: string]: unknown };

describe('the PDF editor in the browser', () => {
  let stack: Stack;
  let browser: Browser;
  let tmp: string;
  let letter: string;

  beforeAll(async () => {
    stack = await startStack({}, { web: true });
    browser = await launchChromium();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-'));
    letter = path.join(tmp, 'letter.pdf');
    await writeLetter(letter);
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const open = (at: string, viewport: { width: number; height: number }) => openInEditor(browser, `${stack.baseUrl}${at}`, letter, { viewport });

  /** Points of page 1 given in fractions of the page as displayed, the pages scrolled to show them (the mouse does not scroll). */
  const pointsOn = async (page: Page, ...points: [number, number][]) => {
    const overlay = page.locator('.editor-page[data-page="1"] .editor-page__overlay');
    let box = (await overlay.boundingBox())!;
    const ys = points.map(([, fy]) => box.y + box.height * fy);
    // The pages scroll in their own box, which the workspace's panel may sit under on a phone.
    const view = (await page.locator('.editor__pages').boundingBox())!;
    const below = Math.max(...ys) - (view.y + view.height - 20);
    const above = view.y + 20 - Math.min(...ys);
    if (below > 0 || above > 0) {
      await page.evaluate((dy) => document.querySelector('.editor__pages')!.scrollBy(0, dy), below > 0 ? below : -above);
      box = (await overlay.boundingBox())!;
    }
    return points.map(([fx, fy]) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy }));
  };
  const pointOn = async (page: Page, fx: number, fy: number) => (await pointsOn(page, [fx, fy]))[0];
  const drag = async (page: Page, from: [number, number], to: [number, number], steps = 6) => {
    const [a, b] = await pointsOn(page, from, to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps });
    await page.mouse.up();
  };
  const clickOn = async (page: Page, fx: number, fy: number) => {
    const p = await pointOn(page, fx, fy);
    await page.mouse.click(p.x, p.y);
  };

  const shoot = async (page: Page, name: string) => {
    const initial = page.viewportSize()!;
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.locator('.editor-page[data-page="1"] canvas').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
    }
    await page.setViewportSize(initial);
  };

  /** Applies the edits and reads back what the browser sent. */
  const apply = async (page: Page, label: string) => {
    const button = page.getByRole('button', { name: label });
    await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().endsWith(API_PATHS.unLoginTransfer)), button.click()]);
    const sent = request.postDataJSON() as Sent;
    // What the server will accept: the shared contract's own schema.
    expect(ZEditDocument.safeParse(JSON.parse(sent.operations)).error?.issues).toBeUndefined();
    return { sent, doc: JSON.parse(sent.operations) as { version: number; operations: Op[] } };
  };

  /** The usual end of the tool flow: the download when the tool is built, else the server's refusal, said on the page. */
  const settled = async (page: Page, toolId: string, t: (key: string) => string) => {
    if (getTool(toolId)!.built) await page.getByRole('link', { name: t('editor.apply.again') }).waitFor({ timeout: 90_000 });
    else await page.getByRole('alert').getByText(t('errors.TOOL_UNAVAILABLE')).waitFor();
  };

  const inside = (rect: number[]) => rect.every((n) => n >= 0 && n <= 1) && rect[0] + rect[2] <= 1.000001 && rect[1] + rect[3] <= 1.000001;

  it('edits a PDF: new text, a replaced line, whiteout, shapes, drawing, undo/redo, delete and a page turn', async () => {
    const { t } = getI18n('en');
    const page = await open('/edit-pdf', SIZES[0]);
    // The workspace takes the window; the page keeps its name as its heading for screen readers.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t('tools.edit-pdf.title'));
    expect(await page.locator('.tool-hero').count()).toBe(0);
    const tool = (name: string) => page.getByRole('toolbar').getByRole('button', { name: t(`editor.tools.${name}`), exact: true });

    await tool('text').click();
    await clickOn(page, 0.5, 0.05);
    await page.getByRole('textbox', { name: t('editor.object.text') }).waitFor();
    await page.keyboard.type('Added by Sheaf');
    // Restyled after it is placed, from the panel.
    await page.getByRole('checkbox', { name: t('editor.panel.bold') }).check();
    await page.getByRole('spinbutton', { name: t('editor.panel.size') }).fill('20');
    await page.getByRole('combobox', { name: t('editor.panel.font') }).selectOption('serif');
    await tool('select').click();

    await tool('editText').click();
    await page.getByRole('button', { name: t('editor.line.edit', { text: 'Old words here' }) }).click();
    const line = page.getByRole('textbox', { name: t('editor.object.text') });
    expect(await line.inputValue()).toBe('Old words here');
    await line.fill('New words there');
    await tool('select').click();

    await tool('whiteout').click();
    await drag(page, [0.1, 0.3], [0.4, 0.34]);
    await tool('rect').click();
    await drag(page, [0.5, 0.4], [0.8, 0.5]);
    await tool('ink').click();
    await drag(page, [0.2, 0.6], [0.4, 0.7], 12);
    expect(await page.locator('[data-object=ink]').count()).toBe(1);
    await page.keyboard.press('Control+z');
    expect(await page.locator('[data-object=ink]').count()).toBe(0);
    await page.keyboard.press('Control+Shift+z');
    expect(await page.locator('[data-object=ink]').count()).toBe(1);

    // A placed object is selected, moved and deleted with the keyboard; undo brings it back.
    await tool('select').click();
    await clickOn(page, 0.65, 0.45);
    const before = await page.locator('[data-object=shape]').boundingBox();
    await drag(page, [0.65, 0.45], [0.65, 0.55]);
    const after = await page.locator('[data-object=shape]').boundingBox();
    expect(after!.y - before!.y).toBeGreaterThan(30);
    await page.keyboard.press('Delete');
    expect(await page.locator('[data-object=shape]').count()).toBe(0);
    await page.getByRole('button', { name: t('editor.toolbar.undo') }).click();
    expect(await page.locator('[data-object=shape]').count()).toBe(1);

    await page.getByRole('button', { name: t('editor.pageActions.rotate') }).click();
    await shoot(page, 'edit-en');

    const { sent, doc } = await apply(page, t('editor.apply.button'));
    expect(sent.toolType).toBe('edit-pdf');
    expect(sent.token).toBeTruthy();
    expect(doc.version).toBe(1);
    expect(doc.operations.map((o) => o.type)).toEqual(['text', 'replaceText', 'whiteout', 'shape', 'ink', 'rotatePage']);
    const [text, replace, whiteout, shape, ink, rotate] = doc.operations;
    expect(text).toMatchObject({ page: 1, text: 'Added by Sheaf', font: 'serif', size: 20, bold: true, italic: false, align: 'left' });
    expect(text.rect[0]).toBeCloseTo(0.5, 2);
    expect(text.rect[1]).toBeCloseTo(0.05, 2);
    // The replaced line's rect covers where pdf-lib wrote it: x 72 pt, baseline 650 pt up a 792 pt page.
    expect(replace).toMatchObject({ page: 1, text: 'New words there' });
    expect(replace.rect[0]).toBeCloseTo(72 / 612, 2);
    expect(replace.rect[1]).toBeLessThan((792 - 650) / 792);
    expect(replace.rect[1] + replace.rect[3]).toBeGreaterThan((792 - 650) / 792);
    expect(replace.size).toBeGreaterThan(14);
    expect(replace.size).toBeLessThan(22);
    expect(whiteout.rect[0]).toBeCloseTo(0.1, 2);
    expect(whiteout.rect[2]).toBeCloseTo(0.3, 2);
    expect(shape).toMatchObject({ shape: 'rect', fill: null });
    expect(shape.rect[1]).toBeCloseTo(0.5, 1);
    expect((ink.strokes as number[][][])[0].length).toBeGreaterThan(5);
    expect(rotate).toMatchObject({ page: 1, angle: 90 });
    for (const op of doc.operations) expect(inside(op.rect), op.type).toBe(true);

    if (getTool('edit-pdf')!.built) {
      // The worker applies the edits: the new words are in the file and the old ones gone.
      const link = page.getByRole('link', { name: t('editor.apply.again') });
      await link.waitFor({ timeout: 90_000 });
      const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const saved = path.join(tmp, 'edited.pdf');
      await file.saveAs(saved);
      const words = pdfText(saved);
      expect(words).toContain('Added by Sheaf');
      expect(words).toContain('New words there');
      expect(words).not.toContain('Old words here');
    } else {
      await settled(page, 'edit-pdf', t);
    }
    await page.close();
  });

  it('draws only the pages near the view, and frees the pixels of a page once it is far', async () => {
    const long = path.join(tmp, 'long.pdf');
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let n = 1; n <= 60; n++) doc.addPage([612, 792]).drawText(`Page ${n}`, { x: 72, y: 700, size: 24, font });
    fs.writeFileSync(long, await doc.save());
    const page = await browser.newPage({ viewport: SIZES[0] });
    await page.goto(`${stack.baseUrl}/edit-pdf`);
    await page.waitForFunction(() => document.cookie.includes('pdfVersion='));
    await page.locator('input[type=file][accept*="pdf"]').setInputFiles(long);
    await expect.poll(() => page.locator('.editor-page').count(), { timeout: 30_000 }).toBe(60);
    const drawn = () => page.locator('.editor-page canvas').evaluateAll((all) => all.map((c, i) => ((c as HTMLCanvasElement).width > 0 ? i + 1 : 0)).filter(Boolean));
    await expect.poll(async () => (await drawn())[0], { timeout: 10_000 }).toBe(1);
    expect((await drawn()).length).toBeLessThan(8);
    await page.getByRole('button', { name: getI18n('en').t('editor.page.go', { n: 60 }) }).click();
    await expect.poll(async () => (await drawn()).includes(60), { timeout: 10_000 }).toBe(true);
    expect(await drawn()).not.toContain(1);
    expect((await drawn()).length).toBeLessThan(8);
    await page.close();
  });

  it('places an uploaded picture, then rotates and resizes it', async () => {
    const { t } = getI18n('en');
    const page = await open('/edit-pdf', SIZES[0]);
    // A picture goes up through the upload call and lands on the page in view, selected.
    await page.locator('#editor-image-input').setInputFiles(fixture('images/ocrmypdf_baiona_alpha.png'));
    const picture = page.locator('[data-object=image]');
    await picture.waitFor();
    const before = (await picture.boundingBox())!;
    await page.getByRole('button', { name: t('editor.panel.rotate') }).click();
    const handle = (await page.locator('.editor-handle--se').boundingBox())!;
    await page.mouse.move(handle.x + 7, handle.y + 7);
    await page.mouse.down();
    await page.mouse.move(handle.x + 107, handle.y + 57, { steps: 5 });
    await page.mouse.up();
    const after = (await picture.boundingBox())!;
    expect(after.width - before.width).toBeGreaterThan(90);

    const { sent, doc } = await apply(page, t('editor.apply.button'));
    const [image] = doc.operations;
    expect(image).toMatchObject({ type: 'image', page: 1, rotation: 90 });
    expect(image.token).toMatch(/\S/);
    expect(image.token).not.toBe(sent.token);
    expect(image.rect[2]).toBeGreaterThan(0.3);
    await settled(page, 'edit-pdf', t);
    if (getTool('edit-pdf')!.built) {
      const link = page.getByRole('link', { name: t('editor.apply.again') });
      const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
      const saved = path.join(tmp, 'picture.pdf');
      await file.saveAs(saved);
      // The picture is in the page the user placed it on.
      const images = execFileSync('pdfimages', ['-list', saved], { encoding: 'utf8' });
      expect(images).toMatch(/^\s*1\s+\d+\s+image\b/m);
    }
    await page.close();
  });

  it('annotates: highlight over the text the drag crosses, and a sticky note with its comment', async () => {
    const { t } = getI18n('en');
    const page = await open('/annotate-pdf', SIZES[1]);
    const tool = (name: string) => page.getByRole('toolbar').getByRole('button', { name: t(`editor.tools.${name}`), exact: true });
    // Annotate's own tools come first.
    expect(await page.getByRole('toolbar').getByRole('button', { pressed: true }).textContent()).toBe(t('editor.tools.highlight'));
    // The third line runs from x 72 pt at baseline 600 pt: drag across it, a little above and below.
    const y = (792 - 606) / 792;
    await drag(page, [0.05, y - 0.01], [0.3, y + 0.01]);
    await tool('note').click();
    await clickOn(page, 0.8, 0.1);
    await page.getByRole('textbox', { name: t('editor.object.noteText') }).fill('Check this figure');
    await tool('select').click();
    await shoot(page, 'annotate-en');

    const { sent, doc } = await apply(page, t('editor.apply.button'));
    expect(sent.toolType).toBe('annotate-pdf');
    const [highlight, note] = doc.operations;
    expect(highlight.type).toBe('highlight');
    const [rect] = highlight.rects as number[][];
    // Cut to the drag on the left (the text starts at 72 pt), and the line's own height.
    expect(rect[0]).toBeCloseTo(72 / 612, 2);
    expect(rect[0] + rect[2]).toBeCloseTo(0.3, 2);
    expect(rect[3]).toBeGreaterThan(15 / 792);
    expect(note).toMatchObject({ type: 'note', text: 'Check this figure' });
    await settled(page, 'annotate-pdf', t);
    await page.close();
  });

  it('signs in French: a drawn signature kept for next time, a date stamp, then a typed signature', async () => {
    const { t } = getI18n('fr');
    const page = await open('/fr/sign-pdf', SIZES[1]);
    const tool = (name: string) => page.getByRole('toolbar').getByRole('button', { name: t(`editor.tools.${name}`), exact: true });
    await clickOn(page, 0.6, 0.8);
    const dialog = page.getByRole('dialog', { name: t('editor.signature.title') });
    const pad = (await dialog.getByRole('img', { name: t('editor.signature.pad') }).boundingBox())!;
    await page.mouse.move(pad.x + 20, pad.y + pad.height * 0.7);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) await page.mouse.move(pad.x + 20 + i * 10, pad.y + pad.height * (0.7 - 0.4 * Math.sin(i / 3)));
    await page.mouse.up();
    await page.screenshot({ path: path.join(SHOTS, 'sign-fr-dialog-390x844.png') });
    await dialog.getByRole('button', { name: t('editor.signature.use'), exact: true }).click();
    await page.locator('[data-object=signature]').waitFor();
    await tool('date').click();
    await clickOn(page, 0.6, 0.9);
    const savedKind = () => page.evaluate(() => JSON.parse(localStorage.getItem('sheaf.signature') ?? 'null')?.kind);
    expect(await savedKind()).toBe('draw');
    // A typed signature replaces the saved one and is placed as many times as clicked.
    await tool('signature').click();
    await page.getByRole('button', { name: t('editor.signature.change') }).click();
    await dialog.getByRole('tab', { name: t('editor.signature.type') }).click();
    await dialog.getByLabel(t('editor.signature.name')).fill('Camille Dupont');
    await dialog.getByRole('button', { name: t('editor.signature.use'), exact: true }).click();
    await clickOn(page, 0.3, 0.6);
    await tool('select').click();
    expect(await savedKind()).toBe('type');
    await shoot(page, 'sign-fr');

    const { sent, doc } = await apply(page, t('editor.apply.button'));
    expect(sent.toolType).toBe('sign-pdf');
    expect(doc.operations.map((o) => o.type)).toEqual(['signature', 'stamp', 'signature']);
    const [signature, stamp, typed] = doc.operations;
    expect(typed).toMatchObject({ kind: 'type', text: 'Camille Dupont' });
    expect(signature).toMatchObject({ type: 'signature', kind: 'draw', page: 1 });
    const points = (signature.strokes as number[][][]).flat();
    expect(points.length).toBeGreaterThan(10);
    expect(points.every(([x, y]) => x >= 0 && x <= 1 && y >= 0 && y <= 1)).toBe(true);
    // Centred where the page was clicked.
    expect(signature.rect[0] + signature.rect[2] / 2).toBeCloseTo(0.6, 2);
    expect(stamp).toMatchObject({ type: 'stamp', stamp: 'date' });
    expect(stamp.text).toContain(String(new Date().getFullYear()));
    await settled(page, 'sign-pdf', t);
    await page.close();
  });

  it('opens the French edit page with its copy', async () => {
    const { t } = getI18n('fr');
    const page = await open('/fr/edit-pdf', SIZES[0]);
    await page.getByRole('toolbar', { name: t('editor.toolbar.label') }).waitFor();
    await page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.text'), exact: true }).click();
    // From the keyboard: the page takes focus and Enter places a text box in its middle.
    await page.getByRole('button', { name: t('editor.page.place', { tool: t('editor.tools.text'), n: 1 }) }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: t('editor.object.text') }).waitFor();
    await page.keyboard.type('Texte ajouté');
    await page.getByRole('toolbar').getByRole('button', { name: t('editor.tools.select'), exact: true }).click();
    expect(await page.locator('[data-object=text]').textContent()).toBe('Texte ajouté');
    await shoot(page, 'edit-fr');

    // Unsaved edits: leaving by a link of the site asks first, in French; staying keeps the work.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.locator('header').getByRole('link').first().click();
    await expect.poll(() => asked, { timeout: 10_000 }).toContain(t('leave.title'));
    expect(new URL(page.url()).pathname).toBe('/fr/edit-pdf');
    expect(await page.locator('[data-object=text]').count()).toBe(1);
    await page.close();
  });
});
