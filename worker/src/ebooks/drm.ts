import { open } from 'node:fs/promises';
import { listZip, readZipEntry, type ZipListing } from '../engines/archive-guard';
import type { InputFile } from '../contract/processor';

/**
 * Recognises DRM-protected books before calibre is started (calibre would fail on them too, with a
 * DRMError: see engines/calibre.ts). Returns what gave the book away, or null.
 */
export async function drmMarker(input: InputFile, zip?: ZipListing): Promise<string | null> {
  if (input.kind === 'epub') return epubDrm(input.path, zip ?? (await listZip(input.path)));
  if (input.kind === 'mobi' || input.kind === 'azw' || input.kind === 'azw3') return mobiDrm(input.path);
  return null;
}

/** Font obfuscation (IDPF and Adobe) is not DRM: calibre undoes it, and so do all readers. */
const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);

/** Files that only DRM schemes put in an EPUB: Adobe ADEPT, Apple FairPlay, Readium LCP, Barnes & Noble. */
const DRM_FILES = ['META-INF/rights.xml', 'META-INF/sinf.xml', 'META-INF/license.lcpl'];

async function epubDrm(file: string, zip: ZipListing): Promise<string | null> {
  const names = new Set(zip.entries.map((e) => e.name));
  const scheme = DRM_FILES.find((f) => names.has(f));
  if (scheme) return scheme;
  if (!names.has('META-INF/encryption.xml')) return null;
  const xml = (await readZipEntry(file, zip, 'META-INF/encryption.xml', 1024 * 1024))?.toString('utf8');
  // An unreadable encryption.xml: calibre decides (and reports DRM if it is).
  if (!xml) return null;
  const algorithms = [...xml.matchAll(/Algorithm\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]);
  const drm = algorithms.find((a) => !FONT_OBFUSCATION.has(a));
  return drm ? `META-INF/encryption.xml uses ${drm}` : null;
}

/**
 * MOBI, AZW and AZW3 are Palm databases: a 78-byte header, 8 bytes per record, then record 0, whose
 * MOBI header holds the encryption type at byte 12 (0 none, 1 old Mobipocket, 2 Kindle). PalmDOC
 * (TEXtREAd) books have no encryption field there.
 */
async function mobiDrm(file: string): Promise<string | null> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(86);
    const { bytesRead } = await handle.read(header, 0, 86, 0);
    if (bytesRead < 86 || header.toString('latin1', 60, 68) !== 'BOOKMOBI') return null;
    const record0 = header.readUInt32BE(78);
    const field = Buffer.alloc(2);
    const { bytesRead: n } = await handle.read(field, 0, 2, record0 + 12);
    if (n < 2) return null;
    const encryption = field.readUInt16BE(0);
    return encryption === 0 ? null : `MOBI encryption type ${encryption}`;
  } finally {
    await handle.close();
  }
}
