import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import libreOffice from 'libreoffice-convert';
import { AppError } from '#shared/errors';
import { projectPath } from '#shared/server/project-paths';
import type { EngineName } from '#shared/tools';
import { checkZip, readZipEntry } from './archive-guard';
import type { SofficeCallOptions, SofficeRequest } from './soffice-pool';

/** What libreoffice-convert starts (through soffice-cold.sh), for the worker's engine checks. */
export const ENGINE = 'soffice' satisfies EngineName;

/** Stands in for soffice: seeds libreoffice-convert's fresh profile, runs soffice under a time limit. */
const WRAPPER = projectPath('worker/src/engines/soffice-cold.sh');

type ConvertOptions = Parameters<typeof libreOffice.convertWithOptions>[3] & {
  /** Passed to child_process.execFile by libreoffice-convert (missing from its typings). */
  execOptions?: { env?: NodeJS.ProcessEnv; signal?: AbortSignal; killSignal?: NodeJS.Signals; maxBuffer?: number };
};

function convertWithOptions(document: Buffer, filter: string | undefined, options: ConvertOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    libreOffice.convertWithOptions(document, 'pdf', filter, options, (err, data) => (err ? reject(err) : resolve(data)));
  });
}

/** Temp dirs whose file URLs need no escaping (soffice-cold.sh refuses anything else). */
function urlSafeTmp(): string {
  const tmp = os.tmpdir();
  return /^[\w./-]+$/.test(tmp) ? tmp : '/tmp';
}

/**
 * One conversion by a soffice started for it (libreoffice-convert): 1–2 s of start-up each time,
 * the fallback when the warm pool cannot start, and the baseline of the benchmark.
 */
export async function convertCold(request: SofficeRequest, opts: SofficeCallOptions): Promise<void> {
  if (opts.signal?.aborted) throw new AppError('TASK_FAILED', 'aborted before soffice started');
  const dir = await mkdtemp(path.join(urlSafeTmp(), 'sheaf-cold-'));
  try {
    const input = await readFile(request.input);
    const pdf = await convertWithOptions(input, undefined, {
      fileName: path.basename(request.input),
      tmpOptions: { tmpdir: dir },
      sofficeBinaryPaths: [WRAPPER],
      sofficeAdditionalArgs: request.filter ? [`--infilter=${request.filter}${request.filterOptions ? `:${request.filterOptions}` : ''}`] : [],
      // libreoffice-convert looks for the output a few times; it is there or it is not.
      asyncOptions: { times: 1, interval: 0 },
      execOptions: {
        env: {
          ...process.env,
          SHEAF_SOFFICE_TIMEOUT: String(Math.max(1, Math.ceil(opts.timeoutMs / 1000))),
          SHEAF_SOFFICE_BIN: process.env.SOFFICE_BIN ?? 'soffice',
        },
        // TERM reaches the wrapper's `timeout`, which passes it to the whole process group.
        signal: opts.signal,
        killSignal: 'SIGTERM',
      },
    }).catch(async (e: unknown) => {
      throw await coldError(e, request, opts);
    });
    await writeFile(request.output, pdf);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function coldError(e: unknown, request: SofficeRequest, opts: SofficeCallOptions): Promise<AppError> {
  const err = e as Error & { code?: unknown; signal?: string };
  const message = err instanceof Error ? err.message : String(e);
  const name = path.basename(request.input);
  if (opts.signal?.aborted || err.name === 'AbortError') return new AppError('TASK_FAILED', `soffice aborted converting ${name}`);
  // coreutils timeout exits 124 at the time limit, 137 when it had to KILL.
  if (err.code === 124 || err.code === 137 || err.signal) return new AppError('TASK_FAILED', `soffice timed out converting ${name}: ${message}`);
  if (/could not be loaded|ENOENT/.test(message)) {
    const code = (await looksPasswordProtected(request.input)) ? 'OFFICE_PROTECTED' : 'OFFICE_DAMAGED';
    return new AppError(code, `${name}: ${message.slice(0, 1000)}`);
  }
  return new AppError('TASK_FAILED', `${name}: ${message.slice(0, 1000)}`);
}

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The warm path learns that a document wants a password from LibreOffice itself; a cold soffice
 * only says it could not load it. So the file is looked at here: an encrypted Office Open XML file
 * is an OLE container holding an "EncryptedPackage" stream; an encrypted OpenDocument's manifest
 * carries encryption data; legacy Word, Excel and PowerPoint files say so in their main stream.
 */
export async function looksPasswordProtected(file: string): Promise<boolean> {
  const bytes = await readFile(file);
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) {
    try {
      return legacyEncrypted(bytes);
    } catch {
      return false;
    }
  }
  try {
    const listing = await checkZip(file, { limits: { verify: false } });
    const manifest = await readZipEntry(file, listing, 'META-INF/manifest.xml', 4 * 1024 * 1024);
    return manifest !== null && manifest.includes('encryption-data');
  } catch {
    return false;
  }
}

/** Reads an OLE (Compound File Binary) container's own flags for encryption. Throws on a malformed one. */
function legacyEncrypted(bytes: Buffer): boolean {
  const cfb = new CompoundFile(bytes);
  if (cfb.has('EncryptedPackage')) return true;
  // Word 97–2003: the File Information Block's fEncrypted bit (MS-DOC 2.5.2).
  const word = cfb.stream('WordDocument', 12);
  if (word) return (word.readUInt16LE(0x0a) & 0x0100) !== 0;
  // Excel 97–2003: a FILEPASS record among the workbook globals, before their EOF (MS-XLS 2.4.117).
  const book = cfb.stream('Workbook') ?? cfb.stream('Book');
  if (book) {
    for (let at = 0; at + 4 <= book.length; ) {
      const type = book.readUInt16LE(at);
      if (type === 0x002f) return true;
      if (type === 0x000a) return false;
      at += 4 + book.readUInt16LE(at + 2);
    }
    return false;
  }
  // PowerPoint 97–2003: the CurrentUserAtom's header token (MS-PPT 2.3.2).
  const user = cfb.stream('Current User', 16);
  return user !== undefined && user.length >= 16 && user.readUInt32LE(12) === 0xf3d1c4df;
}

const END_OF_CHAIN = 0xfffffffe;

/** Just enough of MS-CFB to find a stream by name and read it (no new dependency for four flags). */
class CompoundFile {
  private readonly sectorSize: number;
  private readonly fat: number[] = [];
  private readonly entries: Array<{ name: string; type: number; start: number; size: number }> = [];
  private readonly miniFatStart: number;
  private readonly miniCutoff: number;
  private miniFat?: number[];
  private miniStream?: Buffer;

  constructor(private readonly bytes: Buffer) {
    this.sectorSize = 1 << bytes.readUInt16LE(0x1e);
    const difat: number[] = [];
    for (let i = 0; i < 109; i++) difat.push(bytes.readUInt32LE(0x4c + i * 4));
    const perSector = this.sectorSize / 4;
    for (let sector = bytes.readUInt32LE(0x44), n = bytes.readUInt32LE(0x48); n > 0 && sector < END_OF_CHAIN; n--) {
      const at = this.offset(sector);
      for (let i = 0; i < perSector - 1; i++) difat.push(bytes.readUInt32LE(at + i * 4));
      sector = bytes.readUInt32LE(at + (perSector - 1) * 4);
    }
    for (const sector of difat.slice(0, bytes.readUInt32LE(0x2c))) {
      const at = this.offset(sector);
      for (let i = 0; i < perSector; i++) this.fat.push(bytes.readUInt32LE(at + i * 4));
    }
    const directory = this.chain(bytes.readUInt32LE(0x30), this.fat, (s) => this.sectorAt(s), Infinity);
    for (let at = 0; at + 128 <= directory.length; at += 128) {
      const nameBytes = Math.min(64, Math.max(0, directory.readUInt16LE(at + 0x40) - 2));
      this.entries.push({
        name: directory.toString('utf16le', at, at + nameBytes),
        type: directory[at + 0x42],
        start: directory.readUInt32LE(at + 0x74),
        size: directory.readUInt32LE(at + 0x78),
      });
    }
    this.miniFatStart = bytes.readUInt32LE(0x3c);
    this.miniCutoff = bytes.readUInt32LE(0x38);
  }

  has(name: string): boolean {
    return this.entries.some((e) => e.type === 2 && e.name === name);
  }

  /** The first `limit` bytes (all by default) of the named stream, or undefined when there is none. */
  stream(name: string, limit = Infinity): Buffer | undefined {
    const entry = this.entries.find((e) => e.type === 2 && e.name === name);
    if (!entry) return undefined;
    const want = Math.min(entry.size, limit);
    if (entry.size >= this.miniCutoff) return this.chain(entry.start, this.fat, (s) => this.sectorAt(s), want);
    const root = this.entries[0];
    this.miniFat ??= [...this.readU32s(this.chain(this.miniFatStart, this.fat, (s) => this.sectorAt(s), Infinity))];
    this.miniStream ??= this.chain(root.start, this.fat, (s) => this.sectorAt(s), root.size);
    const mini = this.miniStream;
    const miniSize = 1 << this.bytes.readUInt16LE(0x20);
    return this.chain(entry.start, this.miniFat, (s) => mini.subarray(s * miniSize, (s + 1) * miniSize), want);
  }

  private *readU32s(buffer: Buffer): Generator<number> {
    for (let at = 0; at + 4 <= buffer.length; at += 4) yield buffer.readUInt32LE(at);
  }

  private offset(sector: number): number {
    const at = (sector + 1) * this.sectorSize;
    if (at + this.sectorSize > this.bytes.length) throw new Error(`sector ${sector} lies beyond the file`);
    return at;
  }

  private sectorAt(sector: number): Buffer {
    const at = this.offset(sector);
    return this.bytes.subarray(at, at + this.sectorSize);
  }

  /** Follows a sector chain until it ends or `limit` bytes are read; a looping chain stops at the table's length. */
  private chain(start: number, table: number[], read: (sector: number) => Buffer, limit: number): Buffer {
    const parts: Buffer[] = [];
    let length = 0;
    for (let sector = start, hops = 0; sector < END_OF_CHAIN && length < limit && hops <= table.length; sector = table[sector] ?? END_OF_CHAIN, hops++) {
      const part = read(sector);
      parts.push(part);
      length += part.length;
    }
    return Buffer.concat(parts).subarray(0, Number.isFinite(limit) ? limit : undefined);
  }
}
