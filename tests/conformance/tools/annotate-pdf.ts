import { expect } from 'vitest';
import { annotations, edits, meanGrey, op } from '../editor/checks';
import type { ToolConformance } from '../harness';
import { pdfFixture, structureProblems, text } from '../pdf-checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf').file;
/** Over the title line of tracemonkey's first page. */
const title = [0.08, 0.095, 0.85, 0.03];
const markup = (type: string, color: string, rect = title) => op(type, { rects: [rect], color }, 1, rect);

const annotatePdf: ToolConformance = {
  tool: 'annotate-pdf',
  sample: [tracemonkey],
  options: edits(markup('highlight', '#ffff00')),
  pagesOf: ([pages]) => [pages],
  invariant: (run) => expect(structureProblems(run.outputs[0].path)).toEqual([]),
  cases: [
    {
      name: 'writes text markup as annotations whose appearance shows on the page, keeping the text',
      inputs: [tracemonkey],
      options: edits(markup('highlight', '#ffff00'), markup('underline', '#0000ff', [0.1, 0.3, 0.4, 0.02]), markup('strikeout', '#ff0000', [0.1, 0.4, 0.4, 0.02])),
      pages: [14],
      names: ['pdfjs_tracemonkey.pdf'],
      async check(run) {
        const out = run.outputs[0].path;
        const found = await annotations(out, 1);
        expect(found.map((a) => a.subtype)).toEqual(['Highlight', 'Underline', 'StrikeOut']);
        expect(found.every((a) => a.hasAppearance)).toBe(true);
        expect(await text(out, 1, 1)).toContain('Specialization');
        // The yellow shows: the title line's background is no longer white.
        expect(await meanGrey(out, 1, [0.02, 0.097, 0.05, 0.026], 'blue')).toBeGreaterThan(240);
        expect(await meanGrey(out, 1, [0.085, 0.097, 0.04, 0.026], 'blue')).toBeLessThan(60);
      },
    },
    {
      name: 'adds a sticky note with its comment and free text, in any script',
      inputs: [tracemonkey],
      options: edits(
        op('note', { text: 'À revoir — Проверить', color: '#ffcc00' }, 3, [0.9, 0.1, 0.03, 0.03]),
        op('freeText', { text: 'Ωμέγα free text', size: 12, color: '#aa0000' }, 3, [0.1, 0.02, 0.5, 0.04]),
      ),
      async check(run) {
        const found = await annotations(run.outputs[0].path, 3);
        expect(found.map((a) => [a.subtype, a.contents])).toEqual([
          ['Text', 'À revoir — Проверить'],
          ['FreeText', 'Ωμέγα free text'],
        ]);
      },
    },
    {
      name: 'flattens the annotations into the page content when asked',
      inputs: [tracemonkey],
      options: { ...edits(markup('strikeout', '#ff0000'), op('freeText', { text: 'Flattened words', size: 12, color: '#000000' }, 1, [0.1, 0.02, 0.5, 0.04])), flatten: true },
      async check(run) {
        const out = run.outputs[0].path;
        expect(await annotations(out, 1)).toEqual([]);
        expect(await text(out, 1, 1)).toContain('Flattened words');
      },
    },
  ],
};

export default annotatePdf;
