import { expect } from 'vitest';
import type { ToolCase } from '../harness';
import { formFieldCount, pdfFixture, text } from '../pdf-checks';
import { choiceForm, edits, formValues, op } from './checks';

const libreOfficeForm = pdfFixture('pypdf_libreoffice-form.pdf').file;
/** The French tax form "160": its field F.1 is a 13-box comb. */
const combForm = pdfFixture('pdfjs_160F-2019.pdf').file;
const field = (name: string, value: unknown) => op('field', { name, value });
const choices = [field('size', 'M'), field('country', 'Japan'), field('languages', ['Arabic', 'Korean']), field('code', 'AB1234')];

/** AcroForm radio groups, dropdowns, list boxes and comb fields. */
export const formCases: readonly ToolCase[] = [
  {
    name: 'fills a radio group, a dropdown, a multi-select list box and a comb field that read back from the form',
    inputs: [choiceForm],
    options: edits(...choices),
    async check(run) {
      expect(await formValues(run.outputs[0].path)).toEqual({ size: 'M', country: ['Japan'], languages: ['Arabic', 'Korean'], code: 'AB1234' });
    },
  },
  {
    name: 'flattens filled choices and a comb field into the page: the values are text and no field is left',
    inputs: [choiceForm],
    options: { ...edits(...choices), flatten: 'true' },
    async check(run) {
      const out = run.outputs[0].path;
      expect(formFieldCount(out)).toBe(0);
      const page = await text(out, 1, 1);
      expect(page).toContain('Japan');
      // A comb field spreads its characters over its boxes.
      expect(page.replace(/\s+/g, '')).toContain('AB1234');
    },
  },
  {
    name: 'fills a real form\'s radio group and dropdown (LibreOffice)',
    inputs: [libreOfficeForm],
    options: edits(field('female', '2'), field('Nationality', 'French')),
    async check(run) {
      const values = await formValues(run.outputs[0].path);
      expect(values.female).toBe('2');
      expect(values.Nationality).toEqual(['French']);
    },
  },
  {
    name: 'fills a real form\'s comb field, and flattened its digits are in the page',
    inputs: [combForm],
    options: { ...edits(field('F.1', '1234567890123')), flatten: 'true' },
    async check(run) {
      const out = run.outputs[0].path;
      expect(formFieldCount(out)).toBe(0);
      expect((await text(out, 1, 1)).replace(/\s+/g, '')).toContain('1234567890123');
    },
  },
  { name: 'refuses a radio option the group does not have', inputs: [choiceForm], options: edits(field('size', 'XL')), error: 'ILLEGAL_INPUT' },
  { name: 'refuses a comb value longer than its boxes', inputs: [choiceForm], options: edits(field('code', 'ABCDEFG')), error: 'ILLEGAL_INPUT' },
];
