import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';
import { AppError, type ErrorCode } from '#shared/errors';

/**
 * Reads a ZIP's central directory (with yauzl) without extracting anything, and refuses archives
 * that would unpack to far more than an engine should be handed: decompression bombs (a few KB
 * that inflate to gigabytes), archives with absurd numbers of entries, and entries whose declared
 * size lies. Office Open XML, OpenDocument, iWork, EPUB and CBZ files are all ZIPs, so every
 * engine that opens one goes through here first.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is rare in documents. */
  method: number;
  compressedSize: number;
  /** As the central directory declares it; `verify` checks that the data agrees. */
  uncompressedSize: number;
  /** The traditional (ZipCrypto / AES) encryption bit. */
  encrypted: boolean;
  directory: boolean;
}

export interface ZipListing {
  entries: ZipEntry[];
  fileSize: number;
  totalUncompressed: number;
}

export interface ZipLimits {
  /** Most entries an archive may hold. */
  maxEntries: number;
  /** Most bytes all entries together may unpack to. */
  maxUncompressedBytes: number;
  /** Largest ratio of unpacked size to file size... */
  maxRatio: number;
  /** ...once the archive unpacks to more than this (small files may compress very well, harmlessly). */
  ratioFloorBytes: number;
  /**
   * Inflate every deflated entry (into nothing) to check that its declared size is the truth: a
   * bomb can declare small sizes that some readers trust. Costs a pass over the data, milliseconds
   * for an ordinary document.
   */
  verify: boolean;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxUncompressedBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 4 * 1024 * 1024,
  verify: true,
};

/** Thrown by `listZip` for bytes that are not a readable ZIP. */
export class ZipFormatError extends Error {
  override name = 'ZipFormatError';
}

/**
 * Opens a ZIP, reading entries only when asked. Names are left undecoded (yauzl would refuse
 * absolute or `..` names as unreadable: what an entry is called is the engine's business), and
 * sizes unchecked: the guard compares them with the data itself.
 */
async function openZip(file: string | Buffer): Promise<yauzl.ZipFile> {
  const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false };
  try {
    return await (typeof file === 'string' ? yauzl.openPromise(file, options) : yauzl.fromBufferPromise(file, options));
  } catch (e) {
    throw new ZipFormatError((e as Error).message);
  }
}

/** The archive's entries, in central directory order, as yauzl reads them one by one. */
async function* entriesOf(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  try {
    yield* zip.eachEntry();
  } catch (e) {
    throw new ZipFormatError((e as Error).message);
  }
}

function entryOf(raw: yauzl.Entry): ZipEntry {
  // Undecoded (decodeStrings: false), the name is the raw bytes: UTF-8 when flagged so, else read byte for byte.
  const name = (raw.fileName as unknown as Buffer).toString(raw.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1');
  return {
    name,
    method: raw.compressionMethod,
    compressedSize: raw.compressedSize,
    uncompressedSize: raw.uncompressedSize,
    encrypted: raw.isEncrypted(),
    directory: name.endsWith('/'),
  };
}

/** Lists a ZIP's entries from its central directory (ZIP64 included). Throws ZipFormatError. */
export async function listZip(file: string): Promise<ZipListing> {
  const zip = await openZip(file);
  try {
    return await listOpen(zip);
  } finally {
    zip.close();
  }
}

async function listOpen(zip: yauzl.ZipFile): Promise<ZipListing> {
  const entries: ZipEntry[] = [];
  for await (const raw of entriesOf(zip)) entries.push(entryOf(raw));
  return { entries, fileSize: zip.fileSize, totalUncompressed: entries.reduce((sum, e) => sum + e.uncompressedSize, 0) };
}

export interface CheckZipOptions {
  limits?: Partial<ZipLimits>;
  /** The error a file that is no readable ZIP fails with (e.g. the caller's "damaged document"). */
  damagedCode?: ErrorCode;
}

/**
 * Lists a ZIP and enforces the limits: ARCHIVE_TOO_LARGE for a bomb or too many entries, the
 * caller's `damagedCode` for something that is no ZIP. Returns the listing for further use.
 */
export async function checkZip(file: string, opts: CheckZipOptions = {}): Promise<ZipListing> {
  const limits = { ...DEFAULT_ZIP_LIMITS, ...opts.limits };
  const tooLarge = (why: string) => new AppError('ARCHIVE_TOO_LARGE', why);
  const damaged = (e: unknown) =>
    e instanceof ZipFormatError ? new AppError(opts.damagedCode ?? 'ILLEGAL_INPUT', `not a readable ZIP: ${e.message}`) : e;
  const zip = await openZip(file).catch((e: unknown) => {
    throw damaged(e);
  });
  try {
    // The count comes from the end record: a directory of millions of entries is refused unread.
    if (zip.entryCount > limits.maxEntries) throw tooLarge(`${zip.entryCount} entries (limit ${limits.maxEntries})`);
    const listing = await listOpen(zip).catch((e: unknown) => {
      throw damaged(e);
    });
    const { entries, fileSize, totalUncompressed } = listing;
    if (entries.length > limits.maxEntries) throw tooLarge(`${entries.length} entries (limit ${limits.maxEntries})`);
    if (totalUncompressed > limits.maxUncompressedBytes) throw tooLarge(`unpacks to ${totalUncompressed} bytes (limit ${limits.maxUncompressedBytes})`);
    const ratio = totalUncompressed / Math.max(1, fileSize);
    if (totalUncompressed > limits.ratioFloorBytes && ratio > limits.maxRatio) {
      throw tooLarge(`unpacks to ${totalUncompressed} bytes from ${fileSize} (ratio ${ratio.toFixed(0)}, limit ${limits.maxRatio})`);
    }
    if (limits.verify) await verifySizes(file, fileSize, tooLarge);
    return listing;
  } finally {
    zip.close();
  }
}

/**
 * Reads an entry's data (inflated), at most `maxBytes` of it: the data, or null when more comes
 * out. yauzl reads with backpressure, so a bomb never piles up inflated output in memory. Throws
 * for corrupt data or a missing local header.
 */
async function readAtMost(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number, keep: boolean): Promise<Buffer | null> {
  const stream: Readable = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let produced = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > maxBytes) return null;
      if (keep) chunks.push(chunk);
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks);
}

/** Archives up to this size are read into memory once for verification (uploads are capped far below). */
const IN_MEMORY_BYTES = 256 * 1024 * 1024;
/** Entries up to this size are inflated in one synchronous call (most entries of a document are small). */
const SYNC_INFLATE_BYTES = 8 * 1024 * 1024;

/**
 * True when the entry inflates to at most `maxBytes`. Small entries of an archive held in memory
 * are inflated in one call (a stream per part would cost more than the parts of a document);
 * the others stream through yauzl.
 */
async function inflatesWithin(zip: yauzl.ZipFile, raw: yauzl.Entry, bytes: Buffer | undefined, maxBytes: number): Promise<boolean> {
  if (!bytes || maxBytes > SYNC_INFLATE_BYTES) return (await readAtMost(zip, raw, maxBytes, false)) !== null;
  const { fileDataStart } = await zip.readLocalFileHeaderPromise(raw, { minimal: true });
  try {
    inflateRawSync(bytes.subarray(fileDataStart, fileDataStart + raw.compressedSize), { maxOutputLength: Math.max(1, maxBytes) });
    return true;
  } catch (e) {
    // Past maxOutputLength zlib stops with a RangeError; anything else is corrupt data (see below).
    return !(e instanceof RangeError);
  }
}

/** Every entry's data against the size its header declares: more is a bomb. */
async function verifySizes(file: string, fileSize: number, tooLarge: (why: string) => AppError): Promise<void> {
  const bytes = fileSize > IN_MEMORY_BYTES ? undefined : await readFile(file);
  const zip = await openZip(bytes ?? file);
  try {
    for await (const raw of entriesOf(zip)) {
      const entry = entryOf(raw);
      if (entry.directory || entry.encrypted) continue;
      if (entry.method === 0) {
        if (entry.compressedSize !== entry.uncompressedSize) throw tooLarge(`${entry.name}: stored entry declares ${entry.uncompressedSize} of ${entry.compressedSize} bytes`);
        continue;
      }
      if (entry.method !== 8) continue;
      // Corrupt deflate data or a missing local header: whether the file is readable is the
      // engine's call, we only care about how much it could unpack to.
      const within = await inflatesWithin(zip, raw, bytes, entry.uncompressedSize).catch(() => true);
      if (!within) throw tooLarge(`${entry.name}: inflates to more than the ${entry.uncompressedSize} bytes it declares`);
    }
  } finally {
    zip.close();
  }
}

/**
 * Reads one entry's bytes (stored or deflated), at most `maxBytes` of them; null when the
 * archive has no such entry, it is encrypted or compressed some other way, or it is too large.
 */
export async function readZipEntry(file: string, listing: ZipListing, name: string, maxBytes: number): Promise<Buffer | null> {
  const entry = listing.entries.find((e) => e.name === name);
  if (!entry || entry.encrypted || entry.uncompressedSize > maxBytes || (entry.method !== 0 && entry.method !== 8)) return null;
  const zip = await openZip(file);
  try {
    for await (const raw of entriesOf(zip)) {
      if (entryOf(raw).name !== name) continue;
      const data = await readAtMost(zip, raw, entry.uncompressedSize, true).catch(() => null);
      return data?.length === entry.uncompressedSize ? data : null;
    }
    return null;
  } finally {
    zip.close();
  }
}
