import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { withRun, type ToolCase, type ToolConformance, type ToolRun } from '../harness';
import { PASSWORD_PROTECTED, PDF_FIXTURES, UNREPAIRABLE, drawnText, formFieldCount, pdfFixture, renderDifference, text, words } from '../pdf-checks';

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

/** The output reads exactly as the input: same characters, in the same order. */
const keepsText = ({ inputs, outputs }: ToolRun) => expect(drawnText(outputs[0].path)).toBe(drawnText(inputs[0]));

/**
 * PDFs from the printers people use, whose fonts Ghostscript 10.0's pdfwrite re-encodes: Chromium
 * (CID TrueType with ToUnicode maps: curly quotes, ligatures), LibreOffice, pdfTeX (ligatures)
 * and Word (math italic, Hebrew).
 */
const PRINTED = [
  'sheaf_typography-chromium.pdf',
  'sheaf_targets-table.pdf',
  'ocrmypdf_tagged.pdf',
  'pdfjs_tracemonkey.pdf',
  'pypdf_multicolumn.pdf',
  'pdfjs_bug1937438_from_word.pdf',
  'pdfjs_issue11656_hebrew.pdf',
  'plumber_word365_structure.pdf',
].map((name) => pdfFixture(name).file);

const LEVELS: ReadonlyArray<Record<string, unknown>> = [
  { compress: 'low' },
  { compress: 'medium' },
  { compress: 'high' },
  { compress: 'custom', rate: 150 },
];

/** Runs compress on each file with the options; every output must read as its input. */
async function keepsTextOfEach(files: readonly string[], options: Record<string, unknown>) {
  for (const file of files) {
    await withRun('compress-pdf', [file], options, (run) => expect(drawnText(run.outputs[0].path), file).toBe(drawnText(run.inputs[0])));
  }
}

/** Every fixture that opens without a password, but for the one no reader can repair. */
const READABLE = PDF_FIXTURES.filter((f) => f.name.endsWith('.pdf') && !PASSWORD_PROTECTED.includes(f) && !UNREPAIRABLE.includes(f)).map((f) => f.file);

const compressPdf: ToolConformance = {
  tool: 'compress-pdf',
  sample: [pdfFixture('ocrmypdf_tagged.pdf').file],
  options: { compress: 'high' },
  pagesOf: (pages) => [pages[0]],
  invariant(run) {
    expect(size(run.outputs[0].path)).toBeLessThanOrEqual(size(run.inputs[0]));
    keepsText(run);
  },
  cases: [
    ...LEVELS.map((options) => ({
      name: `keeps Chromium's curly quotes and ligatures at ${JSON.stringify(options)}`,
      inputs: [pdfFixture('sheaf_typography-chromium.pdf').file],
      options,
      pages: [1],
      async check(run: ToolRun) {
        const after = await text(run.outputs[0].path);
        expect(after).toContain('Quarterly “targets” and notes');
        expect(after).toContain('the ﬁnal ﬂow of the ﬁle');
        expect(after).not.toContain('<targets=');
      },
    })),
    ...LEVELS.map((options) => ({
      name: `keeps the text of Chromium, LibreOffice, pdfTeX and Word PDFs at ${JSON.stringify(options)}`,
      inputs: [PRINTED[0]],
      options,
      check: () => keepsTextOfEach(PRINTED.slice(1), options),
    })),
    // The invariant compares the text. Levels differ only in how images are squeezed, so each fixture takes one in turn.
    ...READABLE.map((file, i) => ({
      name: `keeps the text of ${path.basename(file)} at ${JSON.stringify(LEVELS[i % LEVELS.length])}`,
      inputs: [file],
      options: LEVELS[i % LEVELS.length],
    })),
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
