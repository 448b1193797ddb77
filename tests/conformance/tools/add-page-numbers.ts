import { expect } from 'vitest';
import type { ToolConformance } from '../harness';
import { pdfFixture } from '../pdf-checks';
import { changedBox, drawnPageTexts, expectFontsEmbedded, expectOriginalText, TURNED_PAGES, turned } from '../stamp-checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf').file;
const turnedPdf = await turned;
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

const addPageNumbers: ToolConformance = {
  tool: 'add-page-numbers',
  sample: [pdfFixture('ocrmypdf_tagged.pdf').file],
  pagesOf: ([pages]) => [pages],
  cases: [
    {
      name: 'numbers every page upright in the corner asked, inside the visible area of turned pages and offset crop boxes, fonts embedded',
      inputs: [turnedPdf],
      options: { format: 'page-n-of-total', position: 'bottom-right', size: 14, color: '#ff0000' },
      pages: [TURNED_PAGES.length],
      names: ['turned-numbered.pdf'],
      async check({ inputs, outputs, workDir }) {
        const out = outputs[0].path;
        const texts = drawnPageTexts(out);
        texts.forEach((text, i) => expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} of ${TURNED_PAGES.length}`));
        for (const [i, { rotation }] of TURNED_PAGES.entries()) {
          const box = await changedBox(inputs[0], out, i + 1, workDir);
          expect(box, `page ${i + 1} shows its number`).not.toBeNull();
          const { left, top, right, bottom, aspect } = box!;
          // Bottom-right of the page as shown, not touching its edges, and a line wider than tall (upright).
          expect([left > 0.45, top > 0.85, right < 0.99, bottom < 0.99, aspect > 3], `page ${i + 1} (/Rotate ${rotation}) box ${JSON.stringify(box)}`).toEqual([true, true, true, true, true]);
        }
        expect(expectFontsEmbedded(out).some((name) => /NotoSans/.test(name))).toBe(true);
        await expectOriginalText(inputs[0], out);
      },
    },
    {
      name: 'skips the cover and counts from the first number, in Roman numerals',
      inputs: [tracemonkey],
      options: { skip: '1-2', numerals: 'roman', format: 'n-of-total', start: '1', position: 'top-center' },
      pages: [14],
      async check({ outputs }) {
        const texts = drawnPageTexts(outputs[0].path);
        expect(texts.slice(0, 2).some((t) => t.includes('/ XII'))).toBe(false);
        texts.slice(2).forEach((text, i) => expect(text.replace(/\s+/g, ' '), `page ${i + 3}`).toContain(`${ROMAN[i]} / XII`));
      },
    },
    {
      name: 'writes “Page n sur total” in French',
      inputs: [tracemonkey],
      options: { format: 'page-n-of-total', lang: 'fr', start: 5, font: 'serif' },
      pages: [14],
      async check({ outputs }) {
        const texts = drawnPageTexts(outputs[0].path);
        texts.forEach((text, i) => expect(text).toContain(`Page ${i + 5} sur 18`));
      },
    },
    { name: 'refuses pages to skip beyond the end', inputs: [tracemonkey], options: { skip: '15' }, error: 'INVALID_PAGES' },
  ],
};

export default addPageNumbers;
