import type { Deps } from '#shared/server/deps';
import { cspNonceOf } from '../../middleware/security-headers';
import { openApiDocument } from '../../openapi/document';
import { renderApiDocs } from '../../openapi/view';
import { availableEngines, ocrEngine, toolsOnThisServer, workerStatus } from '../../services/engine-service';
import type { Handlers } from '../endpoint-router';

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/**
 * GET /api/health: 200 when PostgreSQL and Redis answer, 503 otherwise; plus the engines workers
 * found and the OCR engine they chose. With no worker beating (frozen, dead, never started) the api
 * still serves pages, so it stays 200 but reports `degraded`: tasks will wait. The tools that run here, and this API's own
 * document, as JSON and as a page.
 */
export function serviceHandlers(deps: Deps): Handlers<'health' | 'tools' | 'docs' | 'docsView'> {
  return {
    health: async ({ res }) => {
      const [db, redis] = await Promise.all([
        within(2000, deps.db.$queryRaw`SELECT 1`).then(() => 'ok' as const, () => 'down' as const),
        within(2000, deps.redis.ping()).then(() => 'ok' as const, () => 'down' as const),
      ]);
      const engines = redis === 'ok' ? await availableEngines(deps).catch(() => null) : null;
      const ocr = redis === 'ok' ? await ocrEngine(deps).catch(() => null) : null;
      const worker = redis === 'ok' ? await workerStatus(deps).catch(() => 'none' as const) : 'none';
      const ok = db === 'ok' && redis === 'ok';
      const status = !ok ? 'unavailable' : worker === 'ok' ? 'ok' : 'degraded';
      res.status(ok ? 200 : 503);
      return { status, checks: { db, redis, worker }, engines: engines ?? {}, ocr };
    },
    tools: async () => ({ code: 0, data: await toolsOnThisServer(deps) }),
    docs: () => openApiDocument(),
    docsView: ({ res }) => {
      res.type('html').send(renderApiDocs(openApiDocument(), cspNonceOf(res)));
    },
  };
}
