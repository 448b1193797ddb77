import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { SignatureCheck, SignatureFinding } from '#shared/signature-check';
import { fixture } from '../../support/fixtures';
import { runTool, type ToolConformance, type ToolRun } from '../harness';
import { pdfFixture } from '../pdf-checks';

const signed = pdfFixture('sheaf_signed.pdf');
const changed = pdfFixture('sheaf_signed-changed.pdf');
const ROOT = fixture('pdf/sheaf_signing-root.pem');

const ada = { field: 'Sheaf seal', signer: 'Ada Lovelace', subject: 'O=Sheaf tests,CN=Ada Lovelace', signedAt: '2026-11-29T08:00:00.000Z' };
const selfSigned = { field: 'Sheaf seal', signer: 'Sheaf Self-Signed', subject: 'O=Sheaf tests,CN=Sheaf Self-Signed', signedAt: '2026-11-29T09:30:00.000Z' };

const findings = (run: ToolRun) => (run.report as SignatureCheck).signatures;

/** The run again with the operator's trusted roots set, as a worker reads them at its boot. */
async function withRoots(roots: string, inputs: readonly string[]): Promise<SignatureFinding[]> {
  process.env.SIGNATURE_TRUST_ROOTS = roots;
  try {
    const run = await runTool('validate-signature', inputs);
    fs.rmSync(run.workDir, { recursive: true, force: true });
    return findings(run);
  } finally {
    delete process.env.SIGNATURE_TRUST_ROOTS;
  }
}

const validateSignature: ToolConformance = {
  tool: 'validate-signature',
  sample: [signed.file],
  // The report, as JSON: no pages.
  pagesOf: () => [0],
  outputExtension: 'json',
  invariant(run) {
    expect(run.report?.tool).toBe('validate-signature');
    // The downloadable report is the task's report; the file checked is never rewritten.
    expect(JSON.parse(fs.readFileSync(run.outputs[0].path, 'utf8'))).toEqual(findings(run));
  },
  cases: [
    {
      name: "lists a signature that covers the whole file as valid, its trust not checked when the operator named no roots",
      inputs: [signed.file],
      names: ['sheaf_signed-signatures.json'],
      check(run) {
        expect(findings(run)).toEqual([{ ...ada, coversWholeFile: true, validity: 'valid', trust: 'notChecked' }]);
      },
    },
    {
      name: 'says the document changed after the first signature, and trusts only the signer whose chain leads to a configured root',
      inputs: [changed.file],
      async check(run) {
        expect(findings(run)).toEqual([
          { ...ada, coversWholeFile: false, validity: 'valid', trust: 'notChecked' },
          { ...selfSigned, coversWholeFile: true, validity: 'valid', trust: 'notChecked' },
        ]);
        const byFile = await withRoots(ROOT, run.inputs);
        expect(byFile.map((s) => s.trust)).toEqual(['trusted', 'untrusted']);
        // A folder of roots holding other things beside them.
        const folder = path.join(run.workDir, 'roots');
        fs.mkdirSync(folder);
        fs.copyFileSync(ROOT, path.join(folder, 'root.pem'));
        fs.writeFileSync(path.join(folder, 'README'), 'roots we trust\n');
        expect((await withRoots(folder, run.inputs)).map((s) => s.trust)).toEqual(['trusted', 'untrusted']);
      },
    },
    {
      name: 'finds a signed file altered in place: its signature no longer valid, as pdfsig says',
      inputs: [signed.file],
      async check(run) {
        const bytes = fs.readFileSync(run.inputs[0]);
        const at = bytes.indexOf('/Title');
        const altered = path.join(run.workDir, 'altered.pdf');
        // "/Title" to "/Titla": the file still reads, the signed bytes no longer match.
        fs.writeFileSync(altered, Buffer.concat([bytes.subarray(0, at + 5), Buffer.from('a'), bytes.subarray(at + 6)]));
        expect(spawnSync('pdfsig', ['-nocert', altered], { encoding: 'utf8' }).stdout).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
        const again = await runTool('validate-signature', [altered]);
        fs.rmSync(again.workDir, { recursive: true, force: true });
        expect(findings(again)).toEqual([{ ...ada, coversWholeFile: true, validity: 'invalid', trust: 'notChecked' }]);
      },
    },
    {
      name: 'reports no signature for an unsigned file',
      inputs: [pdfFixture('pdf20_Simple-PDF-2.0-file.pdf').file],
      check(run) {
        expect(findings(run)).toEqual([]);
      },
    },
  ],
};

export default validateSignature;
