import path from 'node:path';
import { AppError, isAppError } from '#shared/errors';
import { runEngine } from './run';

/**
 * libarchive's bsdtar, for the archives inside comic books: RAR 4 and 5 (CBR), 7z (CB7) and ZIP
 * (CBZ). Debian's calibre cannot open RAR at all (its unrar module is not packaged), and
 * libarchive reads all three with one tool.
 */

const BSDTAR = 'bsdtar';
const LIST_TIMEOUT_MS = 30_000;
const EXTRACT_TIMEOUT_MS = 120_000;
/** Listings are parsed as UTF-8 whatever the worker's locale. */
const ENV = { LC_ALL: 'C.UTF-8' };

export interface ArchiveEntry {
  name: string;
  /** Unpacked size as the archive declares it. */
  size: number;
  /** Regular file (symlinks, hard links, directories and devices are not). */
  file: boolean;
}

/** `-rw-r--r--  0 0      0        3108 Aug 30  2019 komga-1.png` (mode, links, owner, group, size, date, name). */
const LINE = /^(\S{10})\s+\d+\s+\S+\s+\S+\s+(\d+)\s+\S+\s+\d+\s+\S+\s(.*)$/;

/** Lists an archive without extracting it; a file libarchive cannot read fails with `damaged`. */
export async function listArchive(file: string, damaged: 'EBOOK_DAMAGED', signal?: AbortSignal): Promise<ArchiveEntry[]> {
  const { stdout } = await runEngine(BSDTAR, ['-t', '-v', '-f', path.resolve(file)], {
    timeoutMs: LIST_TIMEOUT_MS,
    signal,
    env: ENV,
    errorCode: damaged,
    maxStdoutBytes: 16 * 1024 * 1024,
  });
  const entries: ArchiveEntry[] = [];
  for (const line of stdout.split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const [, mode, size, name] = m;
    entries.push({ name: mode.startsWith('l') ? name.replace(/ -> .*$/, '') : name.replace(/ link to .*$/, ''), size: Number(size), file: mode.startsWith('-') && !/ link to /.test(name) });
  }
  return entries;
}

/**
 * Extracts the whole archive into `dir`. bsdtar's defaults refuse absolute paths, ".." and
 * writing through symlinks; owners and permissions are not restored. Every file written is capped
 * at `maxFileBytes` (the kernel stops the process past it), so an archive whose entries unpack
 * to more than they declare cannot fill the disk.
 */
export async function extractArchive(file: string, dir: string, maxFileBytes: number, damaged: 'EBOOK_DAMAGED', signal?: AbortSignal): Promise<void> {
  try {
    await runEngine(
      'prlimit',
      [`--fsize=${Math.max(1, Math.ceil(maxFileBytes))}`, '--', BSDTAR, '-x', '--no-same-owner', '--no-same-permissions', '-f', path.resolve(file), '-C', path.resolve(dir)],
      // Exit 1 means some entries failed (a bad checksum, say): keep the pages that came out.
      { timeoutMs: EXTRACT_TIMEOUT_MS, signal, env: ENV, errorCode: damaged, okCodes: [0, 1] },
    );
  } catch (e) {
    if (isAppError(e) && /SIGXFSZ/.test(e.detail ?? '')) throw new AppError('ARCHIVE_TOO_LARGE', `an entry unpacks beyond ${maxFileBytes} bytes`);
    throw e;
  }
}
