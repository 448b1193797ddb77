import { expect } from 'vitest';
import type { ToolConformance } from '../harness';
import { label, numberedPages, wordBoxes } from '../layout-fixtures';
import { pdfFixture } from '../pdf-checks';

const numbered = await numberedPages(10);

const bookletPdf: ToolConformance = {
  tool: 'booklet-pdf',
  sample: [pdfFixture('ocrmypdf_tagged.pdf').file],
  pagesOf: ([pages]) => [Math.ceil(pages / 4) * 2],
  invariant: (run) => expect(run.notice).toBe('BOOKLET_PRINTING'),
  cases: [
    {
      // Ten pages are padded to twelve: the blanks are pages 11 and 12, the back of the booklet.
      name: 'imposes ten pages as a saddle-stitched booklet of twelve, with the two blanks at the back',
      inputs: [numbered],
      pages: [6],
      names: ['numbered-10-booklet.pdf'],
      check(run) {
        const sides = [
          [12, 1],
          [2, 11],
          [10, 3],
          [4, 9],
          [8, 5],
          [6, 7],
        ];
        sides.forEach(([left, right], i) => {
          const { width, words } = wordBoxes(run.outputs[0].path, i + 1);
          expect(width).toBeGreaterThan(800);
          const half = (page: number) => (page > 10 ? [] : [label(page)]);
          expect(words.filter((w) => w.x < width / 2).map((w) => w.text), `side ${i + 1} left`).toEqual(half(left));
          expect(words.filter((w) => w.x >= width / 2).map((w) => w.text), `side ${i + 1} right`).toEqual(half(right));
          // Upright: each label sits in the top-left quarter of its half.
          for (const w of words) expect((w.x % (width / 2)) / (width / 2), w.text).toBeLessThan(0.5);
        });
      },
    },
    { name: 'makes a booklet on Letter paper', inputs: [numbered], options: { sheet: 'letter' }, pages: [6] },
  ],
};

export default bookletPdf;
