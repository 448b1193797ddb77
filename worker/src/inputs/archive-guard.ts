import { open, readFile, type FileHandle } from 'node:fs/promises';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import { AppError, type ErrorCode } from '#shared/errors';

/**
 * Reads a ZIP's central directory without extracting anything, and refuses archives that would
 * unpack to far more than an engine should be handed: decompression bombs (a few KB that inflate
 * to gigabytes), archives with absurd numbers of entries, and entries whose declared size lies.
 * Office Open XML, OpenDocument, iWork, EPUB and CBZ files are all ZIPs, so every engine that
 * opens one goes through here first.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is rare in documents. */
  method: number;
  compressedSize: number;
  /** As the central directory declares it; `verify` checks that the data agrees. */
  uncompressedSize: number;
  /** Offset of the entry's local header. */
  localHeaderOffset: number;
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

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** A central directory larger than this is itself an attack on our memory. */
const MAX_CENTRAL_DIRECTORY_BYTES = 64 * 1024 * 1024;

/** Reads byte ranges of an archive: from the file, or from memory when it was small enough to load whole. */
type Reader = (position: number, length: number) => Promise<Buffer>;

/** Archives up to this size are read into memory once for verification (uploads are capped far below). */
const IN_MEMORY_BYTES = 256 * 1024 * 1024;

function memoryReader(bytes: Buffer): Reader {
  return async (position, length) => {
    if (position + length > bytes.length) throw new ZipFormatError(`short read at ${position}`);
    return bytes.subarray(position, position + length);
  };
}

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  if (bytesRead !== length) throw new ZipFormatError(`short read at ${position}`);
  return buf;
}

/** A 64-bit little-endian number, refused beyond 2^53 (no real file is that large). */
function u64(buf: Buffer, at: number): number {
  const value = buf.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('64-bit field out of range');
  return Number(value);
}

/** Lists a ZIP's entries from its central directory (ZIP64 included). Throws ZipFormatError. */
export async function listZip(file: string): Promise<ZipListing> {
  const fh = await open(file, 'r');
  try {
    const fileSize = (await fh.stat()).size;
    if (fileSize < EOCD_SIZE) throw new ZipFormatError('too small for a ZIP');

    // The end-of-central-directory record sits in the last 22 bytes plus an optional comment.
    const tailLength = Math.min(fileSize, EOCD_SIZE + MAX_COMMENT);
    const tailStart = fileSize - tailLength;
    const tail = await readAt(fh, tailStart, tailLength);
    let eocd = -1;
    for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIG && i + EOCD_SIZE + tail.readUInt16LE(i + 20) <= tail.length) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ZipFormatError('no end of central directory');

    let entryCount = tail.readUInt16LE(eocd + 10);
    let cdSize = tail.readUInt32LE(eocd + 12);
    let cdOffset = tail.readUInt32LE(eocd + 16);
    if (entryCount === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
      const locatorAt = tailStart + eocd - 20;
      if (locatorAt < 0) throw new ZipFormatError('ZIP64 locator missing');
      const locator = await readAt(fh, locatorAt, 20);
      if (locator.readUInt32LE(0) !== ZIP64_LOCATOR_SIG) throw new ZipFormatError('ZIP64 locator missing');
      const recordAt = u64(locator, 8);
      if (recordAt + 56 > fileSize) throw new ZipFormatError('ZIP64 record out of bounds');
      const record = await readAt(fh, recordAt, 56);
      if (record.readUInt32LE(0) !== ZIP64_EOCD_SIG) throw new ZipFormatError('ZIP64 record missing');
      entryCount = u64(record, 32);
      cdSize = u64(record, 40);
      cdOffset = u64(record, 48);
    }
    if (cdOffset + cdSize > fileSize) throw new ZipFormatError('central directory out of bounds');
    if (cdSize > MAX_CENTRAL_DIRECTORY_BYTES) throw new ZipFormatError(`central directory of ${cdSize} bytes`);

    const cd = await readAt(fh, cdOffset, cdSize);
    const entries: ZipEntry[] = [];
    let totalUncompressed = 0;
    let at = 0;
    while (at + 46 <= cd.length && cd.readUInt32LE(at) === CENTRAL_SIG) {
      const flags = cd.readUInt16LE(at + 8);
      const method = cd.readUInt16LE(at + 10);
      let compressedSize = cd.readUInt32LE(at + 20);
      let uncompressedSize = cd.readUInt32LE(at + 24);
      const nameLength = cd.readUInt16LE(at + 28);
      const extraLength = cd.readUInt16LE(at + 30);
      const commentLength = cd.readUInt16LE(at + 32);
      let localHeaderOffset = cd.readUInt32LE(at + 42);
      const end = at + 46 + nameLength + extraLength + commentLength;
      if (end > cd.length) throw new ZipFormatError('central directory entry out of bounds');
      const name = cd.subarray(at + 46, at + 46 + nameLength).toString(flags & 0x800 ? 'utf8' : 'latin1');

      // ZIP64 extra field: the 8-byte values appear only for the fields that hold 0xffffffff.
      if (uncompressedSize === 0xffffffff || compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
        const extra = cd.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
        let e = 0;
        while (e + 4 <= extra.length) {
          const id = extra.readUInt16LE(e);
          const size = extra.readUInt16LE(e + 2);
          if (id === 0x0001) {
            let p = e + 4;
            const next = () => {
              if (p + 8 > e + 4 + size) throw new ZipFormatError('short ZIP64 extra field');
              const v = u64(extra, p);
              p += 8;
              return v;
            };
            if (uncompressedSize === 0xffffffff) uncompressedSize = next();
            if (compressedSize === 0xffffffff) compressedSize = next();
            if (localHeaderOffset === 0xffffffff) localHeaderOffset = next();
            break;
          }
          e += 4 + size;
        }
      }

      entries.push({
        name,
        method,
        compressedSize,
        uncompressedSize,
        localHeaderOffset,
        encrypted: (flags & 0x1) !== 0,
        directory: name.endsWith('/'),
      });
      totalUncompressed += uncompressedSize;
      at = end;
    }
    if (entries.length !== entryCount) throw new ZipFormatError(`central directory lists ${entries.length} of ${entryCount} entries`);
    return { entries, fileSize, totalUncompressed };
  } finally {
    await fh.close();
  }
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
  let listing: ZipListing;
  try {
    listing = await listZip(file);
  } catch (e) {
    if (e instanceof ZipFormatError) throw new AppError(opts.damagedCode ?? 'ILLEGAL_INPUT', `not a readable ZIP: ${e.message}`);
    throw e;
  }
  const { entries, fileSize, totalUncompressed } = listing;
  const tooLarge = (why: string) => new AppError('ARCHIVE_TOO_LARGE', why);
  if (entries.length > limits.maxEntries) throw tooLarge(`${entries.length} entries (limit ${limits.maxEntries})`);
  if (totalUncompressed > limits.maxUncompressedBytes) throw tooLarge(`unpacks to ${totalUncompressed} bytes (limit ${limits.maxUncompressedBytes})`);
  const ratio = totalUncompressed / Math.max(1, fileSize);
  if (totalUncompressed > limits.ratioFloorBytes && ratio > limits.maxRatio) {
    throw tooLarge(`unpacks to ${totalUncompressed} bytes from ${fileSize} (ratio ${ratio.toFixed(0)}, limit ${limits.maxRatio})`);
  }
  if (limits.verify) await verifySizes(file, listing, tooLarge);
  return listing;
}

/** Where an entry's data starts: after its local header, whose name and extra lengths may differ from the central ones. */
async function dataOffset(read: Reader, entry: ZipEntry, fileSize: number): Promise<number> {
  if (entry.localHeaderOffset + 30 > fileSize) throw new ZipFormatError(`${entry.name}: local header out of bounds`);
  const header = await read(entry.localHeaderOffset, 30);
  if (header.readUInt32LE(0) !== LOCAL_SIG) throw new ZipFormatError(`${entry.name}: no local header`);
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > fileSize) throw new ZipFormatError(`${entry.name}: data out of bounds`);
  return start;
}

/**
 * Inflates `entry` in chunks and hands each to `sink`; stops (and reports false) as soon as more
 * than `maxBytes` come out. Corrupt deflate data ends the entry quietly: whether the file is
 * readable is the engine's call, we only care about how much it could unpack to.
 */
async function inflateEntry(read: Reader, entry: ZipEntry, start: number, maxBytes: number, sink?: (chunk: Buffer) => void): Promise<boolean> {
  const inflate = createInflateRaw();
  let produced = 0;
  let over = false;
  const done = new Promise<void>((resolve) => {
    inflate.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > maxBytes) {
        over = true;
        inflate.destroy();
        resolve();
      } else sink?.(chunk);
    });
    inflate.on('end', () => resolve());
    inflate.on('error', () => resolve());
    inflate.on('close', () => resolve());
  });
  const CHUNK = 64 * 1024;
  for (let pos = 0; pos < entry.compressedSize && !over && !inflate.destroyed; pos += CHUNK) {
    const buf = await read(start + pos, Math.min(CHUNK, entry.compressedSize - pos));
    // Respect backpressure, so a bomb never piles up inflated output in memory.
    if (!inflate.write(buf)) await new Promise<void>((r) => (inflate.destroyed ? r() : inflate.once('drain', r).once('close', r)));
  }
  if (!inflate.destroyed) inflate.end();
  await done;
  return !over;
}

/** Entries up to this size are inflated in one synchronous call (most entries of a document are small). */
const SYNC_INFLATE_BYTES = 8 * 1024 * 1024;

/** True when the entry inflates to at most `maxBytes`. */
async function inflatesWithin(read: Reader, entry: ZipEntry, start: number, maxBytes: number): Promise<boolean> {
  if (maxBytes > SYNC_INFLATE_BYTES) return inflateEntry(read, entry, start, maxBytes);
  const compressed = await read(start, entry.compressedSize);
  try {
    inflateRawSync(compressed, { maxOutputLength: Math.max(1, maxBytes) });
    return true;
  } catch (e) {
    // Past maxOutputLength zlib stops with a RangeError; anything else is corrupt data (see inflateEntry).
    return !(e instanceof RangeError);
  }
}

async function verifySizes(file: string, listing: ZipListing, tooLarge: (why: string) => AppError): Promise<void> {
  const fh = listing.fileSize > IN_MEMORY_BYTES ? await open(file, 'r') : undefined;
  const read: Reader = fh ? (position, length) => readAt(fh, position, length) : memoryReader(await readFile(file));
  try {
    for (const entry of listing.entries) {
      if (entry.directory || entry.encrypted) continue;
      if (entry.method === 0) {
        if (entry.compressedSize !== entry.uncompressedSize) throw tooLarge(`${entry.name}: stored entry declares ${entry.uncompressedSize} of ${entry.compressedSize} bytes`);
        continue;
      }
      if (entry.method !== 8) continue;
      let start: number;
      try {
        start = await dataOffset(read, entry, listing.fileSize);
      } catch {
        continue;
      }
      if (!(await inflatesWithin(read, entry, start, entry.uncompressedSize))) {
        throw tooLarge(`${entry.name}: inflates to more than the ${entry.uncompressedSize} bytes it declares`);
      }
    }
  } finally {
    await fh?.close();
  }
}

/**
 * Reads one entry's bytes (stored or deflated), at most `maxBytes` of them; null when the
 * archive has no such entry, it is encrypted or compressed some other way, or it is too large.
 */
export async function readZipEntry(file: string, listing: ZipListing, name: string, maxBytes: number): Promise<Buffer | null> {
  const entry = listing.entries.find((e) => e.name === name);
  if (!entry || entry.encrypted || entry.uncompressedSize > maxBytes || (entry.method !== 0 && entry.method !== 8)) return null;
  const fh = await open(file, 'r');
  const read: Reader = (position, length) => readAt(fh, position, length);
  try {
    const start = await dataOffset(read, entry, listing.fileSize).catch(() => null);
    if (start === null) return null;
    if (entry.method === 0) return await read(start, entry.compressedSize);
    const chunks: Buffer[] = [];
    if (!(await inflateEntry(read, entry, start, Math.min(maxBytes, entry.uncompressedSize), (c) => chunks.push(c)))) return null;
    const data = Buffer.concat(chunks);
    return data.length === entry.uncompressedSize ? data : null;
  } finally {
    await fh.close();
  }
}
