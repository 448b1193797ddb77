import fs from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';
import { createDb } from './db';
import type { Deps } from './deps';
import type { FileStore } from './file-store';
import { LocalFileStore } from './file-store-local';
import { S3FileStore } from './file-store-s3';
import { aiIndexQueue, taskQueue, thumbEvents, thumbQueue, webhookQueue } from './jobs';
import { OutboxMailer, SmtpMailer } from './mailer';
import { openAiProvider } from './openai-provider';
import { queueError, watchPostgres } from './outage';
import { commandConnection, queueConnection } from './redis';
import { stripeClient } from './stripe-client';

/** The FILE_STORE driver; the S3 one takes the rest of its settings from the AWS SDK's own variables. */
const fileStoreOf = (env: Env): FileStore => (env.FILE_STORE === 's3' ? new S3FileStore(env.S3_BUCKET!) : new LocalFileStore(env.filesDir));

/** Builds the real dependencies from the environment. */
export function makeDeps(env: Env): Deps & { close(): Promise<void> } {
  fs.mkdirSync(env.filesDir, { recursive: true });
  fs.mkdirSync(env.tmpDir, { recursive: true });
  const db = createDb(env.DATABASE_URL);
  const redis = commandConnection(env.REDIS_URL);
  const queueRedis = queueConnection(env.REDIS_URL);
  const tasks = taskQueue(queueRedis, env.QUEUE_PREFIX);
  const quickTasks = taskQueue(queueRedis, env.QUEUE_PREFIX, 'quick');
  const thumbs = thumbQueue(queueRedis, env.QUEUE_PREFIX);
  const aiIndex = aiIndexQueue(queueRedis, env.QUEUE_PREFIX);
  const webhooks = webhookQueue(queueRedis, env.QUEUE_PREFIX);
  // QueueEvents blocks on its connection, so it gets one of its own.
  const eventsRedis = queueConnection(env.REDIS_URL);
  const events = thumbEvents(eventsRedis, env.QUEUE_PREFIX);
  // Without a listener, BullMQ prints each failed reconnect while Redis is away.
  const emitters: Record<string, { on(event: 'error', listener: (err: Error) => void): unknown }> = { tasks, quickTasks, thumbs, aiIndex, webhooks, events };
  for (const [name, emitter] of Object.entries(emitters)) emitter.on('error', queueError(`${name} queue error`));
  const stopWatchingDb = watchPostgres(() => db.$queryRaw`SELECT 1`);
  return {
    env,
    db,
    redis,
    tasks,
    quickTasks,
    thumbs,
    thumbEvents: events,
    aiIndex,
    webhooks,
    ai: openAiProvider(env),
    store: fileStoreOf(env),
    mail: env.SMTP_URL ? new SmtpMailer(env.SMTP_URL) : new OutboxMailer(path.join(env.DATA_DIR, 'outbox')),
    stripe: env.billingConfigured ? stripeClient(env) : null,
    now: () => new Date(),
    async close() {
      stopWatchingDb();
      // Closing a queue waits for Redis; when Redis is gone there is nothing left to flush.
      await Promise.race([Promise.all([tasks.close(), quickTasks.close(), thumbs.close(), aiIndex.close(), webhooks.close(), events.close()]), new Promise((r) => setTimeout(r, 2000).unref())]);
      queueRedis.disconnect();
      eventsRedis.disconnect();
      redis.disconnect();
      await db.$disconnect();
    },
  };
}
