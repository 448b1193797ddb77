import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp } from '../../api/src/app';
import { loadEnv, type Env } from '#shared/env';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { makeDeps } from '#shared/server/make-deps';
import { startWorker, type RunningWorker } from '../../worker/src/jobs/worker';
import { checkAnswers } from './answer-check';

/**
 * Billing configured (so plan limits apply) for tests that never reach Stripe: the keys only have to
 * exist. Tests that pay use the Stripe stand-in's env instead.
 */
export const BILLING_WITHOUT_STRIPE_CALLS: Partial<Env> = { STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_WEBHOOK_SECRET: 'whsec_unused', billingConfigured: true };

const UNLIMITED_TRAFFIC: Partial<Env> = { UPLOADS_PER_MINUTE: 100_000, TRANSFERS_PER_MINUTE: 100_000, API_KEY_REQUESTS_PER_MINUTE: 100_000, FAILED_AUTH_PER_MINUTE: 100_000, TASKS_PER_USER: 10_000, QUEUE_BUSY_DEPTH: 100_000 };

export interface Stack {
  baseUrl: string;
  deps: Deps;
  app: ReturnType<typeof createApp>;
  /**
   * Another api, not listening, on these deps (this stack's with one part or setting changed), for
   * supertest: its JSON answers are held against their declarations as the stack's own are.
   */
  anotherApp(deps: Deps): ReturnType<typeof createApp>;
  /** Starts another in-process worker on the same queue. */
  startWorker(): Promise<RunningWorker>;
  stop(): Promise<void>;
}

/**
 * The real api and a real worker in this process, on the test database and Redis from the
 * environment, with a queue prefix of their own so parallel stacks never share jobs.
 */
export async function startStack(overrides: Partial<Env> = {}, opts: { worker?: boolean; web?: boolean } = {}): Promise<Stack> {
  // Download rules are tested on their own (accounts tests); the pipeline tests download as visitors.
  // The traffic limits too (operations tests): a suite runs far more tasks a minute, from one address, than a visitor does.
  // The lost-task check is off: the stacks share one database, and each would queue the others' tasks (under their own prefixes) as lost.
  const env: Env = { ...loadEnv(), QUEUE_PREFIX: `sheaf-test-${randomId(8)}`, DOWNLOAD_POLICY: 'open', LOST_TASK_CHECK_MS: 0, ...UNLIMITED_TRAFFIC, ...overrides };
  const deps = makeDeps(env);
  const app = createApp(deps, { web: opts.web ?? false });
  // Every JSON answer of the stack, and of the other apps a test builds on it, is held against its endpoint's declaration; stop() fails on one that does not fit.
  const checks = [checkAnswers(app)];
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Mailed links and Google's callback come from PUBLIC_URL alone: by default, this stack's own address.
  env.PUBLIC_URL = overrides.PUBLIC_URL ?? baseUrl;
  const workers: RunningWorker[] = [];
  if (opts.worker !== false) workers.push(await startWorker(deps));
  return {
    baseUrl,
    deps,
    app,
    anotherApp(other) {
      const another = createApp(other, { web: false });
      checks.push(checkAnswers(another));
      return another;
    },
    async startWorker() {
      const w = await startWorker(deps);
      workers.push(w);
      return w;
    },
    async stop() {
      await Promise.all(workers.map((w) => w.close()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (deps.redis.status === 'ready') {
        await Promise.all([deps.tasks, deps.quickTasks].map((q) => q.obliterate({ force: true }).catch(() => undefined)));
      }
      await (deps as Deps & { close(): Promise<void> }).close();
      const misfits = checks.flatMap((check) => check.problems());
      if (misfits.length > 0) throw new Error(`Answers that do not fit their endpoint's declaration:\n${misfits.join('\n')}`);
    },
  };
}
