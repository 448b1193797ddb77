import { expect } from 'vitest';
import type { ToolCase } from '../harness';
import { pdfFixture, text } from '../pdf-checks';
import { cidFontLine, edits, lineExtent, op, pageFonts, SERIF_LINES, serifLines } from './checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf').file;
/** The title's first line, "Trace-based Just-in-Time Type Specialization for Dynamic", in a Type 1 subset of NimbusRomNo9L-Medi. */
const titleLine = [0.08, 0.095, 0.85, 0.03];
/** cidFontLine's line: baseline at 92 pt from the top, 24 pt high. */
const helloLine = [0.1, 0.09, 0.6, 0.04];
/** serifLines' first line (baseline 92 pt from the top, 12 pt) as the editor's line box has it (size above, a quarter below), and the band pdftotext puts its words in. */
const serifLine = [72 / 612, 80 / 792, 280 / 612, 15 / 792];
const SERIF_BAND = [80, 95] as const;
/** The fonts the output's page has that the input's had not. */
const added = (input: string, output: string) => {
  const before = new Set(pageFonts(input, 1).map((f) => f.name));
  return pageFonts(output, 1).filter((f) => !before.has(f.name)).map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
};
const shipped = (file: string) => pageFonts(file, 1).filter((f) => /^(Noto|Liberation)/.test(f.name.replace(/^[A-Z]{6}\+/, '')));

/** A rewritten line keeps the document's own font when its embedded glyphs can set the new text. */
export const replaceCases: readonly ToolCase[] = [
  {
    name: 'sets a rewritten line in its own Type 1 subset font when it has every letter, without a font notice',
    inputs: [tracemonkey],
    options: edits(op('replaceText', { text: 'A rewritten title line' }, 1, titleLine)),
    notice: null,
    async check(run) {
      const out = run.outputs[0].path;
      expect(await text(out, 1, 1)).toContain('A rewritten title line');
      expect(pageFonts(out, 1).map((f) => f.name)).toContain('TACTGM+NimbusRomNo9L-Medi');
      expect(shipped(out)).toEqual([]);
    },
  },
  {
    name: 'sets a rewritten line in a shipped serif font, with the notice, when its subset lacks a letter',
    inputs: [tracemonkey],
    // The title never shows a "q" or a "Q": the subset has no glyph for them.
    options: edits(op('replaceText', { text: 'A quick title line' }, 1, titleLine)),
    notice: 'FONT_SUBSTITUTED',
    async check(run) {
      const out = run.outputs[0].path;
      const page = await text(out, 1, 1);
      expect(page).toContain('A quick title line');
      expect(page).not.toMatch(/Specialization/);
      expect(shipped(out).map((f) => f.name.replace(/^[A-Z]{6}\+/, ''))).toEqual([expect.stringMatching(/^NotoSerif-Bold/)]);
    },
  },
  {
    name: 'sets a rewritten line in its own CID TrueType subset (read back through ToUnicode) when it has every letter',
    inputs: [cidFontLine],
    options: edits(op('replaceText', { text: 'Hello Sheaf world' }, 1, helloLine)),
    notice: null,
    async check(run) {
      const out = run.outputs[0].path;
      expect((await text(out, 1, 1)).trim()).toBe('Hello Sheaf world');
      expect(pageFonts(out, 1)).toEqual(pageFonts(run.inputs[0], 1));
    },
  },
  {
    name: 'falls back from a CID TrueType subset that lacks a letter of the new text, with the notice',
    inputs: [cidFontLine],
    options: edits(op('replaceText', { text: 'Hello Jupiter' }, 1, helloLine)),
    notice: 'FONT_SUBSTITUTED',
    async check(run) {
      const out = run.outputs[0].path;
      expect((await text(out, 1, 1)).trim()).toBe('Hello Jupiter');
    },
  },
  {
    name: 'sets a longer rewritten line in a shipped serif face in a serif document, fitted to end inside the old line, with the notice',
    inputs: [serifLines],
    // "x", "q", "k" and "z" are not in the subset: the line falls back to a shipped face.
    options: edits(op('replaceText', { text: 'The quick committee fixed a sizeable budget for next year, in haste.' }, 1, serifLine)),
    notice: 'FONT_SUBSTITUTED_LINE_FITTED',
    async check(run) {
      const out = run.outputs[0].path;
      const before = lineExtent(run.inputs[0], 1, ...SERIF_BAND);
      const after = lineExtent(out, 1, ...SERIF_BAND);
      expect(before.words.join(' ')).toBe(SERIF_LINES[0]);
      expect(after.words.join(' ')).toBe('The quick committee fixed a sizeable budget for next year, in haste.');
      expect(after.xMin).toBeCloseTo(before.xMin, 0);
      expect(after.xMax).toBeLessThanOrEqual(before.xMax + 0.5);
      // A serif face stands in, not a sans one; the line below is untouched.
      expect(added(run.inputs[0], out)).toEqual([expect.stringMatching(/^NotoSerif-Regular/)]);
      expect(lineExtent(out, 1, 100, 115).words.join(' ')).toBe(SERIF_LINES[1]);
    },
  },
  {
    name: 'fits a longer rewritten line set in its own embedded font to the old line, with the notice',
    inputs: [serifLines],
    options: edits(op('replaceText', { text: 'The committee approved the budget for the coming year and the committee' }, 1, serifLine)),
    notice: 'LINE_FITTED',
    async check(run) {
      const out = run.outputs[0].path;
      const before = lineExtent(run.inputs[0], 1, ...SERIF_BAND);
      const after = lineExtent(out, 1, ...SERIF_BAND);
      expect(after.words.join(' ')).toBe('The committee approved the budget for the coming year and the committee');
      expect(after.xMax).toBeLessThanOrEqual(before.xMax + 0.5);
      expect(added(run.inputs[0], out)).toEqual([]);
    },
  },
  {
    name: 'sets a rewritten line that fits as it is, at its own size, without a notice',
    inputs: [serifLines],
    options: edits(op('replaceText', { text: 'The committee approved the budget.' }, 1, serifLine)),
    notice: null,
    async check(run) {
      const after = lineExtent(run.outputs[0].path, 1, ...SERIF_BAND);
      expect(after.words.join(' ')).toBe('The committee approved the budget.');
    },
  },
];
