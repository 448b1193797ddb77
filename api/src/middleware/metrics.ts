import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { collectProcessMetrics, httpDuration, metricsAuthorized, queueJobs, registry } from '#shared/server/metrics';
import { checkCredential } from '../services/credential-checks';
import { errorHandler } from './error-handler';

/**
 * Times every API request under the pattern of the route that answered it ("/api/miaohui/file/download/:token").
 * The pattern is read when the route is chosen: by the time the answer is sent, an error that left the
 * route's router has already put `req.baseUrl` back to the router's parent.
 */
export function measureRequests(): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    let route: unknown;
    let pattern = 'unmatched';
    Object.defineProperty(req, 'route', {
      configurable: true,
      get: () => route,
      set(value: { path?: unknown } | undefined) {
        route = value;
        // A route over a list of literal paths (the traffic limits') is named by the one that matched.
        if (value) pattern = req.baseUrl + (typeof value.path === 'string' ? value.path : req.path);
      },
    });
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      httpDuration.observe({ route: pattern, method: req.method, status: `${Math.floor(res.statusCode / 100)}xx` }, seconds);
    });
    next();
  };
}

/** Each queue's jobs by state, read from Redis now: the queues are shared, so the api reports them once for every worker. */
async function readQueueDepths(deps: Deps) {
  for (const queue of [deps.tasks, deps.quickTasks, deps.thumbs, deps.aiIndex]) {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed');
    queueJobs.set({ queue: queue.name, state: 'waiting' }, (counts.waiting ?? 0) + (counts.paused ?? 0));
    queueJobs.set({ queue: queue.name, state: 'active' }, counts.active ?? 0);
    queueJobs.set({ queue: queue.name, state: 'delayed' }, counts.delayed ?? 0);
  }
}

/** GET /metrics in Prometheus's text format, for `Authorization: Bearer <METRICS_TOKEN>` only. */
export function metricsEndpoint(deps: Deps, token: string): RequestHandler {
  collectProcessMetrics();
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      await checkCredential(deps, req.ip, async () => {
        if (!metricsAuthorized(req.headers.authorization, token)) throw new AppError('NOT_SIGNED_IN', 'metrics token');
      });
    } catch (error) {
      return errorHandler(error, req, res, next);
    }
    await readQueueDepths(deps);
    res.type(registry.contentType).send(await registry.metrics());
  };
}
