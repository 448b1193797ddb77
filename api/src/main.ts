import { loadEnv } from '#shared/env';
import { log } from '#shared/server/logger';
import { makeDeps } from '#shared/server/make-deps';
import { whenReady } from '#shared/server/redis';
import { createApp } from './app';
import { sendTrialReminders } from './services/billing/trial-reminder-service';

const env = loadEnv();
const deps = makeDeps(env);
// Rate limits and health read Redis through a fail-fast connection: listen once it is up (or has
// failed to come up, in which case health says so) rather than answer 500 in the first moments.
await whenReady(deps.redis).catch((e: unknown) => log.warn('redis not ready at start', { error: String(e) }));
const server = createApp(deps).listen(env.PORT, () => log.info('api listening', { port: env.PORT }));
// 'Your trial ends in 24 hours': checked every quarter hour; each trial is claimed before its mail, so
// several API processes send it once.
const TRIAL_CHECK_MS = 15 * 60_000;
const trialCheck = env.billingConfigured
  ? setInterval(() => void sendTrialReminders(deps).catch((e: unknown) => log.warn('trial reminders failed', { error: String(e) })), TRIAL_CHECK_MS)
  : undefined;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  clearInterval(trialCheck);
  log.info('api stopping', { signal });
  server.close();
  server.closeAllConnections();
  await deps.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
