import { expect } from 'vitest';
import type { ToolCase } from '../harness';
import { pdfFixture, text } from '../pdf-checks';
import { cidFontLine, edits, op, pageFonts } from './checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf').file;
/** The title's first line, "Trace-based Just-in-Time Type Specialization for Dynamic", in a Type 1 subset of NimbusRomNo9L-Medi. */
const titleLine = [0.08, 0.095, 0.85, 0.03];
/** cidFontLine's line: baseline at 92 pt from the top, 24 pt high. */
const helloLine = [0.1, 0.09, 0.6, 0.04];
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
];
