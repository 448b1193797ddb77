import path from 'node:path';
import { expect } from 'vitest';
import type { ToolCase, ToolConformance } from '../harness';
import { damagedEncrypted } from '../made-fixtures';
import {
  OWNER_ONLY,
  PASSWORD_PROTECTED,
  PDF_FIXTURES,
  encryptionOf,
  isEncrypted,
  pageTexts,
  pdfFixture,
  pdfjsPageCount,
  qpdfDecrypted,
  type PdfFixture,
} from '../pdf-checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');
const userView = pdfFixture('qpdf_enc-R3-V2_U-view_O-master.pdf');

/**
 * The passwords MANIFEST.tsv gives in an encrypted fixture's notes: "user pw: view ; owner pw:
 * master", or a single "password: test" that opens it. Files with an EMPTY user password have none.
 */
function manifestPasswords(f: PdfFixture): { user?: string; owner?: string } {
  const find = (label: RegExp) => label.exec(f.notes)?.[1];
  return { user: find(/\buser pw: ([^\s;]+)/) ?? find(/\bpassword: ([^\s;]+)/), owner: find(/\bowner pw: ([^\s;]+)/) };
}

const ENCRYPTED = PDF_FIXTURES.filter((f) => f.notes.startsWith('ENCRYPTED'));

/**
 * Unlocking with `password` gives an open file with every page of the manifest and exactly the
 * text qpdf itself finds with that password, which pdf.js opens without one.
 */
function unlocks(f: PdfFixture, password: string, which: string): ToolCase {
  return {
    name: `unlocks ${f.name} with ${which}${password ? ` "${password}"` : ''}`,
    inputs: [f.file],
    options: password ? { password } : {},
    pages: [f.pages],
    names: [`${path.basename(f.name, '.pdf')}-unlocked.pdf`],
    notice: null,
    async check({ inputs, outputs, workDir }) {
      const reference = qpdfDecrypted(inputs[0], password, path.join(workDir, 'reference.pdf'));
      expect(await pageTexts(outputs[0].path)).toEqual(await pageTexts(reference));
      await expect(pdfjsPageCount(outputs[0].path)).resolves.toBe(f.pages);
    },
  };
}

const unlockCases = ENCRYPTED.flatMap((f): ToolCase[] => {
  const { user, owner } = manifestPasswords(f);
  if (!user && !OWNER_ONLY.includes(f)) throw new Error(`MANIFEST.tsv gives no password for ${f.name}`);
  return [
    ...(user ? [unlocks(f, user, 'its user password')] : [unlocks(f, '', 'no password, as its user password is empty')]),
    ...(owner ? [unlocks(f, owner, 'its owner password')] : []),
  ];
});

const unlockPdf: ToolConformance = {
  tool: 'unlock-pdf',
  sample: [userView.file],
  options: { password: 'view' },
  pagesOf: ([pages]) => [pages],
  opensPasswordProtected: true,
  invariant({ outputs }) {
    for (const out of outputs) expect(isEncrypted(out.path)).toBe(false);
  },
  cases: [
    ...unlockCases,
    ...PASSWORD_PROTECTED.map(
      (f): ToolCase => ({ name: `asks for the password of ${f.name} with PASSWORD_EMPTY`, inputs: [f.file], error: 'PASSWORD_EMPTY' }),
    ),
    ...PASSWORD_PROTECTED.map(
      (f): ToolCase => ({
        name: `refuses a wrong password for ${f.name} with WRONG_PASSWORD`,
        inputs: [f.file],
        options: { password: `${manifestPasswords(f).user}-wrong` },
        error: 'WRONG_PASSWORD',
      }),
    ),
    {
      name: 'refuses the ASCII look-alike of a non-ASCII password',
      inputs: [pdfFixture('pdfjs_issue21579_aes256-unicode-pw.pdf').file],
      options: { password: 'passwort' },
      error: 'WRONG_PASSWORD',
    },
    {
      name: 'refuses a password typed in the wrong case',
      inputs: [userView.file],
      options: { password: 'VIEW' },
      error: 'WRONG_PASSWORD',
    },
    {
      name: 'lifts the restrictions of an owner-only file whatever password comes with it',
      inputs: [pdfFixture('qpdf_enc-XI-R6-V5_O-master_owner-only.pdf').file],
      options: { password: 'not-the-owner-password' },
      pages: [30],
      check({ outputs }) {
        expect(encryptionOf(outputs[0].path).restrictions).toEqual([]);
      },
    },
    {
      name: 'unlocks a damaged encrypted file, rebuilding it on the way',
      inputs: [damagedEncrypted],
      options: { password: 'view' },
      pages: [30],
      async check({ outputs, workDir }) {
        const reference = qpdfDecrypted(userView.file, 'view', path.join(workDir, 'reference.pdf'));
        expect(await pageTexts(outputs[0].path)).toEqual(await pageTexts(reference));
      },
    },
    { name: 'asks for the password of a damaged encrypted file', inputs: [damagedEncrypted], error: 'PASSWORD_EMPTY' },
    {
      name: 'hands back a file that was not encrypted, with a notice saying so',
      inputs: [tracemonkey.file],
      options: { password: 'anything' },
      pages: [14],
      notice: 'NOT_ENCRYPTED',
      async check({ inputs, outputs }) {
        expect(await pageTexts(outputs[0].path)).toEqual(await pageTexts(inputs[0]));
      },
    },
    {
      name: 'repairs a damaged file that was not encrypted, with the notice',
      inputs: [pdfFixture('pdfjs_poppler-90-0-fuzzed.pdf').file],
      pages: [16],
      notice: 'NOT_ENCRYPTED',
    },
  ],
};

export default unlockPdf;
