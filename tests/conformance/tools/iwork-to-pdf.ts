import { expect } from 'vitest';
import type { ToolConformance } from '../harness';
import { made } from '../office-fixtures';
import { officeInvariant, outputText } from '../office-checks';
import { pageCount, renderDifference } from '../pdf-checks';
import { fixture } from '../../support/fixtures';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const iwork = (name: string) => fixture(`iwork/${name}`);

/** The preview PDF an iWork '09 package stores, written beside the run's outputs. */
function storedPreview(pkg: string, workDir: string): string {
  const target = path.join(workDir, 'stored-preview.pdf');
  fs.writeFileSync(target, execFileSync('python3', ['-c', 'import sys,zipfile;sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read("QuickLook/Preview.pdf"))', pkg]));
  return target;
}

const iworkToPdf: ToolConformance = {
  tool: 'iwork-to-pdf',
  sample: [iwork('libetonyek_keynote5-file.key')],
  pagesOf: () => [2],
  invariant: officeInvariant,
  cases: [
    {
      name: "converts a Keynote '09 deck, one page per slide",
      inputs: [iwork('libetonyek_keynote5-file.key')],
      pages: [2],
      names: ['libetonyek_keynote5-file.pdf'],
      notice: null,
      async check(run) {
        expect(await outputText(run)).toContain('Title slide');
      },
    },
    {
      name: 'converts a Pages 5 document with its accented text',
      inputs: [iwork('libetonyek_pages5-file.pages')],
      notice: null,
      async check(run) {
        expect(await outputText(run)).toContain('Mé vznášedlo je plné úhořů.');
      },
    },
    {
      name: 'converts a Numbers 3 spreadsheet',
      inputs: [iwork('libetonyek_numbers3-file.numbers')],
      notice: null,
      async check(run) {
        expect(await outputText(run)).toContain('Table 1');
      },
    },
    {
      name: "falls back to the full preview PDF stored in a Pages '09 document",
      inputs: [iwork('libetonyek_pages4-file.pages')],
      notice: 'IWORK_PREVIEW',
      async check(run) {
        const stored = storedPreview(run.inputs[0], run.workDir);
        expect(pageCount(run.outputs[0].path)).toBe(pageCount(stored));
        expect(await renderDifference(run.outputs[0].path, stored, 1, run.workDir)).toBeLessThan(2);
      },
    },
    { name: 'falls back to the preview image of a Keynote 6 deck', inputs: [iwork('libetonyek_keynote6-file.key')], pages: [1], notice: 'IWORK_PREVIEW' },
    { name: "falls back to the thumbnail of a Numbers '09 spreadsheet", inputs: [iwork('libetonyek_numbers2-file.numbers')], pages: [1], notice: 'IWORK_PREVIEW' },
    {
      name: 'converts a package bundle that was zipped as a folder',
      inputs: [made('Deck.key.zip')],
      pages: [2],
      names: ['Deck.key.pdf'],
      notice: null,
      async check(run) {
        expect(await outputText(run)).toContain('Title slide');
      },
    },
    { name: 'refuses a password-protected package with OFFICE_PROTECTED', inputs: [made('protected.pages')], error: 'OFFICE_PROTECTED' },
    { name: 'refuses a truncated package with OFFICE_DAMAGED', inputs: [made('truncated.pages')], error: 'OFFICE_DAMAGED' },
    { name: 'refuses a PDF renamed to .pages with UNSUPPORTED_TYPE', inputs: [made('really-a-pdf.pages')], error: 'UNSUPPORTED_TYPE' },
  ],
};

export default iworkToPdf;
