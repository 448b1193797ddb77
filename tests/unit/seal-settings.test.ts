import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '#shared/env';
import { BASE_ENV, envRefusal } from '../support/env-refusal';
import { fixture } from '../support/fixtures';
import { makeSealCertificate } from '../support/seal-certificate';

describe('the sealing certificate at boot', () => {
  let dir: string;
  let p12: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-seal-env-'));
    p12 = makeSealCertificate(dir, 'right');
    // A 2048-bit RSA key in JavaScript: 3 s alone, over 10 s on a busy machine.
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  afterEach(() => vi.restoreAllMocks());

  it('opens the certificate with its password, and offers no seal without one', () => {
    expect(loadEnv({ ...BASE_ENV, SIGN_CERT_P12: p12, SIGN_CERT_PASSWORD: 'right' }).sealCertificate?.subject).toBe(
      'CN=Sheaf test seal, O=Sheaf tests',
    );
    expect(loadEnv(BASE_ENV).sealCertificate).toBeNull();
  });

  it('stops on a wrong password, an unreadable file or a file that is no certificate, naming SIGN_CERT_P12', () => {
    expect(envRefusal({ ...BASE_ENV, SIGN_CERT_P12: p12, SIGN_CERT_PASSWORD: 'wrong' })).toContain(
      'SIGN_CERT_P12: ' + p12 + ' is not a PKCS#12 file, or SIGN_CERT_PASSWORD does not open it',
    );
    expect(envRefusal({ ...BASE_ENV, SIGN_CERT_P12: path.join(dir, 'missing.p12'), SIGN_CERT_PASSWORD: 'right' })).toMatch(
      /SIGN_CERT_P12: cannot read .*missing\.p12 \(ENOENT\)/,
    );
    const notP12 = path.join(dir, 'note.txt');
    fs.writeFileSync(notP12, 'not a certificate');
    expect(envRefusal({ ...BASE_ENV, SIGN_CERT_P12: notP12 })).toContain('is not a PKCS#12 file');
  });

  it('stops on a password without the certificate it would open', () => {
    expect(envRefusal({ ...BASE_ENV, SIGN_CERT_PASSWORD: 'right' })).toContain('SIGN_CERT_PASSWORD: set without SIGN_CERT_P12');
  });
});

describe('the trusted roots of Check signatures at boot', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-roots-env-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  afterEach(() => vi.restoreAllMocks());

  it('starts with a root file or a folder holding one, and stops on a missing path or a folder of no certificate', () => {
    const root = fixture('pdf/sheaf_signing-root.pem');
    expect(loadEnv({ ...BASE_ENV, SIGNATURE_TRUST_ROOTS: root }).SIGNATURE_TRUST_ROOTS).toBe(root);
    fs.writeFileSync(path.join(dir, 'README'), 'roots we trust\n');
    expect(envRefusal({ ...BASE_ENV, SIGNATURE_TRUST_ROOTS: dir })).toContain(`SIGNATURE_TRUST_ROOTS: ${dir} holds no certificate (PEM or DER)`);
    fs.copyFileSync(root, path.join(dir, 'root.pem'));
    expect(loadEnv({ ...BASE_ENV, SIGNATURE_TRUST_ROOTS: dir }).SIGNATURE_TRUST_ROOTS).toBe(dir);
    expect(envRefusal({ ...BASE_ENV, SIGNATURE_TRUST_ROOTS: path.join(dir, 'missing') })).toMatch(/SIGNATURE_TRUST_ROOTS: cannot read .*missing \(ENOENT\)/);
  });
});
