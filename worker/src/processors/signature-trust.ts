import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import type { SignatureTrust } from '#shared/signature-check';

/** Certificates an intermediate chain may hold before we stop following it. */
const MAX_CHAIN = 8;

/** The DER value alone: a PDF keeps its signature in a field of fixed size, padded with zeros. */
function withoutPadding(der: Buffer): Buffer {
  const first = der[1] ?? 0;
  if (first < 0x80) return der.subarray(0, 2 + first);
  const lengthBytes = first & 0x7f;
  const length = der.subarray(2, 2 + lengthBytes).reduce((n, byte) => n * 256 + byte, 0);
  return der.subarray(0, 2 + lengthBytes + length);
}

/** The certificates a CMS SignedData carries, and the serial number its (first) signer names. */
function cmsCertificates(cms: Buffer): { certs: X509Certificate[]; signerSerial: string | undefined } {
  // Read as plain ASN.1, not as forge's PKCS#7: forge parses only RSA certificates, a signer may use ECDSA.
  const content = forge.asn1.fromDer(forge.util.createBuffer(withoutPadding(cms).toString('binary')));
  const signedData = ((content.value as forge.asn1.Asn1[])[1]?.value as forge.asn1.Asn1[])[0]?.value as forge.asn1.Asn1[];
  const tagged = (tag: number) => signedData.find((n) => n.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && n.type === tag);
  const certs = ((tagged(0)?.value ?? []) as forge.asn1.Asn1[]).flatMap((node) => {
    try {
      return [new X509Certificate(Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary'))];
    } catch {
      return [];
    }
  });
  const signerInfos = signedData[signedData.length - 1]?.value as forge.asn1.Asn1[] | undefined;
  const sid = (signerInfos?.[0]?.value as forge.asn1.Asn1[] | undefined)?.[1];
  // issuerAndSerialNumber: SEQUENCE { issuer, serialNumber }; a subjectKeyIdentifier [0] names no serial.
  const serial = sid?.type === forge.asn1.Type.SEQUENCE ? (sid.value as forge.asn1.Asn1[])[1] : undefined;
  const signerSerial = serial ? forge.util.bytesToHex(serial.value as string).replace(/^(00)+(?=.)/, '').toUpperCase() : undefined;
  return { certs, signerSerial };
}

const sameCert = (a: X509Certificate, b: X509Certificate) => a.fingerprint256 === b.fingerprint256;
const validAt = (cert: X509Certificate, when: Date) => new Date(cert.validFrom) <= when && when <= new Date(cert.validTo);

/**
 * Whether the signer's certificate leads, issuer by issuer, to one of the operator's roots: each
 * certificate signed by the next, the issuers certificate authorities, all valid when it was
 * signed (or now, when the signature states no time). Revocation is not checked (no network).
 */
export function chainTrust(cms: Buffer, roots: readonly X509Certificate[], signedAt: Date): SignatureTrust {
  let parsed: ReturnType<typeof cmsCertificates>;
  try {
    parsed = cmsCertificates(cms);
  } catch {
    return 'untrusted';
  }
  const { certs, signerSerial } = parsed;
  let cert: X509Certificate | undefined = certs.find((c) => c.serialNumber.replace(/^(00)+(?=.)/, '').toUpperCase() === signerSerial) ?? certs[0];
  for (let depth = 0; cert && depth <= MAX_CHAIN; depth++) {
    const current: X509Certificate = cert;
    if (!validAt(current, signedAt)) return 'untrusted';
    if (roots.some((root) => sameCert(root, current))) return 'trusted';
    const issuedBy = (c: X509Certificate) => !sameCert(c, current) && c.ca && current.checkIssued(c) && current.verify(c.publicKey);
    const root = roots.find(issuedBy);
    if (root) return validAt(root, signedAt) ? 'trusted' : 'untrusted';
    cert = certs.find(issuedBy);
  }
  return 'untrusted';
}
