import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { assertSafeKey, missingFileError, type ByteRange, type FileStore } from './file-store';

type Sdk = typeof import('@aws-sdk/client-s3');
type Storage = typeof import('@aws-sdk/lib-storage');

/** What an S3 server answers for a key it does not hold: GetObject names it, HeadObject only has the status. */
const isMissing = (e: unknown) => {
  const error = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
};

/**
 * Objects in an S3-compatible bucket, one per key. The SDK finds the region, the credentials and
 * the endpoint in its own variables (AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_ENDPOINT_URL_S3); `config` is for callers that name them directly. The SDK is loaded on first
 * use, so a server on the local driver never loads it.
 */
export class S3FileStore implements FileStore {
  private sdk?: Promise<{ s3: Sdk; storage: Storage; client: S3Client }>;

  constructor(
    private readonly bucket: string,
    private readonly config: S3ClientConfig = {},
  ) {}

  private load() {
    this.sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => {
      // A server of one's own (MinIO, Garage, a test server) rarely has a DNS name per bucket: address it by path.
      const endpointSet = Boolean(this.config.endpoint ?? process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL);
      return { s3, storage, client: new s3.S3Client({ forcePathStyle: endpointSet, ...this.config }) };
    });
    return this.sdk;
  }

  private async object(key: string, range?: ByteRange, abortSignal?: AbortSignal): Promise<Readable> {
    const { s3, client } = await this.load();
    try {
      const answer = await client.send(
        new s3.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }),
        { abortSignal },
      );
      return answer.Body as Readable;
    } catch (e) {
      throw isMissing(e) ? missingFileError(key) : e;
    }
  }

  async putFromPath(key: string, sourcePath: string): Promise<void> {
    assertSafeKey(key);
    const { storage, client } = await this.load();
    // Upload sends a large file in parts, a few at a time: the file is never whole in memory.
    await new storage.Upload({ client, params: { Bucket: this.bucket, Key: key, Body: createReadStream(sourcePath) } }).done();
    // The same move as the local driver's: the caller's temp file is gone once stored.
    await fs.rm(sourcePath, { force: true });
  }

  async copyToPath(key: string, targetPath: string): Promise<void> {
    assertSafeKey(key);
    await pipeline(await this.object(key), createWriteStream(targetPath));
  }

  read(key: string, range?: ByteRange): Readable {
    assertSafeKey(key);
    // The caller gets its stream at once, as from the disk; the object's bytes flow in when the server answers.
    const out = new PassThrough();
    const abort = new AbortController();
    out.once('close', () => abort.abort());
    this.object(key, range, abort.signal)
      .then((body) => pipeline(body, out))
      .catch((e: unknown) => out.destroy(e as Error));
    return out;
  }

  async size(key: string): Promise<number> {
    assertSafeKey(key);
    const { s3, client } = await this.load();
    try {
      const head = await client.send(new s3.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (e) {
      throw isMissing(e) ? missingFileError(key) : e;
    }
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    const { s3, client } = await this.load();
    // S3 answers a delete of a missing key with success, as `rm -f` does.
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
