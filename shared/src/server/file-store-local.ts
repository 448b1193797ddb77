import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type ByteRange, type FileStore } from './file-store';

/** Files under one folder of the local disk, spread over subfolders by the key's first two characters. */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    assertSafeKey(key);
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
