import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { ToolConformance } from '../harness';
import { embeddedImages } from '../image-checks';
import { pdfFixture } from '../pdf-checks';
import { changedBox, drawnPageTexts, expectFontsEmbedded, expectOriginalText, longPdf, picture, TURNED_PAGES, turned } from '../stamp-checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf').file;
const turnedPdf = await turned;
const long = longPdf(300);
const logo = await picture('logo.png', { width: 333, height: 111, alpha: true });
const photo = await picture('photo.jpg', { width: 240, height: 160, alpha: false });
const notAPicture = path.join(path.dirname(logo), 'broken.png');
fs.writeFileSync(notAPicture, 'not a picture at all');

/** The text pdftotext reads from one page in the order the page draws it. */
const drawnOrder = (file: string, page: number) => execFileSync('pdftotext', ['-raw', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });

const addWatermark: ToolConformance = {
  tool: 'add-watermark',
  sample: [pdfFixture('ocrmypdf_tagged.pdf').file],
  options: { text: 'CONFIDENTIAL' },
  pagesOf: ([pages]) => [pages],
  cases: [
    {
      name: 'marks the chosen pages only, keeping every word of the original',
      inputs: [tracemonkey],
      options: { text: 'CONFIDENTIAL', pages: '2,4-5', angle: 0 },
      pages: [14],
      names: ['pdfjs_tracemonkey-watermarked.pdf'],
      async check({ inputs, outputs }) {
        const texts = drawnPageTexts(outputs[0].path);
        expect(texts.flatMap((t, i) => (t.includes('CONFIDENTIAL') ? [i + 1] : []))).toEqual([2, 4, 5]);
        expectFontsEmbedded(outputs[0].path);
        await expectOriginalText(inputs[0], outputs[0].path);
      },
    },
    {
      name: 'stores a tiled picture once in a 300-page file',
      inputs: [long, logo],
      options: { image: 'logo', tiled: 'true', scale: 20, opacity: 40 },
      pages: [300],
      check({ outputs }) {
        const marks = embeddedImages(outputs[0].path).filter((img) => img.width === 333 && img.height === 111);
        expect(new Set(marks.filter((m) => !m.smask).map((m) => m.page)).size).toBe(300);
        expect(new Set(marks.filter((m) => !m.smask).map((m) => m.object)).size).toBe(1);
        expect(new Set(marks.filter((m) => m.smask).map((m) => m.object)).size).toBe(1);
      },
    },
    {
      name: 'puts a text under the content: the page text stays selectable and is drawn after it',
      inputs: [tracemonkey],
      options: { text: 'UNDERNEATH', layer: 'under', pages: '1', size: 90, angle: '0' },
      pages: [14],
      async check({ inputs, outputs }) {
        const order = drawnOrder(outputs[0].path, 1);
        expect(order.trimStart().startsWith('UNDERNEATH')).toBe(true);
        await expectOriginalText(inputs[0], outputs[0].path);
      },
    },
    {
      name: 'centres an upright mark in the visible area of turned pages and offset crop boxes, in any script',
      inputs: [turnedPdf],
      options: { text: 'Brouillon Черновик 草稿 טיוטה', angle: 0, opacity: 100, size: 24, color: '#ff0000' },
      pages: [TURNED_PAGES.length],
      async check({ inputs, outputs, workDir }) {
        const out = outputs[0].path;
        const texts = drawnPageTexts(out);
        for (const text of texts) for (const word of ['Brouillon', 'Черновик', '草稿']) expect(text).toContain(word);
        for (const [i, { rotation }] of TURNED_PAGES.entries()) {
          const box = (await changedBox(inputs[0], out, i + 1, workDir))!;
          const at = `page ${i + 1} (/Rotate ${rotation}) box ${JSON.stringify(box)}`;
          expect(Math.abs((box.left + box.right) / 2 - 0.5), `${at} centred across`).toBeLessThan(0.04);
          expect(Math.abs((box.top + box.bottom) / 2 - 0.5), `${at} centred down`).toBeLessThan(0.04);
          expect(box.aspect, `${at} upright`).toBeGreaterThan(4);
        }
        const fonts = expectFontsEmbedded(out);
        expect(fonts.some((f) => /NotoSansCJK/.test(f)) && fonts.some((f) => /NotoSansHebrew/.test(f))).toBe(true);
      },
    },
    {
      name: 'places a JPEG once per page, turned, in a corner',
      inputs: [tracemonkey, photo],
      options: { image: 'photo', position: 'top-left', angle: 30, pages: '1-3' },
      pages: [14],
      check({ outputs }) {
        const marks = embeddedImages(outputs[0].path).filter((img) => img.width === 240 && img.height === 160);
        expect(marks.map((m) => m.page)).toEqual([1, 2, 3]);
        expect(new Set(marks.map((m) => m.object)).size).toBe(1);
      },
    },
    { name: 'refuses a picture that is not one', inputs: [tracemonkey, notAPicture], options: { image: 'broken' }, error: 'IMAGE_DAMAGED' },
  ],
};

export default addWatermark;
