import { X509Certificate } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The operator's trusted roots (SIGNATURE_TRUST_ROOTS): one file, or every file of a folder, each
 * holding PEM certificates or one DER certificate. Files that hold no certificate are passed over
 * (a folder may hold a README or keys). Read at boot, so a wrong path stops the process, and again
 * by each Check signatures task, so roots added to the folder count without a restart. Throws an
 * Error saying what is wrong when the path cannot be read or holds no certificate at all.
 */
export function readTrustRoots(where: string): X509Certificate[] {
  let files: string[];
  try {
    files = statSync(where).isDirectory() ? readdirSync(where).map((name) => path.join(where, name)) : [where];
  } catch (e) {
    throw new Error(`cannot read ${where} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const roots: X509Certificate[] = [];
  for (const file of files) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch {
      continue;
    }
    const pems = bytes.toString('latin1').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
    for (const der of pems ?? [bytes]) {
      try {
        roots.push(new X509Certificate(der));
      } catch {
        // Not a certificate.
      }
    }
  }
  if (roots.length === 0) throw new Error(`${where} holds no certificate (PEM or DER)`);
  return roots;
}
