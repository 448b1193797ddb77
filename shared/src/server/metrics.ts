import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every metric Sheaf exports, declared once. The api serves them on /metrics and each worker on its
 * own port (WORKER_METRICS_PORT): Prometheus scrapes every process, and sums across hosts itself.
 */
export const registry = new Registry();

/** Latency of API requests by the route's pattern (never the raw URL: ids would make a series each) and status class. */
export const httpDuration = new Histogram({
  name: 'sheaf_http_request_duration_seconds',
  help: 'API request latency by route pattern, method and status class',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

/** Tasks that ended, by tool and outcome; a failure carries its catalogue code. */
export const tasksEnded = new Counter({
  name: 'sheaf_tasks_total',
  help: 'Tasks ended by tool and outcome (done, failed), with the error code of a failure',
  labelNames: ['tool', 'outcome', 'error'] as const,
  registers: [registry],
});

/** Jobs per queue and state, read from Redis when scraped (the api sets it; workers share the queues). */
export const queueJobs = new Gauge({
  name: 'sheaf_queue_jobs',
  help: 'Jobs in each queue by state (waiting, active, delayed), read at scrape time',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});

/** Time a job waited in its queue before a worker took it (processedOn − timestamp). */
export const queueWait = new Histogram({
  name: 'sheaf_queue_wait_seconds',
  help: 'Time jobs waited in their queue before a worker started them',
  labelNames: ['queue'] as const,
  buckets: [0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
  registers: [registry],
});

/** One native engine call (qpdf, gs, pdftoppm, soffice...), measured in the task host that ran it. */
export const engineDuration = new Histogram({
  name: 'sheaf_engine_duration_seconds',
  help: 'Duration of native engine calls by engine',
  labelNames: ['engine'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

export const sofficeRestarts = new Counter({
  name: 'sheaf_soffice_restarts_total',
  help: 'LibreOffice pool instances started again (recycled after their job count, woken after an idle stop, or replaced after a crash or a timeout)',
  registers: [registry],
});

export const aiIndexed = new Counter({
  name: 'sheaf_ai_index_total',
  help: 'AI documents indexed, by outcome (done, failed, cancelled: deleted while read)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const aiIndexDuration = new Histogram({
  name: 'sheaf_ai_index_duration_seconds',
  help: 'Time to index one AI document',
  buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
  registers: [registry],
});

let processMetrics = false;

/** Adds the process's own figures (memory, CPU, event-loop lag) once; called by whatever serves /metrics. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry, prefix: 'sheaf_' });
}

/** Whether a request may read /metrics: `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
export function metricsAuthorized(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
