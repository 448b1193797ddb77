import { loadEnv } from '../../shared/src/env';
import { log } from '../../shared/src/server/logger';
import { makeDeps } from '../../shared/src/server/make-deps';
import { createApp } from './app';

const env = loadEnv();
const deps = makeDeps(env);
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
