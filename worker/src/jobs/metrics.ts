import { createServer, type Server } from 'node:http';
import type { Job } from 'bullmq';
import type { Env } from '#shared/env';
import { log } from '#shared/server/logger';
import { collectProcessMetrics, engineDuration, metricsAuthorized, queueWait, registry, sofficeRestarts } from '#shared/server/metrics';
import { reportHostMetricsTo, type HostMetric } from '../engines/host-metrics';

/** Records what the task hosts report (and the engines this process runs itself, thumbnails). */
function recordHostMetric(metric: HostMetric): void {
  if (metric.kind === 'engine') engineDuration.observe({ engine: metric.engine }, metric.seconds);
  else sofficeRestarts.inc();
}

/** How long a job waited in its queue before this worker took it. */
export function observeQueueWait(job: Job): void {
  if (job.processedOn) queueWait.observe({ queue: job.queueName }, Math.max(0, job.processedOn - job.timestamp) / 1000);
}

/**
 * The worker's own /metrics on WORKER_METRICS_PORT (same METRICS_TOKEN as the api): its tasks, engine
 * durations and pool restarts live in this process, so each worker host is a scrape target of its own
 * and Prometheus adds them up. Queue depths are the api's to report: the queues are shared.
 */
export function serveWorkerMetrics(env: Env): Server | undefined {
  reportHostMetricsTo(recordHostMetric);
  if (!env.WORKER_METRICS_PORT) return undefined;
  const token = env.METRICS_TOKEN;
  if (!token) {
    log.warn('WORKER_METRICS_PORT is set without METRICS_TOKEN: the worker serves no metrics');
    return undefined;
  }
  collectProcessMetrics();
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') return res.writeHead(404).end();
    if (!metricsAuthorized(req.headers.authorization, token)) return res.writeHead(401).end();
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  server.on('error', (e) => log.error('worker metrics server error', { error: String(e) }));
  server.listen(env.WORKER_METRICS_PORT);
  return server;
}
