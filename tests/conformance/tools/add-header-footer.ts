import { expect } from 'vitest';
import type { ToolConformance } from '../harness';
import { pdfFixture } from '../pdf-checks';
import { changedBox, drawnPageTexts, expectFontsEmbedded, expectOriginalText, firstPages, TURNED_PAGES, turned } from '../stamp-checks';

const [five, seven, two] = [firstPages(5, 'five.pdf'), firstPages(7, 'seven.pdf'), firstPages(2, 'two.pdf')];
const turnedPdf = await turned;

const addHeaderFooter: ToolConformance = {
  tool: 'add-header-footer',
  sample: [pdfFixture('ocrmypdf_tagged.pdf').file],
  options: { footerCenter: '{n} / {total}' },
  pagesOf: (pages) => pages,
  cases: [
    {
      name: 'runs Bates numbers across three files of 5, 7 and 2 pages, 1 to 14, and names each file with its range',
      inputs: [five, seven, two],
      options: { bates: true, batesPrefix: 'ACME', batesDigits: '4', footerLeft: '{filename} p. {n}/{total}' },
      pages: [5, 7, 2],
      names: ['five_ACME0001-ACME0005.pdf', 'seven_ACME0006-ACME0012.pdf', 'two_ACME0013-ACME0014.pdf'],
      async check({ outputs }) {
        const texts = outputs.flatMap((o) => drawnPageTexts(o.path));
        expect(texts.map((t) => [...t.matchAll(/ACME(\d{4})/g)].map((m) => Number(m[1])))).toEqual(Array.from({ length: 14 }, (_, i) => [i + 1]));
        expect(texts[6]).toContain('seven.pdf p. 2/7');
      },
    },
    {
      name: 'writes headers and footers at the top and foot of turned and offset pages, with the date as French writes it and accents and other scripts',
      inputs: [turnedPdf],
      options: { lang: 'fr', headerLeft: 'Café {date}', headerRight: 'Ελληνικά 日本語 עברית', footerCenter: '{n} / {total}', size: 10 },
      pages: [TURNED_PAGES.length],
      names: ['turned-header-footer.pdf'],
      async check({ inputs, outputs, workDir }) {
        const out = outputs[0].path;
        const now = new Date();
        const today = [now.getUTCDate(), now.getUTCMonth() + 1].map((v) => String(v).padStart(2, '0')).join('/') + `/${now.getUTCFullYear()}`;
        const texts = drawnPageTexts(out);
        texts.forEach((text, i) => {
          expect(text).toContain(`Café ${today}`);
          expect(text).toContain('日本語');
          // pdftotext reads the spaces of a short line as it likes.
          expect(text.replace(/\s+/g, '')).toContain(`${i + 1}/${TURNED_PAGES.length}`);
        });
        for (const [i, { rotation }] of TURNED_PAGES.entries()) {
          const box = (await changedBox(inputs[0], out, i + 1, workDir))!;
          const { left, top, right, bottom } = box;
          // From the top-left corner to the top-right one and down to the foot, never on the edges.
          expect([left < 0.2, right > 0.8, top < 0.1, bottom > 0.9, left > 0, right < 1, top > 0, bottom < 1], `page ${i + 1} (/Rotate ${rotation}) ${JSON.stringify(box)}`).toEqual(Array(8).fill(true));
        }
        expectFontsEmbedded(out);
        await expectOriginalText(inputs[0], out);
      },
    },
  ],
};

export default addHeaderFooter;
