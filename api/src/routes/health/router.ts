import { Router } from 'express';
import type { Deps } from '../../../../shared/src/server/deps';
import { availableEngines } from '../../services/engine-service';

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/** GET /api/health: 200 when PostgreSQL and Redis answer, 503 otherwise; plus the engines workers found. */
export function healthRouter(deps: Deps): Router {
  const r = Router();
  r.get('/', async (_req, res) => {
    const [db, redis] = await Promise.all([
      within(2000, deps.db.$queryRaw`SELECT 1`).then(() => 'ok' as const, () => 'down' as const),
      within(2000, deps.redis.ping()).then(() => 'ok' as const, () => 'down' as const),
    ]);
    const engines = redis === 'ok' ? await availableEngines(deps).catch(() => null) : null;
    const ok = db === 'ok' && redis === 'ok';
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', checks: { db, redis }, engines: engines ?? {} });
  });
  return r;
}
