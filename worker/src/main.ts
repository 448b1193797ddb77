import { loadEnv } from '#shared/env';
import { log } from '#shared/server/logger';
import { makeDeps } from '#shared/server/make-deps';
import { startWorker } from './jobs/worker';

const deps = makeDeps(loadEnv());
const worker = await startWorker(deps);
log.info('worker ready', { concurrency: deps.env.WORKER_CONCURRENCY });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info('worker stopping', { signal });
  // close() waits for running jobs to finish; a second signal exits at once and the jobs are retaken.
  process.once(signal as NodeJS.Signals, () => process.exit(1));
  await worker.close();
  await deps.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
