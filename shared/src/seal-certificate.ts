import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type forge from 'node-forge';

/** The operator's sealing certificate (SIGN_CERT_P12), checked once: the key opens and matches a certificate. */
export interface SealCertificate {
  p12: Buffer;
  password: string;
  /** The certificate's subject, for the boot log. */
  subject: string;
}

/** Reads and opens a PKCS#12 file; throws an Error whose message says what is wrong, for the boot message. */
export function readSealCertificate(file: string, password: string): SealCertificate {
  let p12: Buffer;
  try {
    p12 = readFileSync(file);
  } catch (e) {
    throw new Error(`cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  // Loaded only when a certificate is configured, not by every process that reads the settings.
  const forge = createRequire(import.meta.url)('node-forge') as typeof import('node-forge');
  let bags: forge.pkcs12.Pkcs12Pfx;
  try {
    bags = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, password);
  } catch {
    throw new Error(`${file} is not a PKCS#12 file, or SIGN_CERT_PASSWORD does not open it`);
  }
  const key = bags.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  const certs = (bags.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).flatMap((b) => (b.cert ? [b.cert] : []));
  // The signer (@signpdf/signer-p12) needs an RSA key and the certificate of that key in the same file.
  const cert = key && certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.compareTo(key.n) === 0 && pub.e?.compareTo(key.e) === 0;
  });
  if (!key) throw new Error(`${file} holds no RSA private key`);
  if (!cert) throw new Error(`${file} holds no certificate for its private key`);
  return { p12, password, subject: cert.subject.attributes.map((a) => `${a.shortName ?? a.name}=${String(a.value)}`).join(', ') };
}
