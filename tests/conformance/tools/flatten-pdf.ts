import { expect } from 'vitest';
import type { ToolCase, ToolConformance, ToolRun } from '../harness';
import { differingPixelShare } from '../image-checks';
import { annotationsWithoutForm } from '../made-fixtures';
import { range } from '../page-sources';
import { interactiveParts, pdfFixture, text } from '../pdf-checks';

const libreofficeForm = pdfFixture('pypdf_libreoffice-form.pdf');
const taxForm = pdfFixture('pdfjs_160F-2019.pdf');
const comments = pdfFixture('pdfjs_comments_incremental.pdf');

/** Under 0.5% of a page's pixels may differ from the original's render (anti-aliasing at edges). */
const MAX_DIFFERING = 0.005;

/** The pages look as they did: every page given renders within MAX_DIFFERING of the input's. */
const looksTheSame =
  (pages: readonly number[]) =>
  async ({ inputs, outputs, workDir }: ToolRun) => {
    for (const page of pages) expect(await differingPixelShare(inputs[0], outputs[0].path, page, workDir), `page ${page}`).toBeLessThan(MAX_DIFFERING);
  };

const flattens = (name: string, file: string, pages: number, extra?: ToolCase['check']): ToolCase => ({
  name,
  inputs: [file],
  pages: [pages],
  async check(run) {
    await looksTheSame(range(1, pages))(run);
    await extra?.(run);
  },
});

const flattenPdf: ToolConformance = {
  tool: 'flatten-pdf',
  sample: [libreofficeForm.file],
  pagesOf: ([pages]) => [pages],
  // Whatever the input, nothing interactive is left: no annotation on any page, no form.
  invariant: ({ outputs }) => expect(interactiveParts(outputs[0].path)).toEqual({ pagesWithAnnots: 0, acroForm: false }),
  cases: [
    {
      ...flattens('draws a filled LibreOffice form into its page, its values kept as text', libreofficeForm.file, 1, async ({ outputs }) => {
        const flat = await text(outputs[0].path);
        for (const value of ['Alice', 'Bob']) expect(flat).toContain(value);
      }),
      names: ['pypdf_libreoffice-form-flattened.pdf'],
    },
    flattens('flattens a 75-field tax form saved in three incremental updates', taxForm.file, 1),
    flattens('draws the comments and highlights of 14 pages into them', comments.file, comments.pages),
    {
      name: 'removes annotations that have nothing to draw (a link, a widget without a form, a null)',
      inputs: [await annotationsWithoutForm()],
      pages: [2],
      check: looksTheSame([1, 2]),
    },
  ],
};

export default flattenPdf;
