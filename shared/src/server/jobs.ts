import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';

export const TASK_QUEUE = 'tasks';
/**
 * Lanes of tasks, each a queue with slots of its own in every worker: `quick` for small, bounded
 * page operations (a tool declares `lane: 'quick'`), `heavy` for everything else.
 */
export const TASK_LANES = ['heavy', 'quick'] as const;
export type TaskLane = (typeof TASK_LANES)[number];
export const taskQueueName = (lane: TaskLane) => (lane === 'quick' ? `${TASK_QUEUE}-quick` : TASK_QUEUE);

/** Past these, a quick tool's task is not small any more (a 20,000-page split) and takes the heavy lane. */
const QUICK_MAX_BYTES = 25 * 1024 * 1024;
const QUICK_MAX_PAGES = 2000;

/** The lane of a task: its tool's, unless its inputs are too large to stay quick. */
export function laneOf(tool: { lane?: 'quick' }, inputs: ReadonlyArray<{ size: bigint | number; pages: number | null }>): TaskLane {
  if (tool.lane !== 'quick') return 'heavy';
  const bytes = inputs.reduce((sum, f) => sum + Number(f.size), 0);
  const pages = inputs.reduce((sum, f) => sum + (f.pages ?? 0), 0);
  return bytes <= QUICK_MAX_BYTES && pages <= QUICK_MAX_PAGES ? 'quick' : 'heavy';
}
export const MAINTENANCE_QUEUE = 'maintenance';
export const THUMB_QUEUE = 'thumbnails';
/** Indexing of AI documents: text page by page, OCR where a page has none, chunks in PostgreSQL. */
export const AI_INDEX_QUEUE = 'ai-index';
/** Webhook deliveries: one job per ended task that was started with a key and a webhookUrl. */
export const WEBHOOK_QUEUE = 'webhooks';

/** Job payloads, one shape per queue. */
export interface TaskJob {
  taskId: string;
}
export type MaintenanceJob = { kind: 'retention-sweep' };
/** Render pages `from`..`to` (1-based) of a stored PDF as thumbnails; answers the page count. */
export interface ThumbJob {
  fileId: string;
  storageKey: string;
  from: number;
  to: number;
}

/** Index one AI document (AiDocument.documentId); progress goes to its row. The owner's next document is queued when it ends (ai-index-queue.ts). */
export interface AiIndexJob {
  documentId: string;
  owner: { userId: string | null; visitorId: string | null };
}

/** Deliver one webhook (WebhookDelivery.id); each attempt is recorded on its row. */
export interface WebhookJob {
  deliveryId: string;
}

/** Pages rendered per thumbnail job: one request warms the next rows of the grid too. */
export const THUMB_BATCH = 12;
export const THUMB_WIDTH = 200;

/** Where a page's thumbnail is cached, beside its file (and swept with it). */
export const thumbKey = (storageKey: string, page: number) => `${storageKey}_p${page}`;

/** A task job retries after a crash (stalled worker, lost lock); a user error never retries (UnrecoverableError). */
export const TASK_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
} as const;

/** Five attempts in all, the retries `baseMs`, then twice, four and eight times that after the one before. */
export const webhookJobOptions = (baseMs: number) =>
  ({
    attempts: 5,
    backoff: { type: 'exponential', delay: baseMs },
    removeOnComplete: { age: 24 * 3600 },
    removeOnFail: { age: 7 * 24 * 3600 },
  }) as const;

export function taskQueue(connection: Redis, prefix: string, lane: TaskLane = 'heavy'): Queue<TaskJob> {
  return new Queue<TaskJob>(taskQueueName(lane), { connection, prefix });
}

export function thumbQueue(connection: Redis, prefix: string): Queue<ThumbJob> {
  return new Queue<ThumbJob>(THUMB_QUEUE, { connection, prefix });
}

export function thumbEvents(connection: Redis, prefix: string): QueueEvents {
  return new QueueEvents(THUMB_QUEUE, { connection, prefix });
}

export function aiIndexQueue(connection: Redis, prefix: string): Queue<AiIndexJob> {
  return new Queue<AiIndexJob>(AI_INDEX_QUEUE, { connection, prefix });
}

export function webhookQueue(connection: Redis, prefix: string): Queue<WebhookJob> {
  return new Queue<WebhookJob>(WEBHOOK_QUEUE, { connection, prefix });
}
