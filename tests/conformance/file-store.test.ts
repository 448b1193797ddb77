import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '#shared/server/file-store';
import { LocalFileStore } from '#shared/server/file-store-local';
import { S3FileStore } from '#shared/server/file-store-s3';
import { randomId } from '#shared/server/ids';
import { startS3Server } from '../support/s3-server';

/** Every FILE_STORE driver, opened on storage of its own for this file. */
const DRIVERS: Array<{ name: string; open(): Promise<{ store: FileStore; close(): Promise<void> }> }> = [
  {
    name: 'local',
    async open() {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-files-'));
      return { store: new LocalFileStore(root), close: async () => fs.rmSync(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 's3',
    async open() {
      const server = await startS3Server();
      return { store: new S3FileStore(server.bucket, server.config), close: () => server.stop() };
    },
  },
];

const bytesOf = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: NodeJS.ErrnoException) => e,
  );

describe.each(DRIVERS)('$name file store', (driver) => {
  let store: FileStore;
  let close: () => Promise<void>;
  let dir: string;
  /** A temp file holding `bytes`, as an upload or a processor's output would be. */
  const tempFile = (bytes: Buffer) => {
    const file = path.join(dir, randomId(12));
    fs.writeFileSync(file, bytes);
    return file;
  };
  const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

  beforeAll(async () => {
    ({ store, close } = await driver.open());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-store-test-'));
  });
  afterAll(async () => {
    await close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('moves a file in and reads back its bytes and size', async () => {
    const key = randomId(32);
    const source = tempFile(BYTES);
    await store.putFromPath(key, source);
    expect(fs.existsSync(source)).toBe(false);
    expect(await store.size(key)).toBe(BYTES.length);
    expect(await bytesOf(store.read(key))).toEqual(BYTES);
  });

  it('reads a byte range, both ends included', async () => {
    const key = randomId(32);
    await store.putFromPath(key, tempFile(BYTES));
    expect(await bytesOf(store.read(key, { start: 10, end: 19 }))).toEqual(BYTES.subarray(10, 20));
    expect(await bytesOf(store.read(key, { start: 999, end: 999 }))).toEqual(BYTES.subarray(999));
  });

  it('copies a stored file to a local path and keeps it stored', async () => {
    const key = randomId(32);
    await store.putFromPath(key, tempFile(BYTES));
    const copy = path.join(dir, 'copy.bin');
    await store.copyToPath(key, copy);
    expect(fs.readFileSync(copy)).toEqual(BYTES);
    expect(await store.size(key)).toBe(BYTES.length);
  });

  it('removes a file, and removing it again is no error', async () => {
    const key = randomId(32);
    await store.putFromPath(key, tempFile(BYTES));
    await store.remove(key);
    expect((await failureOf(store.size(key)))?.code).toBe('ENOENT');
    await expect(store.remove(key)).resolves.toBeUndefined();
  });

  it('reports a missing key as ENOENT, on the stream for a read', async () => {
    const key = randomId(32);
    expect((await failureOf(store.size(key)))?.code).toBe('ENOENT');
    expect((await failureOf(store.copyToPath(key, path.join(dir, 'never.bin'))))?.code).toBe('ENOENT');
    // read answers at once, like a file stream: the caller sets headers and pipes before the bytes come.
    const stream = store.read(key);
    expect((await failureOf(bytesOf(stream)))?.code).toBe('ENOENT');
  });

  it('refuses a key that is not one the server made', async () => {
    for (const key of ['../../etc/passwd', 'a/b/cdefghij', 'short', '.hidden-file-x']) {
      await expect(store.putFromPath(key, tempFile(BYTES))).rejects.toThrow('unsafe storage key');
      await expect(store.size(key)).rejects.toThrow('unsafe storage key');
      await expect(store.copyToPath(key, path.join(dir, 'x'))).rejects.toThrow('unsafe storage key');
      await expect(store.remove(key)).rejects.toThrow('unsafe storage key');
      expect(() => store.read(key)).toThrow('unsafe storage key');
    }
  });

  it('streams a large file in and out in pieces, whole and by range', async () => {
    // 12 MB: more than two of the S3 driver's 5 MB upload parts, written and read a chunk at a time.
    const chunk = (i: number) => Buffer.alloc(256 * 1024, i % 256);
    const source = path.join(dir, 'large.bin');
    const hash = createHash('sha256');
    await pipeline(
      (async function* () {
        for (let i = 0; i < 48; i++) {
          hash.update(chunk(i));
          yield chunk(i);
        }
      })(),
      fs.createWriteStream(source),
    );
    const size = 48 * 256 * 1024;
    const key = randomId(32);
    await store.putFromPath(key, source);
    expect(await store.size(key)).toBe(size);

    const read = createHash('sha256');
    let largest = 0;
    for await (const part of store.read(key)) {
      read.update(part as Buffer);
      largest = Math.max(largest, (part as Buffer).length);
    }
    expect(read.digest('hex')).toBe(hash.digest('hex'));
    expect(largest).toBeLessThan(1024 * 1024);

    // Across the boundary of the first upload part: the last byte of chunk 19 and the first of chunk 20.
    const boundary = 20 * 256 * 1024;
    expect([...(await bytesOf(store.read(key, { start: boundary - 1, end: boundary })))]).toEqual([19, 20]);
    const copy = path.join(dir, 'large-copy.bin');
    await store.copyToPath(key, copy);
    expect(sha256(fs.readFileSync(copy))).toBe(sha256(await bytesOf(store.read(key))));
    await store.remove(key);
  });
});
