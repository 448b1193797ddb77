import { DelayedError, Queue, QueueEvents, UnrecoverableError, Worker, type Job } from 'bullmq';
import { processorConfig } from '#shared/env';
import { isAppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import {
  AI_INDEX_QUEUE,
  MAINTENANCE_QUEUE,
  TASK_LANES,
  THUMB_QUEUE,
  WEBHOOK_QUEUE,
  taskQueueName,
  type AiIndexJob,
  type MaintenanceJob,
  type TaskJob,
  type ThumbJob,
  type WebhookJob,
} from '#shared/server/jobs';
import { log } from '#shared/server/logger';
import { OUTAGE_RETRY_SECONDS, outages, queueError, unreachableService } from '#shared/server/outage';
import { ENGINES_KEY, HEARTBEAT_MS, OCR_ENGINE_KEY, queueConnection, whenReady, workersKey } from '#shared/server/redis';
import { randomId } from '#shared/server/ids';
import { entryPoint } from '#shared/server/project-paths';
import { runIndexJob } from './ai-index';
import { chooseOcrEngine, probeEngines } from '../engines/capabilities';
import { watchLostTasks } from './lost-tasks';
import { sweepExpiredFiles } from './retention';
import { TaskHosts } from '../sandbox/host-pool';
import { observeQueueWait, serveWorkerMetrics } from './metrics';
import { failTask, runTask } from './task-runner';
import { renderThumbnails } from './thumbnails';
import { deliverWebhook } from './webhooks';

export interface RunningWorker {
  close(): Promise<void>;
}

/** BullMQ's words when it fails a job that stalled more than maxStalledCount times. */
const STALLED_TOO_OFTEN = /stalled more than allowable limit/;
const MAX_STALLS = 25;
/** Long conversions run at a lower CPU priority, so a merge beside them keeps its pace on few cores. */
const HEAVY_NICE = 10;
const HOST_ENTRY = entryPoint('worker/src/sandbox/task-host.ts');
const AI_HOST_ENTRY = entryPoint('worker/src/sandbox/ai-index-host.ts');
/**
 * An index host keeps its OCR engine and the pages it read (about 180 MB after one scan), and
 * nobody waits on it: indexing runs in the background, where a host start (well under a second)
 * goes unnoticed. So it stays only long enough to take an owner's next document, queued the moment
 * the last one ends, and no fresh one is kept ready.
 */
const AI_HOST_IDLE_MS = 5_000;

/**
 * Starts the task consumer, the retention sweep and the lost-task check. A job whose worker dies is
 * taken over by another worker (or this one after a restart) once its lock expires: BullMQ's
 * stalled-job check.
 */
export async function startWorker(deps: Deps): Promise<RunningWorker> {
  const engines = await probeEngines();
  const ocr = chooseOcrEngine(deps.env.OCR_ENGINE, engines.tesseract);
  if (ocr === 'native' && !engines.tesseract) log.error('OCR_ENGINE=native but tesseract is not installed: OCR tasks will fail');
  await whenReady(deps.redis);
  await deps.redis.mset(ENGINES_KEY, JSON.stringify(engines), OCR_ENGINE_KEY, ocr);
  log.info('engines probed', { ...engines, ocr });
  // Task hosts run OCR on the engine chosen here, not on one each would choose for itself.
  const config = { ...processorConfig(deps.env), OCR_ENGINE: ocr };

  const metricsServer = serveWorkerMetrics(deps.env);
  const connection = queueConnection(deps.env.REDIS_URL);
  const prefix = deps.env.QUEUE_PREFIX;
  const lockDuration = deps.env.WORKER_LOCK_MS;
  const hosts = new TaskHosts(
    HOST_ENTRY,
    { memoryMb: deps.env.TASK_MEMORY_MB, totalMemoryMb: deps.env.WORKER_MEMORY_MB },
    deps.env.WORKER_CONCURRENCY + deps.env.WORKER_QUICK_CONCURRENCY,
    config,
  );
  hosts.prestart();

  const runJob = async (job: Job<TaskJob>, token?: string) => {
    observeQueueWait(job);
    try {
      const nice = job.queueName === taskQueueName('heavy') ? HEAVY_NICE : 0;
      return await runTask(deps, hosts, job.data.taskId, { nice, onProgress: (p) => job.updateProgress(Math.round(p * 100)) });
    } catch (e) {
      const away = isAppError(e) ? undefined : unreachableService(e);
      if (away) {
        // Not the task's fault: it waits for the server to come back without spending an attempt.
        // Should Redis be the one away, this move fails too and the stalled check retakes the job.
        if (away === 'file store') log.warn('file store unreachable, task delayed', { taskId: job.data.taskId, error: String(e) });
        else outages.down(away, e);
        await job.moveToDelayed(Date.now() + OUTAGE_RETRY_SECONDS * 1000, token);
        throw new DelayedError();
      }
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (isAppError(e) || lastAttempt) {
        await failTask(deps, job.data.taskId, e);
        throw new UnrecoverableError(e instanceof Error ? e.message : String(e));
      }
      log.warn('task attempt crashed, will retry', { taskId: job.data.taskId, error: String(e) });
      throw e;
    }
  };
  // One consumer per lane: quick page operations have slots of their own, so long conversions (or
  // hostile files holding every slot until their time limit) never keep a merge waiting.
  const lanes = TASK_LANES.map((lane) => {
    const concurrency = lane === 'quick' ? deps.env.WORKER_QUICK_CONCURRENCY : deps.env.WORKER_CONCURRENCY;
    const consumer = new Worker<TaskJob>(taskQueueName(lane), runJob, {
      connection,
      prefix,
      concurrency,
      lockDuration,
      stalledInterval: lockDuration,
      // Files cannot kill a worker any more (task hosts contain them): a stall is a worker that died
      // or was stopped, which says nothing about the job, so it may be taken over several times.
      maxStalledCount: MAX_STALLS,
    });
    consumer.on('failed', (job, err) => {
      if (job && !(err instanceof UnrecoverableError) && job.attemptsMade >= (job.opts.attempts ?? 1)) void failTask(deps, job.data.taskId, err).catch(queueError('task failure not recorded'));
    });
    consumer.on('error', queueError('task worker error', { lane }));
    // A job that stalled too often is failed by BullMQ's stalled check, which tells only the queue's
    // event stream, not this consumer: record it there, or its task would say Doing for ever.
    const eventsConnection = queueConnection(deps.env.REDIS_URL);
    const events = new QueueEvents(taskQueueName(lane), { connection: eventsConnection, prefix });
    events.on('failed', ({ jobId, failedReason }) => {
      if (STALLED_TOO_OFTEN.test(failedReason)) void failTask(deps, jobId, new Error(failedReason)).catch(queueError('task failure not recorded'));
    });
    events.on('error', queueError('task events error', { lane }));
    return {
      consumer,
      async close() {
        await consumer.close();
        await events.close();
        eventsConnection.disconnect();
      },
    };
  });

  // Thumbnails are small and someone is waiting for them: their own queue, so long tasks never delay them.
  const thumbs = new Worker<ThumbJob>(
    THUMB_QUEUE,
    async (job) => {
      observeQueueWait(job);
      try {
        return await renderThumbnails(deps, job.data);
      } catch (e) {
        throw isAppError(e) ? new UnrecoverableError(e.code) : e;
      }
    },
    { connection, prefix, concurrency: 2 },
  );
  thumbs.on('error', queueError('thumbnail worker error'));

  // AI documents are indexed in hosts of their own: a long scan's OCR never holds a task slot. Owners
  // take turns with one job each (ai-index-queue.ts), so with two slots or more one owner's long
  // document never keeps another's waiting.
  const aiSlots = deps.env.AI_INDEX_CONCURRENCY;
  const aiHosts = new TaskHosts(AI_HOST_ENTRY, { memoryMb: deps.env.TASK_MEMORY_MB }, aiSlots, config, {
    idleMs: AI_HOST_IDLE_MS,
    keepReady: false,
  });
  const aiIndex = new Worker<AiIndexJob>(AI_INDEX_QUEUE, (job) => {
    observeQueueWait(job);
    return runIndexJob(deps, aiHosts, job);
  }, {
    connection,
    prefix,
    concurrency: aiSlots,
    lockDuration,
    stalledInterval: lockDuration,
    // As for tasks: a stall is a worker that stopped, and BullMQ failing the job for it would leave the document 'indexing'.
    maxStalledCount: MAX_STALLS,
  });
  aiIndex.on('error', queueError('AI index worker error'));

  // Deliveries wait on other people's servers (up to 10 s each), never on a task slot.
  const webhooks = new Worker<WebhookJob>(WEBHOOK_QUEUE, (job) => deliverWebhook(deps, job), { connection, prefix, concurrency: 4 });
  webhooks.on('error', queueError('webhook worker error'));

  const stopBeating = startHeartbeat(deps);
  // On a timer of this process, not a scheduled job: it must work on a Redis that lost its jobs.
  const stopLostTaskCheck = deps.env.LOST_TASK_CHECK_MS > 0 ? watchLostTasks(deps, deps.env.LOST_TASK_CHECK_MS) : async () => undefined;

  const maintenanceQueue = new Queue<MaintenanceJob>(MAINTENANCE_QUEUE, { connection, prefix });
  maintenanceQueue.on('error', queueError('maintenance queue error'));
  await maintenanceQueue.upsertJobScheduler('retention-sweep', { every: deps.env.SWEEP_INTERVAL_MS }, { name: 'retention-sweep', data: { kind: 'retention-sweep' } });
  const maintenance = new Worker<MaintenanceJob>(MAINTENANCE_QUEUE, () => sweepExpiredFiles(deps), { connection, prefix, concurrency: 1 });
  maintenance.on('error', queueError('maintenance worker error'));

  return {
    async close() {
      stopBeating();
      await stopLostTaskCheck();
      metricsServer?.close();
      await Promise.all([...lanes.map((l) => l.close()), thumbs.close(), aiIndex.close(), webhooks.close(), maintenance.close()]);
      await Promise.all([hosts.close(), aiHosts.close()]);
      await maintenanceQueue.close();
      connection.disconnect();
    },
  };
}

/** Beats while this worker's loop runs; health reports a worker that stopped beating. */
function startHeartbeat(deps: Deps): () => void {
  const id = `${process.pid}-${randomId(6)}`;
  const key = workersKey(deps.env.QUEUE_PREFIX);
  const beat = () => {
    const now = Date.now();
    // Workers gone for an hour are forgotten.
    void deps.redis.multi().zadd(key, now, id).zremrangebyscore(key, 0, now - 3_600_000).exec().catch(() => undefined);
  };
  beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  return () => {
    clearInterval(timer);
    void deps.redis.zrem(key, id).catch(() => undefined);
  };
}
