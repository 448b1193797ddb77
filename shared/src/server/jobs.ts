import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export const TASK_QUEUE = 'tasks';
export const MAINTENANCE_QUEUE = 'maintenance';

/** Job payloads, one shape per queue. */
export interface TaskJob {
  taskId: string;
}
export type MaintenanceJob = { kind: 'retention-sweep' };

/** A task job retries after a crash (stalled worker, lost lock); a user error never retries (UnrecoverableError). */
export const TASK_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 1000 },
  removeOnFail: { age: 24 * 3600 },
} as const;

export function taskQueue(connection: Redis, prefix: string): Queue<TaskJob> {
  return new Queue<TaskJob>(TASK_QUEUE, { connection, prefix });
}
