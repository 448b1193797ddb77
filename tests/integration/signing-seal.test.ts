import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSealCertificate } from '#shared/seal-certificate';
import { visitor } from '../support/api-client';
import { fixture, pdfText, qpdfPages } from '../support/fixtures';
import { makeSealCertificate } from '../support/seal-certificate';
import { startStack, type Stack } from '../support/stack';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const typed = { type: 'signature', page: 1, rect: [0.55, 0.85, 0.3, 0.06], kind: 'type', text: 'Ada Lovelace', color: '#1a237e' };
const operations = JSON.stringify({ version: 1, operations: [typed] });
const SOURCE = fixture('pdf/pdfjs_tracemonkey.pdf');

/** pdfsig's report; it exits non-zero for a file without signatures, which is an answer too. */
const pdfsig = (file: string) => {
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
};

describe('signing: the seal and the audit row', () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-seal-'));
    const p12 = makeSealCertificate(tmp, 'seal-pass');
    stack = await startStack({ SIGN_CERT_P12: p12, SIGN_CERT_PASSWORD: 'seal-pass', sealCertificate: readSealCertificate(p12, 'seal-pass') });
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('seals the signed PDF with a signature pdfsig validates, appended to the unsealed bytes, and audits it', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(SOURCE, 'sign-pdf');
    const start = await v.transfer({ toolType: 'sign-pdf', token, operations, flatten: true, seal: true });
    expect(start.status).toBe(200);
    const done = await v.waitForTask(start.body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done' } });
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'sealed.pdf'));

    const report = pdfsig(out.path);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Sheaf test seal');

    // The seal is an incremental update: cut at the end of the revision before it, the file is the
    // signed PDF as it was, complete and unsealed, with the same pages and text.
    const sealed = fs.readFileSync(out.path);
    const lastEof = sealed.lastIndexOf('%%EOF');
    const unsealedEnd = sealed.lastIndexOf('%%EOF', lastEof - 1) + '%%EOF'.length;
    const unsealed = path.join(tmp, 'unsealed.pdf');
    fs.writeFileSync(unsealed, sealed.subarray(0, unsealedEnd));
    expect(execFileSync('qpdf', ['--check', unsealed], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors');
    expect(pdfsig(unsealed)).toContain('does not contain any signatures');
    expect(qpdfPages(unsealed)).toBe(qpdfPages(out.path));
    expect(pdfText(out.path)).toContain('Ada Lovelace');
    expect(pdfText(unsealed)).toBe(pdfText(out.path));

    const audit = await stack.deps.db.signingAudit.findUniqueOrThrow({ where: { taskId: start.body.id } });
    expect(audit).toMatchObject({
      userId: null,
      inputSha256: sha256(fs.readFileSync(SOURCE)),
      outputSha256: sha256(sealed),
      operationsSha256: sha256(operations),
      sealed: true,
    });
    expect(audit.visitorId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(audit.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(audit.completedAt).toBeInstanceOf(Date);
  });

  it('audits an unsealed signing too, with the hash of operations an API client sent as an object', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(SOURCE, 'sign-pdf');
    const document = { version: 1, operations: [typed] };
    const start = await v.transfer({ toolType: 'sign-pdf', token, operations: document });
    const done = await v.waitForTask(start.body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done' } });
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'signed.pdf'));
    expect(pdfsig(out.path)).toContain('does not contain any signatures');
    const audit = await stack.deps.db.signingAudit.findUniqueOrThrow({ where: { taskId: start.body.id } });
    expect(audit).toMatchObject({ sealed: false, operationsSha256: sha256(JSON.stringify(document)), outputSha256: sha256(fs.readFileSync(out.path)) });
  });

  it('writes no audit row for the other editor tools', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(SOURCE, 'edit-pdf');
    const start = await v.transfer({ toolType: 'edit-pdf', token, operations });
    expect((await v.waitForTask(start.body.id)).code).toBe(1000);
    expect(await stack.deps.db.signingAudit.count({ where: { taskId: start.body.id } })).toBe(0);
  });
});

describe('sealing without a certificate', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ SIGN_CERT_P12: undefined, SIGN_CERT_PASSWORD: undefined, sealCertificate: null }, { worker: false });
  });
  afterAll(() => stack.stop());

  it('answers ILLEGAL_INPUT naming seal, and makes no task', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(SOURCE, 'sign-pdf');
    const before = await stack.deps.db.task.count();
    const res = await v.transfer({ toolType: 'sign-pdf', token, operations, seal: true });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'ILLEGAL_INPUT', message: 'seal is not available: this server has no signing certificate' });
    expect(await stack.deps.db.task.count()).toBe(before);
  });

  it('audits a signing queued without its row (accepted across an upgrade) with the operations as stored', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(SOURCE, 'sign-pdf');
    const start = await v.transfer({ toolType: 'sign-pdf', token, operations });
    await stack.deps.db.signingAudit.delete({ where: { taskId: start.body.id } });
    await stack.startWorker();
    expect(await v.waitForTask(start.body.id)).toMatchObject({ code: 1000 });
    const task = await stack.deps.db.task.findUniqueOrThrow({ where: { id: start.body.id } });
    const audit = await stack.deps.db.signingAudit.findUniqueOrThrow({ where: { taskId: start.body.id } });
    expect(audit).toMatchObject({ sealed: false, inputSha256: sha256(fs.readFileSync(SOURCE)), operationsSha256: sha256(JSON.stringify((task.options as { operations: unknown }).operations)) });
  });
});
