import { expect } from 'vitest';
import type { ToolConformance } from '../harness';
import { LATIN1_TEXT, TXT_LINES, TXT_LONG_LINE, made } from '../office-fixtures';
import { embeddedFonts, officeInvariant, outputText } from '../office-checks';
import { text } from '../pdf-checks';

const txtToPdf: ToolConformance = {
  tool: 'txt-to-pdf',
  sample: [made('latin1.txt')],
  pagesOf: () => [1],
  invariant: officeInvariant,
  cases: [
    {
      name: 'starts a new page at every form feed',
      inputs: [made('mixed.txt')],
      pages: [3],
      names: ['mixed.pdf'],
      async check(run) {
        expect(await text(run.outputs[0].path, 2, 2)).toContain('Page two starts after a form feed');
        expect(await text(run.outputs[0].path, 3, 3)).toContain('Page three');
      },
    },
    {
      name: 'wraps long lines at the margin instead of cutting them off',
      inputs: [made('mixed.txt')],
      async check(run) {
        const lines = (await text(run.outputs[0].path, 1, 1)).split('\n');
        expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(100);
        expect((await outputText(run)).replace(/\s+/g, ' ')).toContain(TXT_LONG_LINE);
      },
    },
    {
      name: 'renders CJK, Hebrew and Arabic with real glyphs',
      inputs: [made('mixed.txt')],
      async check(run) {
        const pdfText = await outputText(run);
        expect(pdfText).toContain(TXT_LINES.cjk);
        // pdftotext gives right-to-left runs in logical order, but may split them at punctuation.
        for (const word of ['שלום', 'בעברית', 'مرحبا', 'عربي']) expect(pdfText).toContain(word);
        const fonts = embeddedFonts(run.outputs[0].path);
        expect(fonts.some((f) => /CJK/.test(f))).toBe(true);
        expect(fonts.some((f) => /DejaVuSansMono/.test(f))).toBe(true);
      },
    },
    {
      name: 'reads a file that is not UTF-8 as Windows Latin-1',
      inputs: [made('latin1.txt')],
      pages: [1],
      async check(run) {
        expect((await outputText(run)).trim()).toBe(LATIN1_TEXT);
      },
    },
    { name: 'refuses an empty file with UNSUPPORTED_TYPE', inputs: [made('empty.txt')], error: 'UNSUPPORTED_TYPE' },
    { name: 'refuses a JPEG renamed to .txt with UNSUPPORTED_TYPE', inputs: [made('really-a-photo.txt')], error: 'UNSUPPORTED_TYPE' },
  ],
};

export default txtToPdf;
