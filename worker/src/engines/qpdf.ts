import path from 'node:path';
import { runEngine } from './run';

const QPDF = 'qpdf';
/** qpdf is fast (a 100 MB merge takes seconds); this only stops a pathological file. */
const TIMEOUT_MS = 120_000;
/** qpdf exits 3 for "succeeded with warnings", which is what a repaired file looks like. */
const SUCCESS = [0, 3] as const;

/**
 * Paths are made absolute so qpdf can never read one as an option ("-x.pdf") or as an argument
 * file ("@list"), and never as a page range inside --pages.
 */
const abs = (file: string) => path.resolve(file);

/**
 * True when the file cannot be opened without a user password. Owner-only (restrictions-only)
 * files open with the empty password, so they are not "required". `--requires-password` exits
 * 0 = a password is needed, 2 = not encrypted (also: unreadable), 3 = encrypted but opens.
 */
export async function isPasswordRequired(file: string, signal?: AbortSignal): Promise<boolean> {
  const { code } = await runEngine(QPDF, ['--requires-password', abs(file)], { timeoutMs: TIMEOUT_MS, signal, okCodes: [0, 2, 3] });
  return code === 0;
}

export async function pageCount(file: string, signal?: AbortSignal): Promise<number> {
  const { stdout } = await runEngine(QPDF, ['--show-npages', abs(file)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: SUCCESS,
    errorCode: 'PDF_DAMAGED',
  });
  return Number.parseInt(stdout.trim(), 10);
}

/**
 * Rewrites a PDF without encryption, reconstructing a broken cross-reference table on the way.
 * Only for files that open without a password (owner-only encryption is dropped here).
 * A file qpdf cannot make sense of fails with PDF_DAMAGED.
 */
export async function rewriteRepaired(input: string, output: string, signal?: AbortSignal): Promise<void> {
  await runEngine(QPDF, ['--decrypt', abs(input), abs(output)], { timeoutMs: TIMEOUT_MS, signal, okCodes: SUCCESS, errorCode: 'PDF_DAMAGED' });
}

/**
 * Concatenates whole documents in order. Starting from --empty keeps no document-level data of
 * any input (metadata, outlines); qpdf still carries pages' links and form fields across.
 */
export async function merge(inputs: readonly string[], output: string, signal?: AbortSignal): Promise<void> {
  await runEngine(QPDF, ['--empty', '--pages', ...inputs.map(abs), '--', abs(output)], { timeoutMs: TIMEOUT_MS, signal, okCodes: SUCCESS });
}

/**
 * Copies pages `from`..`to` (1-based, inclusive) into a new file. Built from --empty, because
 * keeping the source as the base would drag every page referenced by its outlines along.
 */
export async function extractPages(input: string, from: number, to: number, output: string, signal?: AbortSignal): Promise<void> {
  await runEngine(QPDF, ['--empty', '--pages', abs(input), `${from}-${to}`, '--', abs(output)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: SUCCESS,
  });
}

/** Lossless shrink: every Flate stream recompressed at the highest level, objects packed into object streams. */
export async function recompress(input: string, output: string, signal?: AbortSignal): Promise<void> {
  await runEngine(QPDF, ['--recompress-flate', '--compression-level=9', '--object-streams=generate', abs(input), abs(output)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: SUCCESS,
  });
}
