import { expect } from 'vitest';
import type { ToolConformance, ToolRun } from '../harness';
import { PRINTED, cropBoxes, label, numberedPages, printedPages, wordBoxes } from '../layout-fixtures';
import { pdfFixture } from '../pdf-checks';

const numbered = await numberedPages(8);
const printed = await printedPages();
const MARGINS = { left: 30, top: 40, right: 50, bottom: 60 };

/**
 * The chosen pages show the box drawn (checked as poppler shows them: size, and the label moved by
 * the left and top margins, within 1 pt); every other page keeps its crop box.
 */
const cropsTo = (chosen: readonly number[]) => (run: ToolRun) => {
  const [input, output] = [run.inputs[0], run.outputs[0].path];
  const before = cropBoxes(input);
  const after = cropBoxes(output);
  before.forEach((box, i) => {
    const page = i + 1;
    if (!chosen.includes(page)) return expect(after[i], `page ${page}`).toEqual(box);
    const [was, now] = [wordBoxes(input, page), wordBoxes(output, page)];
    expect(now.width).toBeCloseTo(was.width - MARGINS.left - MARGINS.right, 0);
    expect(now.height).toBeCloseTo(was.height - MARGINS.top - MARGINS.bottom, 0);
    const [from, to] = [was.words.find((w) => w.text === label(page))!, now.words.find((w) => w.text === label(page))!];
    expect(Math.abs(to.x - (from.x - MARGINS.left)), `page ${page} x`).toBeLessThanOrEqual(1);
    expect(Math.abs(to.y - (from.y - MARGINS.top)), `page ${page} y`).toBeLessThanOrEqual(1);
  });
};

/** Page 1 and 3 of `printed` show just their black rectangle (within 2 pt); the blank page 2 is left alone. */
const trimsToPrintedArea = (run: ToolRun) => {
  const shown = { width: 612 - PRINTED.left - PRINTED.right, height: 792 - PRINTED.top - PRINTED.bottom };
  for (const page of [1, 3]) {
    const { width, height } = wordBoxes(run.outputs[0].path, page);
    expect(Math.abs(width - shown.width), `page ${page} width`).toBeLessThanOrEqual(2);
    expect(Math.abs(height - shown.height), `page ${page} height`).toBeLessThanOrEqual(2);
  }
  const [upright, blank, turned] = cropBoxes(run.outputs[0].path);
  const near = (box: number[], want: number[]) => box.forEach((v, i) => expect(Math.abs(v - want[i])).toBeLessThanOrEqual(2));
  near(upright, [PRINTED.left, PRINTED.bottom, 612 - PRINTED.right, 792 - PRINTED.top]);
  near(turned, [PRINTED.top, PRINTED.left, 792 - PRINTED.bottom, 612 - PRINTED.right]);
  expect(blank).toEqual([0, 0, 612, 792]);
};

const cropPdf: ToolConformance = {
  tool: 'crop-pdf',
  sample: [pdfFixture('ocrmypdf_tagged.pdf').file],
  options: MARGINS,
  pagesOf: ([pages]) => [pages],
  cases: [
    {
      name: 'crops every page to the box drawn, on turned pages and offset crop boxes too, keeping the text',
      inputs: [numbered],
      options: MARGINS,
      pages: [8],
      names: [`numbered-8-cropped.pdf`],
      check: cropsTo([1, 2, 3, 4, 5, 6, 7, 8]),
    },
    {
      name: 'crops only the odd pages among those chosen, as the form sends them',
      inputs: [numbered],
      options: { left: '30', top: '40', right: '50', bottom: '60', parity: 'odd', pages: '2-7' },
      check: cropsTo([3, 5, 7]),
    },
    { name: 'trims each page to its printed area, leaving a blank page alone', inputs: [printed], options: { mode: 'trim' }, check: trimsToPrintedArea },
    { name: 'trims to one box for all pages', inputs: [printed], options: { mode: 'trim', common: 'true' }, check: trimsToPrintedArea },
    { name: 'refuses margins that leave nothing of a page', inputs: [numbered], options: { left: 300, right: 300 }, error: 'CROP_TOO_LARGE' },
    { name: 'refuses pages beyond the end', inputs: [numbered], options: { ...MARGINS, pages: '9' }, error: 'INVALID_PAGES' },
  ],
};

export default cropPdf;
