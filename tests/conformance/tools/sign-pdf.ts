import { expect } from 'vitest';
import { edits, halfBlackPng, meanGrey, op, turnedCroppedPage } from '../editor/checks';
import { signaturePictureCases } from '../editor/picture-cases';
import { scriptSignatureCases } from '../editor/script-cases';
import type { ToolConformance } from '../harness';
import { pdfFixture, structureProblems, text } from '../pdf-checks';

const form = pdfFixture('pypdf_libreoffice-form.pdf').file;
const typed = (name: string) => op('signature', { kind: 'type', text: name }, 1, [0.1, 0.8, 0.6, 0.1]);

const signPdf: ToolConformance = {
  tool: 'sign-pdf',
  sample: [pdfFixture('pdfjs_tracemonkey.pdf').file],
  options: edits(typed('Ada Lovelace')),
  pagesOf: ([pages]) => [pages],
  invariant: (run) => expect(structureProblems(run.outputs[0].path)).toEqual([]),
  cases: [
    ...signaturePictureCases,
    ...scriptSignatureCases,
    {
      name: 'draws a signature as strokes inside its rect, on a turned and cropped page',
      inputs: [turnedCroppedPage],
      options: edits(op('signature', { kind: 'draw', strokes: [[[0, 0.5], [0.5, 0.4], [1, 0.5]]] }, 1, [0.1, 0.1, 0.8, 0.2])),
      pages: [1],
      names: ['turned-cropped.pdf'],
      async check(run) {
        const out = run.outputs[0].path;
        expect(await meanGrey(out, 1, [0.12, 0.17, 0.76, 0.06])).toBeLessThan(240);
        expect(await meanGrey(out, 1, [0.05, 0.4, 0.9, 0.5])).toBeGreaterThan(253);
      },
    },
    {
      name: 'places a signature picture in proportion, centred in its rect, keeping its transparency',
      inputs: [turnedCroppedPage, halfBlackPng],
      options: edits(op('signature', { kind: 'image', token: 'sig' }, 1, [0.1, 0.5, 0.8, 0.2])),
      async check(run) {
        const out = run.outputs[0].path;
        expect(await meanGrey(out, 1, [0.26, 0.52, 0.2, 0.16])).toBeLessThan(30);
        // Beside the picture (the rect is wider than it) and on its transparent half: the page shows.
        expect(await meanGrey(out, 1, [0.11, 0.52, 0.08, 0.16])).toBeGreaterThan(250);
        expect(await meanGrey(out, 1, [0.55, 0.52, 0.15, 0.16])).toBeGreaterThan(250);
      },
    },
    {
      name: 'types a signature, initials and a date that read back as text, and draws a check mark',
      inputs: [turnedCroppedPage],
      options: edits(
        typed('Ada Lovelace'),
        op('stamp', { stamp: 'initials', text: 'A.L.' }, 1, [0.1, 0.1, 0.2, 0.05]),
        op('stamp', { stamp: 'date', text: '26/11/2026' }, 1, [0.5, 0.1, 0.4, 0.05]),
        op('stamp', { stamp: 'check' }, 1, [0.1, 0.5, 0.2, 0.1]),
      ),
      async check(run) {
        const out = run.outputs[0].path;
        const page = await text(out, 1, 1);
        for (const s of ['Ada Lovelace', 'A.L.', '26/11/2026']) expect(page).toContain(s);
        expect(await meanGrey(out, 1, [0.1, 0.5, 0.2, 0.1])).toBeLessThan(250);
      },
    },
    {
      name: 'fills a form and signs it, flattened so the values are part of the page',
      inputs: [form],
      options: { ...edits(op('field', { name: 'First Name', value: 'Ada' }), op('field', { name: 'Last Name', value: 'Lovelace' }), typed('Ada Lovelace')), flatten: true },
      async check(run) {
        const page = await text(run.outputs[0].path, 1, 1);
        expect(page).toContain('Ada');
        expect(page).toContain('Lovelace');
      },
    },
    {
      name: 'refuses a field the form does not have',
      inputs: [form],
      options: edits(op('field', { name: 'Middle Name', value: 'x' })),
      error: 'ILLEGAL_INPUT',
    },
  ],
};

export default signPdf;
