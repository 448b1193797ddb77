import fs from 'node:fs';
import type { Env } from '../env';
import { createDb } from './db';
import type { Deps } from './deps';
import { LocalFileStore } from './file-store';
import { taskQueue } from './jobs';
import { commandConnection, queueConnection } from './redis';

/** Builds the real dependencies from the environment. */
export function makeDeps(env: Env): Deps & { close(): Promise<void> } {
  fs.mkdirSync(env.filesDir, { recursive: true });
  fs.mkdirSync(env.tmpDir, { recursive: true });
  const db = createDb(env.DATABASE_URL);
  const redis = commandConnection(env.REDIS_URL);
  const queueRedis = queueConnection(env.REDIS_URL);
  const tasks = taskQueue(queueRedis, env.QUEUE_PREFIX);
  return {
    env,
    db,
    redis,
    tasks,
    store: new LocalFileStore(env.filesDir),
    now: () => new Date(),
    async close() {
      // Closing a queue waits for Redis; when Redis is gone there is nothing left to flush.
      await Promise.race([tasks.close(), new Promise((r) => setTimeout(r, 2000).unref())]);
      queueRedis.disconnect();
      redis.disconnect();
      await db.$disconnect();
    },
  };
}
