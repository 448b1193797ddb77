import { expect } from 'vitest';
import type { ToolCase } from '../harness';
import { pdfFixture, text } from '../pdf-checks';
import { annotations, blankPage, edits, meanGrey, op, pageFonts, plainText, textFieldValue, wordsLeftToRight } from './checks';

/** One line in each script, and the face that must set it. */
const SCRIPTS = [
  { script: 'Cyrillic and Greek', line: 'Привет мир Ωμέγα', face: /^NotoSans-Regular/ },
  { script: 'Arabic', line: 'مرحبا بالعالم', face: /^NotoSansArabic-Regular/ },
  { script: 'Hebrew', line: 'שלום עולם', face: /^NotoSansHebrew-Regular/ },
  { script: 'Chinese', line: '你好世界', face: /^NotoSansCJKsc-Regular/ },
  { script: 'Japanese', line: 'こんにちは世界', face: /^NotoSansCJKjp-Regular/ },
  { script: 'Korean', line: '안녕하세요 세계', face: /^NotoSansCJKkr-Regular/ },
] as const;

const textBox = (t: string, rect: number[]) => op('text', { text: t, font: 'sans', size: 18, color: '#000000', bold: false, italic: false, align: 'left' }, 1, rect);
const form = pdfFixture('pypdf_libreoffice-form.pdf').file;

/** Text boxes, free text, notes and field values in scripts beyond Latin. */
export const scriptCases: readonly ToolCase[] = [
  ...SCRIPTS.map(({ script, line, face }) => ({
    name: `writes a ${script} text box that reads back as the same text, in an embedded face that has its glyphs`,
    inputs: [blankPage],
    options: edits(textBox(line, [0.1, 0.1, 0.8, 0.05])),
    async check(run: { outputs: { path: string }[] }) {
      const out = run.outputs[0].path;
      expect(plainText(await text(out, 1, 1))).toBe(line);
      expect(pageFonts(out, 1).map((f) => f.name)).toEqual([expect.stringMatching(face)]);
      expect(await meanGrey(out, 1, [0.1, 0.1, 0.3, 0.04])).toBeLessThan(245);
      expect(await meanGrey(out, 1, [0.1, 0.2, 0.8, 0.7])).toBe(255);
    },
  })),
  {
    name: 'sets a line mixing Latin and Arabic with a face per run, the Arabic words in right-to-left order between the Latin ones',
    inputs: [blankPage],
    options: edits(textBox('Hello مرحبا بالعالم world', [0.1, 0.1, 0.8, 0.05])),
    async check(run) {
      const out = run.outputs[0].path;
      // Read from the right, the first Arabic word (مرحبا) comes first.
      expect(wordsLeftToRight(out, 1)).toEqual(['Hello', 'بالعالم', 'مرحبا', 'world']);
      expect(pageFonts(out, 1).map((f) => f.name.replace(/-\d+$/, '')).sort()).toEqual(['NotoSans-Regular', 'NotoSansArabic-Regular']);
    },
  },
  {
    name: 'writes free text and a note in Hebrew and Chinese, with an appearance that reads back when flattened',
    inputs: [blankPage],
    options: {
      ...edits(op('freeText', { text: 'שלום 你好', size: 14, color: '#000000' }, 1, [0.1, 0.1, 0.6, 0.05]), op('note', { text: 'Привет مرحبا', color: '#ffcc00' }, 1, [0.8, 0.1, 0.03, 0.03])),
      flatten: 'true',
    },
    async check(run) {
      const out = run.outputs[0].path;
      expect(plainText(await text(out, 1, 1)).split(/\s+/).sort()).toEqual(['你好', 'שלום'].sort());
    },
  },
  {
    name: 'keeps a note\'s comment in any script',
    inputs: [blankPage],
    options: edits(op('note', { text: 'Привет مرحبا 你好', color: '#ffcc00' }, 1, [0.8, 0.1, 0.03, 0.03])),
    async check(run) {
      expect((await annotations(run.outputs[0].path, 1)).map((a) => a.contents)).toEqual(['Привет مرحبا 你好']);
    },
  },
  {
    name: 'fills text fields in Arabic and Japanese, shown in a face that has them once flattened',
    inputs: [form],
    options: { ...edits(op('field', { name: 'First Name', value: 'مرحبا' }), op('field', { name: 'Last Name', value: 'こんにちは' })), flatten: 'true' },
    async check(run) {
      const page = plainText(await text(run.outputs[0].path, 1, 1));
      expect(page).toContain('مرحبا');
      expect(page).toContain('こんにちは');
    },
  },
  {
    name: 'fills a text field in Hebrew that reads back from the form',
    inputs: [form],
    options: edits(op('field', { name: 'First Name', value: 'שלום' })),
    async check(run) {
      expect(await textFieldValue(run.outputs[0].path, 'First Name')).toBe('שלום');
    },
  },
];

/** Typed signatures and stamps in scripts beyond Latin. */
export const scriptSignatureCases: readonly ToolCase[] = [
  {
    name: 'types signatures and initials in Arabic, Hebrew, Greek and Chinese that read back as text',
    inputs: [blankPage],
    options: edits(
      op('signature', { kind: 'type', text: 'محمد علي' }, 1, [0.1, 0.1, 0.6, 0.08]),
      op('signature', { kind: 'type', text: 'דוד לוי' }, 1, [0.1, 0.3, 0.6, 0.08]),
      op('signature', { kind: 'type', text: 'Σωκράτης' }, 1, [0.1, 0.5, 0.6, 0.08]),
      op('stamp', { stamp: 'initials', text: '李明' }, 1, [0.1, 0.7, 0.3, 0.08]),
    ),
    async check(run) {
      const out = run.outputs[0].path;
      const lines = plainText(await text(out, 1, 1)).split('\n').map((l) => plainText(l)).filter(Boolean);
      expect(lines).toEqual(['محمد علي', 'דוד לוי', 'Σωκράτης', '李明']);
      for (const y of [0.1, 0.3, 0.5, 0.7]) expect(await meanGrey(out, 1, [0.1, y, 0.3, 0.08])).toBeLessThan(240);
    },
  },
];
