import { expect } from 'vitest';
import type { ToolConformance } from '../harness';
import { CJK_TEXT, made } from '../office-fixtures';
import { embeddedFonts, officeInvariant, outputText } from '../office-checks';
import { pageCount } from '../pdf-checks';
import { fixture } from '../../support/fixtures';

const office = (name: string) => fixture(`office/${name}`);

const wordToPdf: ToolConformance = {
  tool: 'word-to-pdf',
  sample: [office('pypdf_source.odt')],
  pagesOf: () => [1],
  invariant: officeInvariant,
  cases: [
    {
      name: 'converts a docx with odd and even page headers, headers and all',
      inputs: [office('pydocx_doc-odd-even-hdrs.docx')],
      names: ['pydocx_doc-odd-even-hdrs.pdf'],
      async check(run) {
        const pdfText = await outputText(run);
        expect(pdfText).toContain('Odd page header');
        expect(pdfText).toContain('First Page');
      },
    },
    {
      name: 'converts a docx with first-page headers and a table in the header',
      inputs: [office('unstructured_docx-hdrftr.docx')],
      pages: [1],
      async check(run) {
        expect(await outputText(run)).toMatch(/First header para.*Table cell1.*Main document/);
      },
    },
    { name: 'converts a docx with inline images', inputs: [office('pydocx_having-images.docx')], pages: [1] },
    { name: 'converts a docx with several tables', inputs: [office('pydocx_tbl-having-tables.docx')], pages: [1] },
    {
      name: 'converts a legacy Word 97 .doc',
      inputs: [office('unstructured_fake.doc')],
      pages: [1],
      async check(run) {
        expect(await outputText(run)).toContain('Lorem ipsum dolor sit amet');
      },
    },
    {
      name: 'converts a .doc with a table and bold and italic text',
      inputs: [office('unstructured_fake-doc-emphasized-text.doc')],
      async check(run) {
        expect(await outputText(run)).toMatch(/bold.*italic/);
      },
    },
    {
      name: 'converts an OpenDocument text with a table',
      inputs: [office('unstructured_fake.odt')],
      async check(run) {
        expect(await outputText(run)).toMatch(/Lorem ipsum dolor sit amet.*Header row/);
      },
    },
    {
      name: 'converts RTF',
      inputs: [made('sample.rtf')],
      pages: [1],
      async check(run) {
        expect(await outputText(run)).toContain('the quick brown fox jumps over the lazy dog');
      },
    },
    {
      name: 'renders Chinese, Japanese and Korean with a real CJK font',
      inputs: [made('cjk.docx')],
      async check(run) {
        expect(await outputText(run)).toContain(CJK_TEXT);
        expect(embeddedFonts(run.outputs[0].path).some((f) => /CJK/.test(f))).toBe(true);
      },
    },
    {
      name: 'lays out a long text-heavy handbook over hundreds of pages',
      inputs: [office('unstructured_handbook-872p.docx')],
      async check(run) {
        // LibreOffice paginates it to about 470 pages; Word's own count is not recorded anywhere.
        expect(pageCount(run.outputs[0].path)).toBeGreaterThan(300);
        expect(await outputText(run)).toContain('U.S. Department of Justice');
      },
    },
    { name: 'refuses a password-protected docx with OFFICE_PROTECTED', inputs: [made('protected.docx')], error: 'OFFICE_PROTECTED' },
    { name: 'refuses a password-protected .doc with OFFICE_PROTECTED', inputs: [made('protected.doc')], error: 'OFFICE_PROTECTED' },
    { name: 'refuses a password-protected odt with OFFICE_PROTECTED', inputs: [made('protected.odt')], error: 'OFFICE_PROTECTED' },
    { name: 'refuses a truncated docx with OFFICE_DAMAGED', inputs: [made('truncated.docx')], error: 'OFFICE_DAMAGED' },
    { name: 'refuses a ZIP that holds no document with OFFICE_DAMAGED', inputs: [made('not-office.docx')], error: 'OFFICE_DAMAGED' },
    { name: 'refuses a decompression bomb named .docx with ARCHIVE_TOO_LARGE', inputs: [made('bomb.docx')], error: 'ARCHIVE_TOO_LARGE' },
    { name: 'refuses random bytes named .docx with UNSUPPORTED_TYPE', inputs: [made('random.docx')], error: 'UNSUPPORTED_TYPE' },
    { name: 'refuses an empty .docx with UNSUPPORTED_TYPE', inputs: [made('empty.docx')], error: 'UNSUPPORTED_TYPE' },
    { name: 'refuses a PDF renamed to .docx with UNSUPPORTED_TYPE', inputs: [made('really-a-pdf.docx')], error: 'UNSUPPORTED_TYPE' },
  ],
};

export default wordToPdf;
