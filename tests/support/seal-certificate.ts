import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

/**
 * A self-signed sealing certificate made for the test (nothing secret is committed): an RSA key and
 * its certificate in a PKCS#12 file at `dir/seal.p12`, opened by `password`.
 */
export function makeSealCertificate(dir: string, password: string): string {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const name = [{ name: 'commonName', value: 'Sheaf test seal' }, { name: 'organizationName', value: 'Sheaf tests' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], password, { algorithm: '3des' });
  const file = path.join(dir, 'seal.p12');
  fs.writeFileSync(file, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'));
  return file;
}
