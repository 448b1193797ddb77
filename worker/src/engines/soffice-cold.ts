import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import libreOffice from 'libreoffice-convert';
import { AppError } from '../../../shared/src/errors';
import { checkZip, readZipEntry } from '../archive-guard';
import type { SofficeCallOptions, SofficeRequest } from './soffice-pool';

/** Stands in for soffice: seeds libreoffice-convert's fresh profile, runs soffice under a time limit. */
const WRAPPER = path.join(import.meta.dirname, 'soffice-cold.sh');

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
 * only says it could not load it. These are the two common cases: an encrypted Office Open XML
 * file (an OLE container holding an "EncryptedPackage" stream) and an encrypted OpenDocument
 * (its manifest carries encryption data). Legacy .doc/.xls/.ppt encryption reads as damaged here.
 */
export async function looksPasswordProtected(file: string): Promise<boolean> {
  const bytes = await readFile(file);
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) return bytes.includes(Buffer.from('EncryptedPackage', 'utf16le'));
  try {
    const listing = await checkZip(file, { limits: { verify: false } });
    const manifest = await readZipEntry(file, listing, 'META-INF/manifest.xml', 4 * 1024 * 1024);
    return manifest !== null && manifest.includes('encryption-data');
  } catch {
    return false;
  }
}
