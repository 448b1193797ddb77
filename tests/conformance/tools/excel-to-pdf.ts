import { expect } from 'vitest';
import type { ToolConformance } from '../harness';
import { made } from '../office-fixtures';
import { officeInvariant, outputText } from '../office-checks';
import { fixture } from '../../support/fixtures';

const office = (name: string) => fixture(`office/${name}`);

const excelToPdf: ToolConformance = {
  tool: 'excel-to-pdf',
  sample: [office('unstructured_stanley-cups.xlsx')],
  // One page per sheet: its two sheets are small tables.
  pagesOf: () => [2],
  invariant: officeInvariant,
  cases: [
    {
      name: 'prints every sheet of a workbook',
      inputs: [office('unstructured_stanley-cups.xlsx')],
      pages: [2],
      names: ['unstructured_stanley-cups.pdf'],
      async check(run) {
        expect(await outputText(run)).toMatch(/Team.*Maple Leafs.*Stanley Cups/);
      },
    },
    {
      name: 'converts financial tables with merged cells over several sheets',
      inputs: [office('unstructured_2023-half-year-analyses-by-segment.xlsx')],
      async check(run) {
        expect(await outputText(run)).toContain('Analyses by segment');
      },
    },
    {
      name: 'converts a legacy Excel 97 .xls with several sheets',
      inputs: [office('unstructured_tests-example.xls')],
      async check(run) {
        expect(await outputText(run)).toContain('What is 2+2?');
      },
    },
    {
      name: 'converts an OpenDocument spreadsheet',
      inputs: [made('sample.ods')],
      pages: [1],
      async check(run) {
        expect(await outputText(run)).toMatch(/Team.*Cups/);
      },
    },
    {
      name: 'reads a UTF-8 CSV with quoted commas into columns',
      inputs: [made('teams.csv')],
      pages: [1],
      async check(run) {
        const pdfText = await outputText(run);
        expect(pdfText).toContain('Canadiens, Les');
        expect(pdfText).toContain('Montréal');
      },
    },
    {
      name: 'reads a semicolon-separated Latin-1 CSV',
      inputs: [made('ventes.csv')],
      pages: [1],
      async check(run) {
        const pdfText = await outputText(run);
        expect(pdfText).toContain('Île-de-France');
        expect(pdfText).toContain('Région');
        expect(pdfText).not.toContain(';');
      },
    },
    { name: 'refuses a password-protected xlsx with OFFICE_PROTECTED', inputs: [made('protected.xlsx')], error: 'OFFICE_PROTECTED' },
    { name: 'refuses a password-protected .xls with OFFICE_PROTECTED', inputs: [made('protected.xls')], error: 'OFFICE_PROTECTED' },
    { name: 'refuses a password-protected ods with OFFICE_PROTECTED', inputs: [made('protected.ods')], error: 'OFFICE_PROTECTED' },
    { name: 'refuses a ZIP that holds no spreadsheet with OFFICE_DAMAGED', inputs: [made('not-office.xlsx')], error: 'OFFICE_DAMAGED' },
    { name: 'refuses a file of another kind (a PDF) with UNSUPPORTED_TYPE', inputs: [made('really-a-pdf.docx')], error: 'UNSUPPORTED_TYPE' },
  ],
};

export default excelToPdf;
