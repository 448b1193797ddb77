import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a file, both included (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where uploaded and produced files live: local disk (`FILE_STORE=local`) or an S3-compatible bucket (`s3`). */
export interface FileStore {
  /** Moves a finished local file into the store under `key`. */
  putFromPath(key: string, sourcePath: string): Promise<void>;
  /** Copies a stored file to a local path (a processor's private copy). */
  copyToPath(key: string, targetPath: string): Promise<void>;
  /** The file's bytes, or only `range`; a missing file is an error on the stream. */
  read(key: string, range?: ByteRange): Readable;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async putFromPath(key: string, sourcePath: string): Promise<void> {
    const target = this.resolve(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(sourcePath, target);
    } catch (e) {
      // Different filesystems (tmp on another volume): copy then remove.
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      await fs.copyFile(sourcePath, target);
      await fs.rm(sourcePath, { force: true });
    }
  }

  async copyToPath(key: string, targetPath: string): Promise<void> {
    await fs.copyFile(this.resolve(key), targetPath);
  }

  read(key: string, range?: ByteRange): Readable {
    return createReadStream(this.resolve(key), range);
  }

  async size(key: string): Promise<number> {
    return (await fs.stat(this.resolve(key))).size;
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }
}
