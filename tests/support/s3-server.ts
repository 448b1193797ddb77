import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's own key pair: it checks signatures, so the client signs with these. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const REGION = 'us-east-1';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** A client's settings for this server, named directly (the conformance suite). */
  config: S3ClientConfig;
  /** The AWS SDK's variables for this server (a stack configured like an operator would). */
  sdkEnv: Record<string, string>;
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/** A local S3-protocol server (s3rver) on a free port with a bucket, its data in a temp folder. */
export async function startS3Server(bucket = 'sheaf-files'): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'sheaf-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3ClientConfig = { endpoint, region: REGION, credentials: CREDENTIALS, forcePathStyle: true };
  const client = new S3Client(config);
  return {
    endpoint,
    bucket,
    config,
    sdkEnv: {
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
