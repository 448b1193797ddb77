import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, type TaskAnswer } from '#shared/api';
import type { Env } from '#shared/env';
import { newApiKey } from '#shared/server/api-keys';
import { randomId } from '#shared/server/ids';
import { tasksWithJobs } from '#shared/server/task-handoff';
import { createUser } from '../support/factories';
import { fixture } from '../support/fixtures';
import { freePort, startRedis, stopRedis } from '../support/redis-server';
import { BILLING_WITHOUT_STRIPE_CALLS, startStack, type Stack } from '../support/stack';

const ONE_PAGE = fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf');
/** Tasks queued the ordinary way before Redis goes, and tasks caught between their row and their job. */
const QUEUED = 2;
const IN_WINDOW = 4;
/** The advisory lock the test holds while the window's requests wait inside their Task insert. */
const HOLD_KEY = 0x5eaf0037;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, look: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** `promise`, or a failure naming `what` when it has not settled within `ms`. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms: ${what}`)), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The window is reached without a hook in Sheaf's code: a trigger of this test's own holds the
 * INSERT of the tasks named `window-…` on an advisory lock. Their requests have passed every check
 * that reads Redis and are writing the row; Redis is stopped; the lock is let go, the rows commit,
 * and the api queues their jobs into a Redis that is not there.
 */
const HOLD_SQL = [
  `CREATE OR REPLACE FUNCTION handoff_test_hold() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_advisory_xact_lock_shared(${HOLD_KEY}); RETURN NEW; END $$`,
  `CREATE OR REPLACE TRIGGER handoff_test_hold BEFORE INSERT ON "Task" FOR EACH ROW WHEN (NEW."name" LIKE 'window-%') EXECUTE FUNCTION handoff_test_hold()`,
];
const UNHOLD_SQL = ['DROP TRIGGER IF EXISTS handoff_test_hold ON "Task"', 'DROP FUNCTION IF EXISTS handoff_test_hold()'];

describe('a task is never lost between PostgreSQL and Redis', () => {
  let dir: string;
  let port: number;
  let redis: ChildProcess;
  let receiver: http.Server;
  let env: Partial<Env>;
  const hooks: Array<{ url: string; body: TaskAnswer }> = [];
  const stacks: Stack[] = [];
  const lock = new pg.Client({ connectionString: process.env.DATABASE_URL });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-handoff-'));
    port = await freePort();
    redis = await startRedis(port, dir);
    receiver = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        hooks.push({ url: req.url ?? '', body: JSON.parse(body) as TaskAnswer });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    env = {
      ...BILLING_WITHOUT_STRIPE_CALLS,
      FREE_DAILY_TASKS: 100,
      REDIS_URL: `redis://127.0.0.1:${port}`,
      QUEUE_PREFIX: `sheaf-handoff-${randomId(8)}`,
      URL_FETCH_ALLOWLIST: [`127.0.0.1:${(receiver.address() as AddressInfo).port}`],
      LOST_TASK_CHECK_MS: 1000,
    };
    await lock.connect();
  });
  afterAll(async () => {
    for (const sql of UNHOLD_SQL) await lock.query(sql).catch(() => undefined);
    await lock.end();
    if (redis?.exitCode !== null) redis = await startRedis(port, dir);
    for (const stack of stacks) await stack.stop();
    redis?.kill('SIGKILL');
    await new Promise((resolve) => receiver.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('queues the tasks whose job Redis never took once it is back: each ends Done, counted once, its webhook sent once', async () => {
    // An api without a worker: the tasks wait in Redis, or nowhere, until the second api's worker.
    const first = await startStack(env, { worker: false });
    stacks.push(first);
    const user = await createUser(first.deps);
    const made = newApiKey();
    await first.deps.db.apiKey.create({ data: { userId: user.id, name: 'handoff', prefix: made.prefix, hash: made.hash, webhookSecret: made.webhookSecret } });
    const auth = { Authorization: `Bearer ${made.key}` };
    // Paths of this run's own: a task left Doing by an earlier run is queued too, and its webhook may find this port.
    const hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${randomId(8)}`;
    const start = async (name: string) => {
      const upload = await request(first.app).post(API_PATHS.upload).set(auth).attach('file', fs.readFileSync(ONE_PAGE), `${name}.pdf`);
      expect(upload.body.code, JSON.stringify(upload.body)).toBe(1000);
      return request(first.app).post(API_PATHS.transfer).set(auth).send({ toolType: 'rotate-pdf', token: upload.body.token, angle: 90, webhookUrl: `${hookBase}/${name}` });
    };

    const queued: string[] = [];
    for (let i = 0; i < QUEUED; i++) queued.push((await start(`queued-${i}`)).body.id);

    for (const sql of HOLD_SQL) await lock.query(sql);
    await lock.query('SELECT pg_advisory_lock($1::bigint)', [HOLD_KEY]);
    const answers = Array.from({ length: IN_WINDOW }, (_, i) => start(`window-${i}`));
    await until('the window requests to wait on their insert', async () => {
      const { rows } = await lock.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted`, [HOLD_KEY]);
      return rows[0].n === IN_WINDOW ? true : undefined;
    });
    await stopRedis(port, redis);
    const released = Date.now();
    await lock.query('SELECT pg_advisory_unlock($1::bigint)', [HOLD_KEY]);
    // The rows are committed and their jobs not taken: each request still answers with its task.
    const window = await within(15_000, 'the window requests to answer while Redis is away', Promise.all(answers));
    const answeredMs = Date.now() - released;
    for (const res of window) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const windowIds = window.map((res) => res.body.id as string);
    for (const sql of UNHOLD_SQL) await lock.query(sql);

    // The api is stopped while Redis is away (a restart, a deploy): the jobs it was still holding
    // for Redis go with it. The tasks now exist only in PostgreSQL.
    await first.stop();
    stacks.splice(stacks.indexOf(first), 1);
    redis = await startRedis(port, dir);
    const back = Date.now();
    const second = await startStack(env);
    stacks.push(second);
    const workerUp = Date.now();

    await until('the lost tasks to be queued', async () => ((await tasksWithJobs(second.deps, windowIds)).size === IN_WINDOW ? true : undefined));
    const queuedAgain = Date.now();
    const all = [...queued, ...windowIds];
    const ended = await until('every task to end', async () => {
      const rows = await second.deps.db.task.findMany({ where: { id: { in: all } }, include: { outputs: true } });
      return rows.every((r) => r.status !== 'DOING') ? rows : undefined;
    });
    const endedAt = Date.now();
    const mine = () => hooks.filter((h) => h.url.startsWith(new URL(hookBase).pathname));
    await until('every webhook', async () => (mine().length >= all.length ? true : undefined));
    const deliveries = await second.deps.db.webhookDelivery.findMany({ where: { taskId: { in: all } } });

    console.info(
      `tasks submitted ${all.length}, in the window ${IN_WINDOW} (answered ${answeredMs} ms after the rows were let go); ` +
        `after Redis came back: a worker up in ${workerUp - back} ms, the lost tasks all queued ${queuedAgain - workerUp} ms later, ` +
        `every task ended ${endedAt - back} ms after Redis came back; ` +
        `ended: ${ended.map((r) => r.status).join(', ')}`,
    );
    expect(ended.map((r) => [r.status, r.outputs.length])).toEqual(all.map(() => ['DONE', 1]));
    const counter = await second.deps.db.usageCounter.findFirst({ where: { userId: user.id, kind: 'numCheck' } });
    expect(counter?.count).toBe(all.length);
    expect(mine().map((h) => h.body.result.status)).toEqual(all.map(() => 'Done'));
    const names = [...Array.from({ length: QUEUED }, (_, i) => `queued-${i}`), ...Array.from({ length: IN_WINDOW }, (_, i) => `window-${i}`)];
    expect(mine().map((h) => h.url).sort()).toEqual(names.map((n) => `${new URL(hookBase).pathname}/${n}`).sort());
    expect(deliveries.map((d) => [d.attempts, d.responseStatus])).toEqual(all.map(() => [1, 200]));
  }, 120_000);
});
