import fs from 'node:fs';
import { expect } from 'vitest';
import { withRun, type ToolCase, type ToolConformance, type ToolRun } from '../harness';
import { formFieldCount, pdfFixture, renderDifference, text, words } from '../pdf-checks';

const images = pdfFixture('pdfjs_images.pdf');
const size = (file: string) => fs.statSync(file).size;

/**
 * `high` on an image-heavy file: at least `factor` times smaller (thresholds sit below what
 * Ghostscript 10.0 measured, see bench/results), each page still looking like the input.
 */
function shrinksImages(name: string, factor: number, maxRenderDifference: number): ToolCase {
  const fixture = pdfFixture(name);
  return {
    name: `shrinks ${name} at least ${factor}x at high, pages still alike`,
    inputs: [fixture.file],
    options: { compress: 'high' },
    pages: [fixture.pages],
    notice: null,
    async check({ inputs, outputs, workDir }) {
      expect(size(inputs[0]) / size(outputs[0].path)).toBeGreaterThanOrEqual(factor);
      for (let page = 1; page <= fixture.pages; page++) {
        expect(await renderDifference(inputs[0], outputs[0].path, page, workDir)).toBeLessThan(maxRenderDifference);
      }
    },
  };
}

/** Output sizes of the same input at several settings, in the order given. */
async function sizesAt(input: string, settings: Array<Record<string, unknown>>): Promise<number[]> {
  const sizes = [];
  for (const options of settings) sizes.push(await withRun('compress-pdf', [input], options, (run) => size(run.outputs[0].path)));
  return sizes;
}

const keepsWords = async ({ inputs, outputs }: ToolRun) => {
  const before = words(await text(inputs[0]));
  const after = words(await text(outputs[0].path));
  expect(before.size).toBeGreaterThan(100);
  expect([...before].filter((w) => !after.has(w))).toEqual([]);
};

const compressPdf: ToolConformance = {
  tool: 'compress-pdf',
  sample: [pdfFixture('ocrmypdf_tagged.pdf').file],
  options: { compress: 'high' },
  pagesOf: (pages) => [pages[0]],
  invariant({ inputs, outputs }) {
    expect(size(outputs[0].path)).toBeLessThanOrEqual(size(inputs[0]));
  },
  cases: [
    shrinksImages('pdfjs_images.pdf', 30, 2),
    shrinksImages('pdfjs_issue7229_broken-offsets.pdf', 7, 12),
    shrinksImages('pypdf_cmyk-image.pdf', 3, 6),
    {
      name: 'halves an image-heavy 65-page report at high and keeps its text',
      inputs: [pdfFixture('plumber_chelsea_pdta.pdf').file],
      options: { compress: 'high' },
      pages: [65],
      async check(run) {
        expect(size(run.inputs[0]) / size(run.outputs[0].path)).toBeGreaterThanOrEqual(2);
        await keepsWords(run);
      },
    },
    {
      // Its indexed image sits below 70's resolution: re-encoding it only adds bytes.
      name: 'never hands back a larger file, even when re-encoding the images grows them',
      inputs: [pdfFixture('pypdf_cmyk-image.pdf').file],
      options: { compress: '70' },
      pages: [1],
    },
    {
      name: 'keeps every word of a text-heavy paper',
      inputs: [pdfFixture('pdfjs_tracemonkey.pdf').file],
      options: { compress: 'high' },
      pages: [14],
      names: ['pdfjs_tracemonkey-compressed.pdf'],
      check: keepsWords,
    },
    {
      name: 'orders the named levels: high < medium < low < the input',
      inputs: [images.file],
      options: { compress: 'low' },
      async check({ inputs, outputs }) {
        const [medium, high] = await sizesAt(inputs[0], [{ compress: 'medium' }, { compress: 'high' }]);
        expect(high).toBeLessThan(medium);
        expect(medium).toBeLessThan(size(outputs[0].path));
        expect(size(outputs[0].path)).toBeLessThan(size(inputs[0]));
      },
    },
    {
      name: 'orders the percentages: 10 < 50 < 90',
      inputs: [images.file],
      options: { compress: '90' },
      async check({ inputs, outputs }) {
        const [fifty, ten] = await sizesAt(inputs[0], [{ compress: '50' }, { compress: 10 }]);
        expect(ten).toBeLessThan(fifty);
        expect(fifty).toBeLessThan(size(outputs[0].path));
      },
    },
    {
      name: 'uses the custom resolution: 100 dpi is smaller than 300 dpi',
      inputs: [images.file],
      options: { compress: 'custom', rate: '300' },
      async check({ inputs, outputs }) {
        const [at100] = await sizesAt(inputs[0], [{ compress: 'custom', rate: 100 }]);
        expect(at100).toBeLessThan(size(outputs[0].path));
      },
    },
    {
      name: 'keeps a form fillable',
      inputs: [pdfFixture('pdfjs_160F-2019.pdf').file],
      options: { compress: 'high' },
      pages: [1],
      check({ inputs, outputs }) {
        expect(formFieldCount(outputs[0].path)).toBe(formFieldCount(inputs[0]));
        expect(size(outputs[0].path)).toBeLessThan(size(inputs[0]));
      },
    },
    {
      name: 'hands back the input unchanged, with a notice, when it cannot be made smaller',
      inputs: [pdfFixture('pdfjs_issue16538_japanese.pdf').file],
      options: { compress: 'high' },
      pages: [1],
      notice: 'ALREADY_OPTIMAL',
      check({ inputs, outputs }) {
        expect(fs.readFileSync(outputs[0].path).equals(fs.readFileSync(inputs[0]))).toBe(true);
      },
    },
  ],
};

export default compressPdf;
