import type { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import type Stripe from 'stripe';
import type { Env } from '../env';
import type { Db } from './db';
import type { FileStore } from './file-store';
import type { AiIndexJob, TaskJob, ThumbJob, WebhookJob } from './jobs';
import type { AiProvider } from './ai-provider';
import type { Mailer } from './mailer';

/** The side effects a process works through; tests build the same real ones against their own database. */
export interface Deps {
  env: Env;
  db: Db;
  /** Fail-fast Redis connection for reads (health, engine list, limits). */
  redis: Redis;
  tasks: Queue<TaskJob>;
  /** The quick lane: tools declared `lane: 'quick'`. */
  quickTasks: Queue<TaskJob>;
  thumbs: Queue<ThumbJob>;
  /** Completion events of thumbnail jobs, so a request can wait for its page. */
  thumbEvents: QueueEvents;
  /** Indexing jobs of AI documents. */
  aiIndex: Queue<AiIndexJob>;
  /** Webhook deliveries of ended tasks. */
  webhooks: Queue<WebhookJob>;
  /** The model behind generative mode; null without AI_BASE_URL/AI_API_KEY/AI_MODEL (document mode). */
  ai: AiProvider | null;
  store: FileStore;
  mail: Mailer;
  /** Stripe (or a server speaking its protocol, STRIPE_API_URL); null when billing is not configured. */
  stripe: Stripe | null;
  /** The clock, so retention can be tested without waiting an hour. */
  now: () => Date;
}
