import { loadEnv } from '#shared/env';
import { log } from '#shared/server/logger';
import { makeDeps } from '#shared/server/make-deps';
import { whenReady } from '#shared/server/redis';
import { createApp } from './app';

const env = loadEnv();
const deps = makeDeps(env);
// Rate limits and health read Redis through a fail-fast connection: listen once it is up (or has
// failed to come up, in which case health says so) rather than answer 500 in the first moments.
await whenReady(deps.redis).catch((e: unknown) => log.warn('redis not ready at start', { error: String(e) }));
const server = createApp(deps).listen(env.PORT, () => log.info('api listening', { port: env.PORT }));

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info('api stopping', { signal });
  server.close();
  server.closeAllConnections();
  await deps.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
