import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { TOOL_CODE } from '#shared/api';
import { ERRORS, type ErrorCode } from '#shared/errors';
import type { FileKind } from '#shared/file-kinds';
import { TOOLS, getTool, pageLimitOf, tooManyPages, type ToolDefinition, type ToolId } from '#shared/tools';
import { DEFAULT_TIMEOUT_SECONDS } from '../../worker/src/jobs/task-runner';
import { processTree } from '../../worker/src/sandbox/process-tree';
import { manyPagePdf, manyPageTiff } from './many-pages';

/**
 * The hostile corpus of issue 14: files that are small on disk and cost a parser or a renderer
 * minutes or gigabytes, written from raw PDF (and PNG, JPEG, GIF) syntax in a few milliseconds,
 * plus the two web servers HTML to PDF is pointed at. Each file is what its name says: the PDFs
 * are valid (qpdf --check passes) except the page-tree loop, which qpdf reports as a loop.
 */

export type HostileId =
  | 'nested-operators'
  | 'deep-arrays'
  | 'deep-dicts'
  | 'image-bomb-pdf'
  | 'content-bomb'
  | 'page-tree-loop'
  | 'tall-page'
  | 'png-bomb'
  | 'jpeg-bomb'
  | 'gif-bomb'
  | 'many-pages-tiff'
  | 'many-pages-pdf'
  | 'empty';

export interface HostileFile {
  id: HostileId;
  /** What the file is, for test names and the bench table. */
  about: string;
  kind: FileKind;
  path: string;
}

// ---------------------------------------------------------------------------------------------
// Deflate without deflating gigabytes: a chunk compressed with a full flush ends byte-aligned and
// leaves no back-reference behind it, so the same compressed bytes may be repeated to stand for the
// chunk repeated. Only the Adler-32 of the zlib trailer has to be computed, and for a run of one
// byte value it has a closed form.

const ADLER_MOD = 65521n;

interface Adler {
  a: bigint;
  b: bigint;
}

/** Adler-32 after `count` more bytes of value `byte`: a += n·c, b += n·a + c·n(n+1)/2. */
function adlerRun(s: Adler, byte: number, count: number): Adler {
  const n = BigInt(count);
  const c = BigInt(byte);
  return { a: (s.a + n * c) % ADLER_MOD, b: (s.b + n * s.a + (c * n * (n + 1n)) / 2n) % ADLER_MOD };
}

function adlerBytes(s: Adler, bytes: Uint8Array): Adler {
  let a = Number(s.a);
  let b = Number(s.b);
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return { a: BigInt(a), b: BigInt(b) };
}

/**
 * A zlib stream (what FlateDecode and PNG's IDAT hold) of `total` bytes of `byte`, then `tail`.
 * `total` must be a multiple of `chunk`.
 */
export function zlibRun(byte: number, total: number, tail: Uint8Array = new Uint8Array(0), chunk = 4 * 1024 * 1024): Buffer {
  if (total % chunk !== 0) throw new Error(`${total} is not a multiple of ${chunk}`);
  const block = zlib.deflateRawSync(Buffer.alloc(chunk, byte), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const end = zlib.deflateRawSync(tail, { level: 9 });
  const adler = adlerBytes(adlerRun({ a: 1n, b: 0n }, byte, total), tail);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(Number((adler.b << 16n) | adler.a));
  const repeated = Buffer.alloc(block.length * (total / chunk));
  for (let off = 0; off < repeated.length; off += block.length) block.copy(repeated, off);
  // 0x78 0xda: deflate, 32 KB window, best compression (the header's check bits make it a multiple of 31).
  return Buffer.concat([Buffer.from([0x78, 0xda]), repeated, end, trailer]);
}

// ---------------------------------------------------------------------------------------------
// PDF syntax with a correct cross-reference table.

type PdfObject = string | { dict: string; data: Buffer };

/** Writes objects 1..n (object 1 the catalog) with their xref table and trailer. */
export function pdfBytes(objects: readonly PdfObject[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  const push = (b: Buffer) => {
    parts.push(b);
    offset += b.length;
  };
  for (const [i, obj] of objects.entries()) {
    offsets.push(offset);
    if (typeof obj === 'string') push(Buffer.from(`${i + 1} 0 obj\n${obj}\nendobj\n`, 'latin1'));
    else {
      push(Buffer.from(`${i + 1} 0 obj\n<< ${obj.dict} /Length ${obj.data.length} >>\nstream\n`, 'latin1'));
      push(obj.data);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
  }
  const xref = offset;
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

const LETTER = '[0 0 612 792]';
const label = (text: string) => `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;

/**
 * Two pages: the hostile one first (its own box, resources, content and extra objects, numbered
 * from 7), then a plain page of text, so page-selecting tools have a page to keep or drop.
 * Objects: 1 catalog, 2 pages, 3 hostile page, 4 its content, 5 font, 6 plain page, 7 its content.
 */
function twoPagePdf(hostile: { box?: string; resources?: string; content: PdfObject; extra?: string; objects?: PdfObject[] }, name: string): Buffer {
  const font = '/Font << /F1 5 0 R >>';
  return pdfBytes([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox ${hostile.box ?? LETTER} /Resources << ${font} ${hostile.resources ?? ''} >> /Contents 4 0 R ${hostile.extra ?? ''} >>`,
    hostile.content,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox ${LETTER} /Resources << ${font} >> /Contents 7 0 R >>`,
    { dict: '', data: Buffer.from(label(`Sheaf hostile corpus: ${name}, page 2`)) },
    ...(hostile.objects ?? []),
  ]);
}

const stream = (text: string): PdfObject => ({ dict: '', data: Buffer.from(text, 'latin1') });
const SQUARE = '0 0 1 rg 72 72 200 200 re f';

/** (a) 50,000 `q` then 50,000 `Q` around one square: a graphics-state stack 50,000 deep (~200 KB). */
function nestedOperators(): Buffer {
  const depth = 50_000;
  return twoPagePdf({ content: stream(`${'q\n'.repeat(depth)}${SQUARE}\n${'Q\n'.repeat(depth)}`) }, 'nested operators');
}

/** (a) An annotation holding an array nested 100,000 levels deep. */
function deepArrays(): Buffer {
  const depth = 100_000;
  return twoPagePdf(
    {
      content: stream(SQUARE),
      extra: '/Annots [8 0 R]',
      objects: [`<< /Type /Annot /Subtype /Square /Rect [300 300 400 400] /C [1 0 0] /Nest ${'['.repeat(depth)}0${']'.repeat(depth)} >>`],
    },
    'deep arrays',
  );
}

/** (a) A graphics-state resource the page uses, holding a dictionary nested 100,000 levels deep. */
function deepDicts(): Buffer {
  const depth = 100_000;
  return twoPagePdf(
    {
      content: stream(`/GS0 gs ${SQUARE}`),
      resources: '/ExtGState << /GS0 8 0 R >>',
      objects: [`<< /Type /ExtGState /CA 1 /Nest ${'<</A '.repeat(depth)}0${'>>'.repeat(depth)} >>`],
    },
    'deep dictionaries',
  );
}

/** (b) One 60000×60000 8-bit grey image (3.6 GB of pixels), Flate of zeros: ~3.5 MB on disk. */
function imageBombPdf(): Buffer {
  const side = 60_000;
  const pixels = zlibRun(0, side * side, undefined, side * 100);
  return twoPagePdf(
    {
      content: stream('q 540 0 0 540 36 126 cm /Im0 Do Q'),
      resources: '/XObject << /Im0 8 0 R >>',
      objects: [{ dict: `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`, data: pixels }],
    },
    'image bomb',
  );
}

/** (c) A content stream of 1 GiB of spaces, then a square: ~1 MB on disk. */
function contentBomb(): Buffer {
  const content = zlibRun(0x20, 1024 ** 3, Buffer.from(`\n${SQUARE}\n`));
  return twoPagePdf({ content: { dict: '/Filter /FlateDecode', data: content } }, 'content bomb');
}

/**
 * (d) A page tree with a loop: the root's second kid is a Pages node whose Kids hold a page and
 * the root itself.
 */
function pageTreeLoop(): Buffer {
  return pdfBytes([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 3 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox ${LETTER} /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    stream(label('Sheaf hostile corpus: page-tree loop, page 1')),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [7 0 R 2 0 R] /Count 2 >>',
    `<< /Type /Page /Parent 6 0 R /MediaBox ${LETTER} /Resources << /Font << /F1 5 0 R >> >> /Contents 8 0 R >>`,
    stream(label('Sheaf hostile corpus: page-tree loop, page 2')),
  ]);
}

/** (e) A valid 1 × 14400 pt page (the largest a page may be, 200 inches, one point wide). */
function tallPage(): Buffer {
  return twoPagePdf({ box: '[0 0 1 14400]', content: stream('0 g 0 0 1 14400 re f') }, 'tall page');
}

// ---------------------------------------------------------------------------------------------
// Image bombs.

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(type)));
  return Buffer.concat([head, data, crc]);
}

/** (h) A complete 50000×50000 8-bit grey PNG, all black (2.5 GB of pixels): ~2.4 MB on disk. */
function pngBomb(): Buffer {
  const side = 50_000;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8 bits, greyscale, deflate, filter 0, no interlace
  // Each row: filter byte 0, then the row's pixels, all 0.
  const rows = zlibRun(0, side * (side + 1), undefined, (side + 1) * 100);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * (h) A baseline JPEG whose frame header declares 60000×60000 pixels, with the scan of an 8×8
 * one: a decoder that trusts the header allocates 3.6 GB before it finds the data short.
 */
function jpegBomb(): Buffer {
  const side = 60_000;
  const u16 = (n: number) => [n >> 8, n & 0xff];
  // Quantisation table of ones.
  const dqt = [0xff, 0xdb, ...u16(67), 0, ...Array(64).fill(1)];
  // Grey, one component, 1×1 sampling, table 0.
  const sof = [0xff, 0xc0, ...u16(11), 8, ...u16(side), ...u16(side), 1, 1, 0x11, 0];
  // One-symbol Huffman tables: DC category 0 and AC end-of-block, each the 1-bit code "0".
  const huffman = (cls: number, symbol: number) => [0xff, 0xc4, ...u16(20), cls, 1, ...Array(15).fill(0), symbol];
  const sos = [0xff, 0xda, ...u16(8), 1, 1, 0x00, 0, 63, 0];
  // One block: DC "0", EOB "0", padded with ones.
  const scan = [0x3f];
  return Buffer.from([0xff, 0xd8, ...dqt, ...sof, ...huffman(0x00, 0), ...huffman(0x10, 0), ...sos, ...scan, 0xff, 0xd9]);
}

/**
 * (h) A GIF whose screen and one frame declare 65535×65535 pixels (4.3 G), with the picture data
 * of a single pixel.
 */
function gifBomb(): Buffer {
  const u16le = (n: number) => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a', 'latin1'),
    ...u16le(65535),
    ...u16le(65535),
    0x80, // global colour table of 2 entries
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
    0x2c, // image descriptor: 65535×65535 at 0,0
    ...u16le(0),
    ...u16le(0),
    ...u16le(65535),
    ...u16le(65535),
    0,
    2, // LZW minimum code size
    2, // one sub-block of 2 bytes: clear, index 0, end
    0x44,
    0x01,
    0,
    0x3b,
  ]);
}

const CORPUS: ReadonlyArray<{ id: HostileId; about: string; kind: FileKind; ext: string; make: () => Buffer }> = [
  { id: 'nested-operators', about: '50,000 nested q … Q operators on a page', kind: 'pdf', ext: 'pdf', make: nestedOperators },
  { id: 'deep-arrays', about: 'an annotation holding an array nested 100,000 deep', kind: 'pdf', ext: 'pdf', make: deepArrays },
  { id: 'deep-dicts', about: 'a page resource holding a dictionary nested 100,000 deep', kind: 'pdf', ext: 'pdf', make: deepDicts },
  { id: 'image-bomb-pdf', about: 'a 60000×60000 grey image (3.6 GB of pixels) in 3.5 MB', kind: 'pdf', ext: 'pdf', make: imageBombPdf },
  { id: 'content-bomb', about: 'a 1 GiB content stream in 1 MB', kind: 'pdf', ext: 'pdf', make: contentBomb },
  { id: 'page-tree-loop', about: 'a Pages node whose kids include its parent', kind: 'pdf', ext: 'pdf', make: pageTreeLoop },
  { id: 'tall-page', about: 'a valid 1 × 14400 pt page', kind: 'pdf', ext: 'pdf', make: tallPage },
  { id: 'png-bomb', about: 'a 50000×50000 PNG (2.5 GB of pixels) in 2.4 MB', kind: 'png', ext: 'png', make: pngBomb },
  { id: 'jpeg-bomb', about: 'a JPEG declaring 60000×60000 pixels in 150 bytes', kind: 'jpg', ext: 'jpg', make: jpegBomb },
  { id: 'gif-bomb', about: 'a GIF declaring 65535×65535 pixels in 35 bytes', kind: 'gif', ext: 'gif', make: gifBomb },
  { id: 'many-pages-tiff', about: 'a TIFF of 2,001 one-pixel pages in 228 KB', kind: 'tiff', ext: 'tif', make: () => manyPageTiff(2_001) },
  { id: 'many-pages-pdf', about: 'a PDF of 100,000 pages in 9.7 MB', kind: 'pdf', ext: 'pdf', make: () => manyPagePdf(100_000) },
  { id: 'empty', about: 'a 0-byte file', kind: 'pdf', ext: 'pdf', make: () => Buffer.alloc(0) },
];

export const HOSTILE_IDS: readonly HostileId[] = CORPUS.map((c) => c.id);

/** Writes the whole corpus (or the files named) into `dir`; each file takes well under a second. */
export function writeHostileFiles(dir: string, only: readonly HostileId[] = HOSTILE_IDS): Record<HostileId, HostileFile> {
  fs.mkdirSync(dir, { recursive: true });
  const files = {} as Record<HostileId, HostileFile>;
  for (const c of CORPUS.filter((c) => only.includes(c.id))) {
    const file = path.join(dir, `hostile-${c.id}.${c.ext}`);
    fs.writeFileSync(file, c.make());
    files[c.id] = { id: c.id, about: c.about, kind: c.kind, path: file };
  }
  return files;
}

// ---------------------------------------------------------------------------------------------
// The web pages of HTML to PDF.

export interface HostileSites {
  /** (f) A page holding one table of `rows` rows (300,000 by default, ~20 MB of HTML). */
  tableUrl: string;
  /** (g) A server that accepts the connection and never answers a byte. */
  stallUrl: string;
  /** For URL_FETCH_ALLOWLIST: both servers are internal addresses. */
  allowlist: string;
  /** Connections the stalling server took, and when each was closed by the other side. */
  stalls: Array<{ openedAt: number; closedAt?: number }>;
  close(): Promise<void>;
}

export async function startHostileSites(rows = 300_000): Promise<HostileSites> {
  const table = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write('<!doctype html><html><head><meta charset="utf-8"><title>Huge table</title></head><body><h1>Huge table</h1><table border="1">\n');
    let i = 0;
    // Streamed in slices, so the server's own memory stays small.
    const pump = () => {
      while (i < rows) {
        let slice = '';
        for (const end = Math.min(rows, i + 2000); i < end; i++) slice += `<tr><td>${i + 1}</td><td>Row ${i + 1} of the hostile table</td><td>${(i * 7919) % 100_003}</td></tr>\n`;
        if (!res.write(slice)) return void res.once('drain', pump);
      }
      res.end('</table></body></html>\n');
    };
    res.on('error', () => undefined);
    pump();
  });
  const sockets = new Set<net.Socket>();
  const stalls: HostileSites['stalls'] = [];
  const stall = net.createServer((socket) => {
    const entry: { openedAt: number; closedAt?: number } = { openedAt: Date.now() };
    stalls.push(entry);
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      entry.closedAt = Date.now();
      sockets.delete(socket);
    });
    // Reads the request and never writes anything back.
    socket.resume();
  });
  const listen = (server: net.Server) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const [tablePort, stallPort] = [await listen(table), await listen(stall)];
  return {
    tableUrl: `http://127.0.0.1:${tablePort}/table`,
    stallUrl: `http://127.0.0.1:${stallPort}/never`,
    allowlist: `127.0.0.1:${tablePort},127.0.0.1:${stallPort}`,
    stalls,
    async close() {
      for (const s of sockets) s.destroy();
      table.closeAllConnections();
      await Promise.all([new Promise((r) => table.close(r)), new Promise((r) => stall.close(r))]);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The worker as a process of its own, and the memory of its process tree.

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  /** Resolves when the worker logs that it is ready. */
  ready: Promise<void>;
  /** Resolves with the exit code or signal. */
  exited: Promise<string>;
  /** Whether the process is still running. */
  alive(): boolean;
  /** Its output so far (JSON log lines), for failure messages. */
  output(): string;
  /** SIGKILL to the worker and every descendant (task hosts, engines, Chromium), at once. */
  killTree(): Promise<void>;
}

/**
 * `node --import tsx worker/src/main.ts` with `env` over this process's environment, in a process
 * group of its own, with info logs on, so `ready` can see 'worker ready'.
 */
export function spawnWorker(env: Record<string, string | undefined>): WorkerProcess {
  // Its lost-task check off, as in startStack: it would take other stacks' tasks in the shared database for lost.
  return spawnServer(['--import', 'tsx', 'worker/src/main.ts'], { LOST_TASK_CHECK_MS: '0', ...env }, '"msg":"worker ready"');
}

/**
 * `node <args>` (the api or the worker, from source or compiled) with `env` over this process's
 * environment, in a process group of its own, with info logs on; `ready` resolves once its output
 * holds `readyLine`.
 */
export function spawnServer(args: readonly string[], env: Record<string, string | undefined>, readyLine: string): WorkerProcess {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, SHEAF_LOG: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let exited = false;
  const exitedP = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      resolve(signal ?? String(code));
    });
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-200_000);
      if (out.includes(readyLine)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exitedP.then((how) => reject(new Error(`${args.join(' ')} exited (${how}) before it was ready:\n${out.slice(-4000)}`)));
  });
  ready.catch(() => undefined);
  const pid = child.pid!;
  return {
    child,
    pid,
    ready,
    exited: exitedP,
    alive: () => !exited,
    output: () => out,
    async killTree() {
      // Descendants first (a task host may have left the group), then the group itself.
      for (const p of descendants(pid)) tryKill(p);
      tryKill(-pid);
      tryKill(pid);
      if (!exited) await exitedP;
      // Anything that was mid-fork when the tree was read.
      for (const p of descendants(pid)) tryKill(p);
    },
  };
}

function tryKill(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Whether a process exists and is not a zombie waiting for its parent. */
export function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Every process below `root` (not `root` itself). */
export function descendants(root: number): number[] {
  return processTree(root).slice(1);
}

/** Resident set of one process in bytes, and its proportional share (shared pages split between their users). */
function memoryOf(pid: number): { rss: number; pss: number } {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'latin1');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
    return { rss: kb('Rss'), pss: kb('Pss') };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

/** Memory of a process and all its descendants: summed RSS (counts shared pages once per process) and summed PSS. */
export function treeMemory(root: number): { rss: number; pss: number; processes: number } {
  const pids = [root, ...descendants(root)];
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    const m = memoryOf(pid);
    rss += m.rss;
    pss += m.pss;
  }
  return { rss, pss, processes: pids.length };
}

/**
 * Samples `treeMemory(root())` every `everyMs` and keeps the peak; calls `onOver` once per root
 * process when the summed RSS passes `limitBytes` (a guard for the machine while the worker is not
 * fixed yet).
 */
export function watchTreeMemory(root: () => number | undefined, opts: { everyMs?: number; limitBytes?: number; onOver?: (rss: number) => void } = {}) {
  const peak = { rss: 0, pss: 0, processes: 0 };
  let firedFor: number | undefined;
  const timer = setInterval(() => {
    const pid = root();
    if (!pid) return;
    const m = treeMemory(pid);
    peak.rss = Math.max(peak.rss, m.rss);
    peak.pss = Math.max(peak.pss, m.pss);
    peak.processes = Math.max(peak.processes, m.processes);
    if (opts.limitBytes && m.rss > opts.limitBytes && firedFor !== pid) {
      firedFor = pid;
      opts.onOver?.(m.rss);
    }
  }, opts.everyMs ?? 200);
  timer.unref();
  return {
    peak,
    /** Starts the peak over. */
    reset() {
      peak.rss = peak.pss = peak.processes = 0;
    },
    stop: () => clearInterval(timer),
  };
}

export const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;

// ---------------------------------------------------------------------------------------------
// The campaign: which tool gets which hostile file, what it may answer, and a runner shared by the
// integration test (a representative set) and `npm run bench -- hostile` (the whole cross product).

/** What a case is sent to: a tool, the api's thumbnail route, or the upload itself. */
export type HostileTarget = ToolId | 'thumbnail' | 'upload';
export type HostileInput = HostileId | 'html-table' | 'html-never';

export interface HostileCase {
  /** "content-bomb → pdf-to-word". */
  name: string;
  input: HostileInput;
  target: HostileTarget;
  /** Tool options beyond the inputs (and the URL, for html-to-pdf). */
  options: Record<string, unknown>;
  /** 'done': must succeed; 'fail': must fail with one of `codes`; 'either': Done, or Failed with one of `codes`. */
  outcome: 'done' | 'fail' | 'either';
  codes: readonly ErrorCode[];
  /** Seconds the case may take: the tool's time limit, the thumbnail route's wait, or a few seconds for an upload. */
  limitSeconds: number;
}

/** How long the api waits for a thumbnail job before answering (WAIT_MS in the thumbnail service). */
export const THUMBNAIL_WAIT_SECONDS = 30;

/** Options a tool needs beyond its defaults, chosen to make it do its heaviest work. */
/** The editor tools' request: a text box and a highlight on the first page (content and annotation paths). */
const HOSTILE_EDIT = JSON.stringify({
  version: 1,
  operations: [
    { type: 'text', page: 1, rect: [0.1, 0.1, 0.5, 0.1], text: 'hostile', font: 'sans', size: 12, color: '#000000', bold: false, italic: false, align: 'left' },
    { type: 'highlight', page: 1, rect: [0.1, 0.3, 0.5, 0.05], rects: [[0.1, 0.3, 0.5, 0.05]], color: '#ffff00' },
  ],
});

export const TOOL_OPTIONS: Partial<Record<ToolId, Record<string, unknown>>> = {
  'compress-pdf': { compress: 'high' },
  'delete-pages': { pages: '2' },
  'organize-pdf': { order: '2,1' },
  'rotate-pdf': { angle: 90 },
  'add-watermark': { text: 'hostile', tiled: true },
  'add-header-footer': { footerCenter: '{n} / {total}', bates: true },
  'crop-pdf': { mode: 'trim', common: true },
  'n-up-pdf': { perSheet: 16, borders: true },
  'protect-pdf': { userpassword: 'hostile' },
  'pdf-to-jpg': { dpi: 150 },
  'edit-metadata': { title: 'hostile', moddate: '2024-01-01T00:00:00Z' },
  ...Object.fromEntries((['edit-pdf', 'annotate-pdf', 'sign-pdf'] as const).map((id) => [id, { operations: HOSTILE_EDIT }])),
};

/** What each hostile input may answer, whatever the tool (exceptions in `expectationOf`). */
const ANSWERS: Record<HostileInput, { outcome: HostileCase['outcome']; codes: ErrorCode[] }> = {
  'nested-operators': { outcome: 'either', codes: ['FILE_TOO_COMPLEX', 'TASK_TIMEOUT'] },
  'deep-arrays': { outcome: 'either', codes: ['FILE_TOO_COMPLEX', 'TASK_TIMEOUT', 'PDF_DAMAGED'] },
  'deep-dicts': { outcome: 'either', codes: ['FILE_TOO_COMPLEX', 'TASK_TIMEOUT', 'PDF_DAMAGED'] },
  'image-bomb-pdf': { outcome: 'either', codes: ['IMAGE_TOO_LARGE', 'FILE_TOO_COMPLEX', 'TASK_TIMEOUT'] },
  'content-bomb': { outcome: 'either', codes: ['FILE_TOO_COMPLEX', 'TASK_TIMEOUT'] },
  'page-tree-loop': { outcome: 'fail', codes: ['PDF_PAGE_TREE_BROKEN'] },
  // A valid file: it may only be refused as too large to render, where a tool renders it.
  'tall-page': { outcome: 'either', codes: ['PAGE_TOO_LARGE'] },
  'png-bomb': { outcome: 'fail', codes: ['IMAGE_TOO_LARGE'] },
  'jpeg-bomb': { outcome: 'fail', codes: ['IMAGE_TOO_LARGE'] },
  'gif-bomb': { outcome: 'fail', codes: ['IMAGE_TOO_LARGE'] },
  // More pages than any tool that takes them: refused before any work, in seconds (see violation).
  'many-pages-tiff': { outcome: 'fail', codes: ['TOO_MANY_PAGES'] },
  'many-pages-pdf': { outcome: 'fail', codes: ['TOO_MANY_PAGES'] },
  empty: { outcome: 'fail', codes: ['FILE_EMPTY'] },
  // 20 MB of HTML may take longer to load than HTML_LOAD_SECONDS (tests make it short).
  'html-table': { outcome: 'either', codes: ['FILE_TOO_COMPLEX', 'TASK_TIMEOUT', 'URL_TIMEOUT'] },
  'html-never': { outcome: 'fail', codes: ['URL_TIMEOUT'] },
};

function expectationOf(input: HostileInput, target: HostileTarget, options: Record<string, unknown>): Pick<HostileCase, 'outcome' | 'codes'> {
  const answer = ANSWERS[input];
  // Extracting pictures from a PDF that has none (all but the image bomb) rightly answers NO_IMAGES.
  if (target === 'pdf-to-jpg' && options.mode === 'images' && answer.outcome !== 'fail') return { outcome: 'either', codes: [...answer.codes, 'NO_IMAGES'] };
  // Repair tells a file with nothing to recover from one it could not repair.
  if (target === 'repair-pdf' && answer.codes.includes('PDF_DAMAGED')) return { ...answer, codes: [...answer.codes, 'PDF_UNRECOVERABLE'] };
  // The tall page is valid and small enough to render at every resolution the tools offer.
  if (input === 'tall-page' && (target === 'thumbnail' || target === 'pdf-to-jpg')) return { outcome: 'done', codes: [] };
  // A thumbnail is one page, whatever the document holds.
  if (input === 'many-pages-pdf' && target === 'thumbnail') return { outcome: 'done', codes: [] };
  return answer;
}

function limitOf(target: HostileTarget): number {
  if (target === 'thumbnail') return THUMBNAIL_WAIT_SECONDS;
  if (target === 'upload') return 10;
  return getTool(target)!.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
}

function makeCase(input: HostileInput, target: HostileTarget, options: Record<string, unknown> = {}, label = ''): HostileCase {
  const extra = { ...(target in TOOL_OPTIONS ? TOOL_OPTIONS[target as ToolId] : {}), ...options };
  return { name: `${input} → ${target}${label}`, input, target, options: extra, ...expectationOf(input, target, extra), limitSeconds: limitOf(target) };
}

const KIND_OF: Record<HostileId, FileKind> = Object.fromEntries(CORPUS.map((c) => [c.id, c.kind])) as Record<HostileId, FileKind>;
const PDF_INPUTS: HostileId[] = ['nested-operators', 'deep-arrays', 'deep-dicts', 'image-bomb-pdf', 'content-bomb', 'page-tree-loop', 'tall-page'];

/**
 * Every hostile file × every built tool whose declaration accepts its kind (pdf-to-jpg in both of
 * its modes), a thumbnail of every hostile PDF, the two web pages to html-to-pdf, and the 0-byte
 * file uploaded for every tool that takes a file.
 */
export function allHostileCases(): HostileCase[] {
  const built = TOOLS.filter((t) => t.built) as ToolDefinition[];
  const cases: HostileCase[] = [];
  for (const input of HOSTILE_IDS.filter((id) => id !== 'empty')) {
    for (const tool of built.filter((t) => t.accepts.includes(KIND_OF[input]))) {
      cases.push(makeCase(input, tool.id as ToolId));
      if (tool.id === 'pdf-to-jpg') cases.push(makeCase(input, 'pdf-to-jpg', { mode: 'images' }, ' (images)'));
    }
    if (KIND_OF[input] === 'pdf') cases.push(makeCase(input, 'thumbnail'));
  }
  cases.push(makeCase('html-table', 'html-to-pdf'), makeCase('html-never', 'html-to-pdf'));
  cases.push(makeCase('empty', 'upload'));
  for (const tool of built.filter((t) => t.accepts.includes('pdf'))) cases.push(makeCase('empty', 'upload', { toolType: tool.id }, ` (${tool.id})`));
  return cases;
}

/**
 * The integration test's share, small enough for npm test on two cores: every hostile PDF to the
 * tools that parse (pdf-to-word), render (pdf-to-jpg, thumbnails), rewrite (split, merge) and
 * recompress (compress) it, each image bomb to its image tool (and the PNG to OCR), both web pages,
 * and the empty upload. OCR of the hostile PDFs (a minute each here) is left to the bench.
 */
export function testHostileCases(): HostileCase[] {
  const cases: HostileCase[] = [];
  // Deep arrays are left to the bench: qpdf, which every PDF tool runs first, cuts both deep files alike.
  for (const input of PDF_INPUTS.filter((id) => id !== 'deep-arrays')) {
    for (const tool of ['pdf-to-word', 'pdf-to-jpg', 'split-pdf', 'merge-pdf', 'compress-pdf'] as const) cases.push(makeCase(input, tool));
    cases.push(makeCase(input, 'thumbnail'));
  }
  cases.push(makeCase('png-bomb', 'jpg-to-pdf'), makeCase('png-bomb', 'pdf-ocr'), makeCase('jpeg-bomb', 'jpg-to-pdf'), makeCase('gif-bomb', 'gif-to-pdf'));
  cases.push(makeCase('html-table', 'html-to-pdf'), makeCase('html-never', 'html-to-pdf'));
  cases.push(makeCase('empty', 'upload', { toolType: 'merge-pdf' }, ' (merge-pdf)'));
  return cases;
}

/** The public API as the runner uses it; the test backs it with supertest, the bench with fetch. */
export interface HostileClient {
  /** The upload's JSON answer. */
  upload(file: string, toolType?: string): Promise<Record<string, unknown>>;
  transfer(body: Record<string, unknown>): Promise<Record<string, unknown>>;
  progress(id: string): Promise<Record<string, unknown>>;
  thumbnail(token: string, page: number): Promise<{ status: number; contentType: string; body: Buffer }>;
}

/** What became of one case. */
export interface HostileOutcome {
  case: HostileCase;
  status: 'Done' | 'Failed' | 'Unfinished' | 'Refused';
  errorCode?: string;
  message?: string;
  /** Attempts the worker made (Task.attempts); undefined for thumbnails and uploads. */
  attempts?: number;
  /** Seconds from the worker starting the task to its end (queue time excluded), or of the request. */
  seconds: number;
  taskId?: string;
  /** Result URLs of a Done task, or the thumbnail JPEG. */
  outputs?: string[];
  thumbnail?: Buffer;
}

/** The catalogue's message for the outcome's code; a page limit's names the tool's limit. */
function expectedMessage(o: HostileOutcome): string {
  const tool = getTool(o.case.target);
  // Only a page limit reads the options (an address-only tool's case has none of its own to parse).
  const max = o.errorCode === 'TOO_MANY_PAGES' && tool ? pageLimitOf(tool, tool.options.parse(o.case.options)) : undefined;
  return max !== undefined ? tooManyPages(max, max + 1).message : ERRORS[o.errorCode as ErrorCode].message;
}

/** Why an outcome breaks its case's rule, or undefined when it keeps it. */
export function violation(o: HostileOutcome): string | undefined {
  const c = o.case;
  const got = o.status === 'Done' ? 'Done' : `${o.status} ${o.errorCode ?? ''} "${o.message ?? ''}"`;
  if (o.status === 'Unfinished') return `not finished after ${o.seconds.toFixed(0)} s (limit ${c.limitSeconds} s)`;
  if (o.status === 'Done' && c.outcome === 'fail') return `Done, expected Failed ${c.codes.join(' or ')}`;
  if (o.status !== 'Done') {
    if (c.outcome === 'done') return `${got}, expected Done`;
    if (!c.codes.includes(o.errorCode as ErrorCode)) return `${got}, expected ${c.outcome === 'either' ? 'Done or ' : ''}${c.codes.join(' or ')}`;
    if (o.message !== expectedMessage(o)) return `${got}: not the catalogue's message for ${o.errorCode}`;
  }
  if (o.attempts !== undefined && o.attempts !== 1) return `${got} after ${o.attempts} attempts, expected 1`;
  // A little slack over the limit: the worker notices it, kills, records.
  if (o.seconds > c.limitSeconds + 10) return `${got} after ${o.seconds.toFixed(1)} s, over the limit of ${c.limitSeconds} s`;
  return undefined;
}

export interface HostileRunOptions {
  files: Record<HostileId, HostileFile>;
  sites: HostileSites;
  /** A small PDF to merge with a hostile one, for merge-pdf. */
  companion: string;
  /** Task rows as the database holds them. */
  taskRow(id: string): Promise<{ attempts: number; startedAt: Date | null; finishedAt: Date | null } | null>;
  /** Hostile cases running at once. */
  inFlight: number;
  /** Stop waiting for a case after this many seconds even when its limit is longer (a test's budget). */
  capSeconds?: number;
  /** Milliseconds between progress polls. */
  pollMs?: number;
  /** Called as each case starts. */
  onStart?(c: HostileCase): void;
  /** Called as each case ends (the bench prints progress). */
  onOutcome?(o: HostileOutcome): void;
  /** Called as each small merge ends. */
  onMerge?(m: { seconds: number; status: string }): void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs one case through the public API. */
export async function runHostileCase(client: HostileClient, c: HostileCase, opts: HostileRunOptions): Promise<HostileOutcome> {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const pollMs = opts.pollMs ?? 200;
  const refused = (body: Record<string, unknown>): HostileOutcome => ({
    case: c,
    status: 'Refused',
    errorCode: body.error as string | undefined,
    message: body.message as string | undefined,
    seconds: elapsed(),
  });

  if (c.target === 'upload') {
    const body = await client.upload(opts.files.empty.path, c.options.toolType as string | undefined);
    if (body.code === TOOL_CODE.done) return { case: c, status: 'Done', seconds: elapsed() };
    return refused(body);
  }

  let token: string | undefined;
  if (c.input !== 'html-table' && c.input !== 'html-never') {
    const body = await client.upload(opts.files[c.input].path, c.target === 'thumbnail' ? undefined : c.target);
    if (body.code !== TOOL_CODE.done) return refused(body);
    token = body.token as string;
  }

  if (c.target === 'thumbnail') {
    const res = await client.thumbnail(token!, 1);
    const seconds = elapsed();
    if (res.status === 200) return { case: c, status: 'Done', seconds, thumbnail: res.body };
    const body = JSON.parse(res.body.toString('utf8') || '{}') as Record<string, unknown>;
    return { case: c, status: 'Failed', errorCode: body.error as string, message: body.message as string, seconds };
  }

  const request: Record<string, unknown> = { toolType: c.target, ...c.options };
  if (c.target === 'html-to-pdf') request.url = c.input === 'html-table' ? opts.sites.tableUrl : opts.sites.stallUrl;
  else if (c.target === 'merge-pdf') {
    const companion = await client.upload(opts.companion, 'merge-pdf');
    request.urls = `${token};${companion.token as string}`;
  } else request.token = token;
  let answer = await client.transfer(request);
  const id = answer.id as string | undefined;
  if (!id) return refused(answer);

  const cap = Math.min(c.limitSeconds + 15, opts.capSeconds ?? Infinity);
  for (;;) {
    const result = answer.result as { status?: string; errorCode?: string; message?: string; fileurl?: string; pdfurls?: string[]; imageurls?: string[] } | undefined;
    const status = result?.status;
    if (status === 'Done' || status === 'Failed' || elapsed() > cap) {
      const row = await opts.taskRow(id);
      const ran = row?.startedAt && row.finishedAt ? (row.finishedAt.getTime() - row.startedAt.getTime()) / 1000 : elapsed();
      if (status !== 'Done' && status !== 'Failed') return { case: c, status: 'Unfinished', seconds: elapsed(), attempts: row?.attempts, taskId: id };
      const outputs = [result?.fileurl, ...(result?.pdfurls ?? []), ...(result?.imageurls ?? [])].filter((u): u is string => !!u);
      return { case: c, status, errorCode: result?.errorCode, message: result?.message, attempts: row?.attempts, seconds: ran, taskId: id, outputs: [...new Set(outputs)] };
    }
    await sleep(pollMs);
    answer = await client.progress(id);
  }
}

/** Seconds a small merge takes through the API (upload excluded), polling every 50 ms. */
export async function timedMerge(client: HostileClient, tokens: readonly [string, string]): Promise<{ seconds: number; status: string }> {
  const started = performance.now();
  let answer = await client.transfer({ toolType: 'merge-pdf', urls: tokens.join(';') });
  const id = answer.id as string;
  for (;;) {
    const status = (answer.result as { status?: string } | undefined)?.status ?? 'Refused';
    if (status !== 'Doing' || !id) return { seconds: (performance.now() - started) / 1000, status };
    if (performance.now() - started > 120_000) return { seconds: 120, status: 'Unfinished' };
    await sleep(50);
    answer = await client.progress(id);
  }
}

/**
 * Runs `cases`, `inFlight` at a time, while small merges run one after another beside them; returns
 * each case's outcome and every merge's time and status.
 */
export async function runHostileCampaign(client: HostileClient, cases: readonly HostileCase[], opts: HostileRunOptions & { mergeTokens: readonly [string, string] }) {
  const outcomes: HostileOutcome[] = [];
  const merges: Array<{ seconds: number; status: string }> = [];
  let running = true;
  const prober = (async () => {
    while (running) {
      const merge = await timedMerge(client, opts.mergeTokens);
      merges.push(merge);
      opts.onMerge?.(merge);
      await sleep(250);
    }
  })();
  const queue = [...cases];
  const lane = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      opts.onStart?.(c);
      const outcome = await runHostileCase(client, c, opts).catch(
        (e: unknown): HostileOutcome => ({ case: c!, status: 'Failed', errorCode: 'CLIENT_ERROR', message: String(e), seconds: 0 }),
      );
      outcomes.push(outcome);
      opts.onOutcome?.(outcome);
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.inFlight }, lane));
  } finally {
    running = false;
    await prober;
  }
  return { outcomes, merges };
}

/** The q-th quantile (0..1) of `values`, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
