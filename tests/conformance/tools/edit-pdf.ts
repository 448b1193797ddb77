import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { expect } from 'vitest';
import { EDIT_LIMITS } from '#shared/editor/operations';
import { annotations, edits, greysAt, halfBlackPng, meanGrey, op, textFieldValue, turnedCroppedPage } from '../editor/checks';
import { fixture } from '../../support/fixtures';
import { pictureCases } from '../editor/picture-cases';
import { replaceCases } from '../editor/replace-cases';
import { robustnessCases } from '../editor/robustness-cases';
import { formCases } from '../editor/form-cases';
import { scriptCases } from '../editor/script-cases';
import type { ToolConformance } from '../harness';
import { pageCount, pageRotations, pdfFixture, structureProblems, text } from '../pdf-checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf').file;
const form = pdfFixture('pypdf_libreoffice-form.pdf').file;
/** Signed twice, the second time after a change (tests/fixtures/pdf/sheaf_signed.ts). */
const signed = pdfFixture('sheaf_signed-changed.pdf').file;
/** A freehand stroke of as many points as a document may hold, zigzagging across the page (rounded as the browser sends them). */
const longStroke = Array.from({ length: EDIT_LIMITS.inkPoints }, (_, i) => {
  const t = i / (EDIT_LIMITS.inkPoints - 1);
  return [0.1 + 0.8 * t, 0.5 + 0.3 * Math.sin(t * 6 * Math.PI)].map((v) => Math.round(v * 1e5) / 1e5);
});
const textOp = (t: string, rect = [0.1, 0.02, 0.8, 0.06], page = 1) =>
  op('text', { text: t, font: 'sans', size: 14, color: '#000000', bold: false, italic: false, align: 'left' }, page, rect);

const editPdf: ToolConformance = {
  tool: 'edit-pdf',
  sample: [tracemonkey],
  options: edits(textOp('Added by the editor')),
  pagesOf: ([pages]) => [pages],
  invariant: (run) => expect(structureProblems(run.outputs[0].path)).toEqual([]),
  cases: [
    ...pictureCases,
    ...replaceCases,
    ...scriptCases,
    ...formCases,
    ...robustnessCases,
    {
      name: 'edits a signed PDF as an incremental update: pdfsig still finds both earlier signatures valid, the document changed after them',
      inputs: [signed],
      options: edits(textOp('Reviewed after signing'), { type: 'rotatePage', page: 1, angle: 90 }),
      pages: [1],
      async check({ inputs, outputs }) {
        const report = spawnSync('pdfsig', ['-nocert', outputs[0].path], { encoding: 'utf8' }).stdout;
        expect(report.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(2);
        expect(report.match(/Not total document signed/g)).toHaveLength(2);
        // The signed revision is kept byte for byte; the edits come after it.
        const before = fs.readFileSync(inputs[0]);
        expect(fs.readFileSync(outputs[0].path).subarray(0, before.length).equals(before)).toBe(true);
        expect(await text(outputs[0].path)).toContain('Reviewed after signing');
        expect(pageRotations(outputs[0].path)).toEqual([90]);
      },
    },
    {
      name: 'writes a text box in any script with an embedded font, under the input name',
      inputs: [tracemonkey],
      options: edits(textOp('Édité — Ωμέγα Привет')),
      notice: null,
      pages: [14],
      names: ['pdfjs_tracemonkey.pdf'],
      async check(run) {
        expect(await text(run.outputs[0].path, 1, 1)).toContain('Édité — Ωμέγα Привет');
      },
    },
    {
      name: 'replaces a line: the old words are gone from the page and the new ones are there',
      inputs: [tracemonkey],
      // The title's first line, "Trace-based Just-in-Time Type Specialization for Dynamic".
      options: edits(op('replaceText', { text: 'A rewritten title line' }, 1, [0.08, 0.095, 0.85, 0.03])),
      // The title's own subset font has every letter of the new line (see replaceCases).
      notice: null,
      async check(run) {
        const page = await text(run.outputs[0].path, 1, 1);
        expect(page).toContain('A rewritten title line');
        expect(page).not.toMatch(/Specialization/);
        // The line below the rect is untouched.
        expect(page).toContain('Languages');
        expect(page).toContain('Andreas Gal');
      },
    },
    {
      name: 'removes a line emptied in the editor, without a font notice',
      inputs: [tracemonkey],
      options: edits(op('replaceText', { text: '' }, 1, [0.08, 0.095, 0.85, 0.03])),
      notice: null,
      async check(run) {
        const page = await text(run.outputs[0].path, 1, 1);
        expect(page).not.toMatch(/Specialization/);
        expect(page).toContain('Languages');
      },
    },
    {
      name: `draws a stroke of ${EDIT_LIMITS.inkPoints} points (the cap) along its whole path`,
      inputs: [tracemonkey],
      options: edits(op('ink', { strokes: [longStroke], color: '#000000', width: 6 }, 1, [0, 0, 1, 1])),
      async check(run) {
        // Twenty places along the path, its first and last points among them, are the stroke's black.
        const places = Array.from({ length: 20 }, (_, k) => longStroke[Math.round((k * (longStroke.length - 1)) / 19)]);
        const greys = await greysAt(run.outputs[0].path, 1, places);
        expect(greys.map((g, k) => [places[k], g < 60])).toEqual(places.map((p) => [p, true]));
      },
    },
    {
      name: 'paints a whiteout and a filled shape where the page fractions say',
      inputs: [tracemonkey],
      options: edits(
        op('whiteout', { color: '#000000' }, 1, [0.1, 0.3, 0.3, 0.1]),
        op('shape', { shape: 'rect', stroke: '#000000', fill: '#000000', width: 1 }, 1, [0.6, 0.7, 0.2, 0.1]),
        op('shape', { shape: 'ellipse', stroke: '#000000', fill: null, width: 2 }, 1, [0.6, 0.85, 0.2, 0.1]),
        op('shape', { shape: 'arrow', stroke: '#000000', fill: null, width: 2, flip: true }, 1, [0.1, 0.85, 0.2, 0.1]),
        op('ink', { strokes: [[[0.1, 0.97], [0.5, 0.97]]], color: '#000000', width: 4 }, 1, [0, 0, 1, 1]),
      ),
      async check(run) {
        const out = run.outputs[0].path;
        expect(await meanGrey(out, 1, [0.12, 0.32, 0.26, 0.06])).toBeLessThan(30);
        expect(await meanGrey(out, 1, [0.62, 0.72, 0.16, 0.06])).toBeLessThan(30);
        expect(await meanGrey(run.inputs[0], 1, [0.62, 0.72, 0.16, 0.06])).toBeGreaterThan(150);
      },
    },
    {
      name: 'places objects on a turned, cropped page where the displayed-page fractions say',
      inputs: [turnedCroppedPage],
      options: edits(op('whiteout', { color: '#000000' }, 1, [0, 0, 0.5, 0.25])),
      async check(run) {
        const out = run.outputs[0].path;
        expect(await meanGrey(out, 1, [0.05, 0.03, 0.4, 0.19])).toBeLessThan(30);
        expect(await meanGrey(out, 1, [0.55, 0.03, 0.4, 0.19])).toBeGreaterThan(225);
        expect(await meanGrey(out, 1, [0.05, 0.3, 0.4, 0.6])).toBeGreaterThan(225);
      },
    },
    {
      name: 'places uploaded images, turned as asked and keeping their transparency',
      inputs: [tracemonkey, halfBlackPng, fixture('images/exif_Landscape_3.jpg')],
      options: edits(
        op('image', { token: 'png', rotation: 0 }, 1, [0.1, 0.3, 0.4, 0.1]),
        op('image', { token: 'png', rotation: 180 }, 1, [0.1, 0.5, 0.4, 0.1]),
        op('image', { token: 'jpg', rotation: 90 }, 2, [0.1, 0.1, 0.3, 0.3]),
      ),
      async check(run) {
        const out = run.outputs[0].path;
        expect(await meanGrey(out, 1, [0.12, 0.32, 0.16, 0.06])).toBeLessThan(30);
        expect(await meanGrey(out, 1, [0.32, 0.32, 0.16, 0.06])).toBeGreaterThan(150);
        expect(await meanGrey(out, 1, [0.12, 0.52, 0.16, 0.06])).toBeGreaterThan(150);
        expect(await meanGrey(out, 1, [0.32, 0.52, 0.16, 0.06])).toBeLessThan(30);
      },
    },
    {
      name: 'writes highlights, underlines, strike-outs, notes and free text as annotations with appearances',
      inputs: [tracemonkey],
      options: edits(
        op('highlight', { rects: [[0.1, 0.3, 0.4, 0.02]], color: '#ffff00' }, 1, [0.1, 0.3, 0.4, 0.02]),
        op('underline', { rects: [[0.1, 0.33, 0.4, 0.02]], color: '#0000ff' }, 1, [0.1, 0.33, 0.4, 0.02]),
        op('strikeout', { rects: [[0.1, 0.36, 0.4, 0.02]], color: '#ff0000' }, 1, [0.1, 0.36, 0.4, 0.02]),
        op('note', { text: 'Check this figure', color: '#ffcc00' }, 2, [0.8, 0.1, 0.03, 0.03]),
        op('freeText', { text: 'Texte libre', size: 12, color: '#000000' }, 2, [0.1, 0.05, 0.4, 0.04]),
      ),
      async check(run) {
        const out = run.outputs[0].path;
        expect((await annotations(out, 1)).map((a) => a.subtype)).toEqual(['Highlight', 'Underline', 'StrikeOut']);
        const second = await annotations(out, 2);
        expect(second.map((a) => [a.subtype, a.contents])).toEqual([
          ['Text', 'Check this figure'],
          ['FreeText', 'Texte libre'],
        ]);
        expect(second.every((a) => a.hasAppearance)).toBe(true);
      },
    },
    {
      name: 'flattens annotations into the page when asked',
      inputs: [tracemonkey],
      options: { ...edits(op('freeText', { text: 'Burned in', size: 12, color: '#000000' }, 1, [0.1, 0.02, 0.4, 0.04])), flatten: 'true' },
      async check(run) {
        expect(await annotations(run.outputs[0].path, 1)).toEqual([]);
        expect(await text(run.outputs[0].path, 1, 1)).toContain('Burned in');
      },
    },
    {
      name: 'fills form fields, in any script',
      inputs: [form],
      options: edits(op('field', { name: 'First Name', value: 'Zoë Ωμέγα' }), op('field', { name: 'gdpr', value: true })),
      async check(run) {
        expect(await textFieldValue(run.outputs[0].path, 'First Name')).toBe('Zoë Ωμέγα');
      },
    },
    {
      name: 'turns, deletes and inserts pages after the content edits, in order',
      inputs: [tracemonkey],
      options: edits(
        textOp('On the first page'),
        op('rotatePage', { angle: 90 }, 1),
        op('deletePage', {}, 14),
        op('insertBlank', {}, 2),
      ),
      pages: [14],
      async check(run) {
        const out = run.outputs[0].path;
        expect(pageRotations(out).slice(0, 3)).toEqual([90, 0, 0]);
        expect(await text(out, 1, 1)).toContain('On the first page');
        expect((await text(out, 3, 3)).trim()).toBe('');
        expect(pageCount(out)).toBe(14);
      },
    },
    { name: 'refuses a page past the end', inputs: [tracemonkey], options: edits(textOp('x', undefined, 15)), error: 'ILLEGAL_INPUT' },
    { name: 'refuses a field the form does not have', inputs: [form], options: edits(op('field', { name: 'nope', value: 'x' })), error: 'ILLEGAL_INPUT' },
  ],
};

export default editPdf;
