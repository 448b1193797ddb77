import { expect } from 'vitest';
import { withRun, type ToolCase, type ToolConformance, type ToolRun } from '../harness';
import {
  encryptionOf,
  formFieldsPerPage,
  opensWithoutPassword,
  pageCount,
  pageTexts,
  pdfFixture,
  pdfjsPageCount,
  popplerOpens,
} from '../pdf-checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');
const geoTopo = pdfFixture('pypdf_GeoTopo-komprimiert.pdf');

const AES128 = { V: 4, R: 4, bits: 128, method: 'AESv2' };
const AES256 = { V: 5, R: 6, bits: 256, method: 'AESv3' };

const passwordOf = (run: ToolRun) => String(run.options.userpassword);

/** The file needs a password, and opens with this one in qpdf, poppler and pdf.js, never without. */
async function opensOnlyWith(file: string, password: string, pages: number) {
  expect(opensWithoutPassword(file)).toBe(false);
  expect(pageCount(file, password)).toBe(pages);
  expect(popplerOpens(file, password)).toBe(true);
  expect(popplerOpens(file)).toBe(false);
  await expect(pdfjsPageCount(file, password)).resolves.toBe(pages);
  await expect(pdfjsPageCount(file)).rejects.toMatchObject({ name: 'PasswordException', code: 1 });
  await expect(pdfjsPageCount(file, `${password}x`)).rejects.toMatchObject({ name: 'PasswordException', code: 2 });
}

function protects(name: string, password: string, encryption: 'aes128' | 'aes256' | undefined, expected: typeof AES128): ToolCase {
  const upgraded = encryption !== 'aes256' && expected === AES256;
  return {
    name,
    // The user is told when their choice was overruled, and only then.
    notice: upgraded ? 'AES256_FOR_PASSWORD' : null,
    inputs: [tracemonkey.file],
    options: { userpassword: password, ...(encryption ? { encryption } : {}) },
    pages: [tracemonkey.pages],
    async check({ outputs }) {
      expect(encryptionOf(outputs[0].path, password)).toMatchObject({ ...expected, encrypted: true, userPasswordMatched: true });
      await opensOnlyWith(outputs[0].path, password, tracemonkey.pages);
    },
  };
}

/** Protect, then unlock with the same password: every page's text comes back as it was. */
const roundTrip = (encryption: 'aes128' | 'aes256'): ToolCase => ({
  name: `round trip with ${encryption}: unlocking gives back the text of every page of a 117-page book`,
  inputs: [geoTopo.file],
  options: { userpassword: 'round-trip', encryption },
  pages: [geoTopo.pages],
  async check({ inputs, outputs }) {
    const before = await pageTexts(inputs[0]);
    await withRun('unlock-pdf', [outputs[0].path], { password: 'round-trip' }, async (unlocked) => {
      expect(await pageTexts(unlocked.outputs[0].path)).toEqual(before);
    });
  },
});

const protectPdf: ToolConformance = {
  tool: 'protect-pdf',
  sample: [pdfFixture('ocrmypdf_tagged.pdf').file],
  options: { userpassword: 'sheaf-secret' },
  pagesOf: ([pages]) => [pages],
  outputPassword: (options) => String(options.userpassword),
  invariant(run) {
    for (const out of run.outputs) {
      expect(opensWithoutPassword(out.path)).toBe(false);
      // The user's password opens it with every permission: only the random owner password is unknown.
      expect(encryptionOf(out.path, passwordOf(run))).toMatchObject({ encrypted: true, userPasswordMatched: true, restrictions: [] });
    }
  },
  cases: [
    { ...protects('encrypts with AES-128 (V4, R4, AESV2) by default', 'sheaf-secret', undefined, AES128), names: ['pdfjs_tracemonkey-protected.pdf'] },
    protects('encrypts with AES-128 when asked', 'sheaf-secret', 'aes128', AES128),
    protects('encrypts with AES-256 (V5, R6) when asked', 'sheaf-secret', 'aes256', AES256),
    protects('takes the shortest password, two characters', 'ab', undefined, AES128),
    protects('takes the longest password, twenty characters', '12345678901234567890', 'aes256', AES256),
    // Each of these was read as a qpdf option or argument file when passwords went through its command line.
    protects('takes a password that starts with "-"', '-x', undefined, AES128),
    protects('takes the password "--"', '--', 'aes256', AES256),
    protects('takes a password that starts with "@"', '@etc/passwd', undefined, AES128),
    protects('takes a password with spaces at both ends', ' pass word ', undefined, AES128),
    protects('takes a password with quotes and a backslash', `"it's\\"`, 'aes256', AES256),
    // AES-128 readers turn these into different bytes; AES-256 makes them UTF-8 for all.
    protects('moves a German password to AES-256, as AES-128 readers disagree on its bytes', 'pässwört', undefined, AES256),
    protects('moves a Polish password to AES-256', 'żółw-123', undefined, AES256),
    protects('moves a Chinese password to AES-256', '密码密码', 'aes128', AES256),
    protects('moves a password with "€" to AES-256', 'ab€', undefined, AES256),
    protects('takes a Chinese password in AES-256', '密码密码', 'aes256', AES256),
    roundTrip('aes128'),
    roundTrip('aes256'),
    {
      name: 'keeps the form fields and their values',
      inputs: [pdfFixture('pdfjs_160F-2019.pdf').file],
      options: { userpassword: 'formular' },
      pages: [1],
      check({ inputs, outputs }) {
        expect(formFieldsPerPage(outputs[0].path, 'formular')).toEqual(formFieldsPerPage(inputs[0]));
      },
    },
    {
      name: 'protects a damaged file once repaired',
      inputs: [pdfFixture('pdfjs_poppler-90-0-fuzzed.pdf').file],
      options: { userpassword: 'fuzzed' },
      pages: [16],
    },
  ],
};

export default protectPdf;
