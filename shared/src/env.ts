import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_MB, DEFAULT_RETENTION_MINUTES } from './limits';

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 0),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  DATA_DIR: z.string().default('.data'),
  FILE_RETENTION_MINUTES: int(DEFAULT_RETENTION_MINUTES, 1),
  DOWNLOAD_POLICY: z.enum(['pro', 'login', 'open']).default('open'),
  MAX_UPLOAD_MB: int(DEFAULT_MAX_UPLOAD_MB, 1),
  WORKER_CONCURRENCY: int(2, 1),
  /** How long a job may go without its worker's heartbeat before another worker takes it over. */
  WORKER_LOCK_MS: int(30_000, 1000),
  /** How often the retention sweep runs. */
  SWEEP_INTERVAL_MS: int(60_000, 1000),
  QUEUE_PREFIX: z.string().default('sheaf'),
  SMTP_URL: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  AI_BASE_URL: z.string().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
});

export type Env = z.infer<typeof ZEnv> & { filesDir: string; tmpDir: string };

let cached: Env | undefined;

/** Validates the environment once; a bad value stops the process with a clear message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (cached && source === process.env) return cached;
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    console.error(`Sheaf cannot start, the configuration is invalid:\n${lines}`);
    process.exit(1);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const env = { ...parsed.data, DATA_DIR: dataDir, filesDir: path.join(dataDir, 'files'), tmpDir: path.join(dataDir, 'tmp') };
  if (source === process.env) cached = env;
  return env;
}
