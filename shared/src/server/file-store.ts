import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a file, both included (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded and produced files live: local disk (`FILE_STORE=local`, file-store-local.ts) or an
 * S3-compatible bucket (`s3`, file-store-s3.ts). Both pass tests/conformance/file-store.test.ts.
 */
export interface FileStore {
  /** Moves a finished local file into the store under `key` (the source is gone afterwards). */
  putFromPath(key: string, sourcePath: string): Promise<void>;
  /** Copies a stored file to a local path (a processor's private copy). */
  copyToPath(key: string, targetPath: string): Promise<void>;
  /** The file's bytes, or only `range`; a missing file is an error on the stream. */
  read(key: string, range?: ByteRange): Readable;
  size(key: string): Promise<number>;
  /** Removes the file; one already gone is not an error. */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** Keys are ids the server made; anything else (a path, a dot) is refused before it reaches a driver's storage. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
}

/** What every driver reports for a key it does not hold: the error Node's fs gives a missing file. */
export function missingFileError(key: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`no stored file ${key}`), { code: 'ENOENT' });
}
