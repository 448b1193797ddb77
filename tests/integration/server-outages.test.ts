import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture } from '../support/fixtures';
import { freePort, startRedis } from '../support/redis-server';
import { startStack, type Stack } from '../support/stack';

const ONE_PAGE = fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf');
const TWO_PAGES = fixture('pdf/ocrmypdf_tagged.pdf');
/** How long Redis stays away: long enough for ioredis to retry each connection many times. */
const OUTAGE_MS = 6000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The JSON log lines this process writes while `during` runs (the api and the worker share it here). */
function captureLog() {
  const lines: string[] = [];
  const originals = [process.stdout.write, process.stderr.write];
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      for (const line of String(chunk).split('\n')) if (line.startsWith('{"t":')) lines.push(line);
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
  }
  return {
    lines,
    stop() {
      [process.stdout.write, process.stderr.write] = originals;
    },
  };
}

describe('Redis going away and coming back', () => {
  let stack: Stack;
  let dir: string;
  let port: number;
  let redis: ChildProcess;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-outage-'));
    port = await freePort();
    redis = await startRedis(port, dir);
    stack = await startStack({ REDIS_URL: `redis://127.0.0.1:${port}`, WORKER_LOCK_MS: 3000 });
  });
  afterAll(async () => {
    // A failure mid-outage leaves Redis down, and a worker waits for it to close.
    if (redis?.exitCode !== null) redis = await startRedis(port, dir);
    await stack?.stop();
    redis?.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After (never 500), logs the outage twice in all, and finishes the queued work once Redis is back', async () => {
    const v = visitor(stack.app);
    const one = await v.uploadToken(ONE_PAGE);
    const two = await v.uploadToken(TWO_PAGES);
    // Work queued as Redis goes: some running, some waiting.
    const queued: string[] = [];
    for (let i = 0; i < 4; i++) queued.push((await v.transfer({ toolType: 'merge-pdf', urls: `${one};${two}` })).body.id);

    const log = captureLog();
    const answers: Record<string, number[]> = { upload: [], transfer: [], status: [], health: [] };
    const retryAfter: string[] = [];
    try {
      spawnSync('redis-cli', ['-p', String(port), 'shutdown']);
      const until = Date.now() + OUTAGE_MS;
      while (Date.now() < until) {
        const upload = await v.upload(ONE_PAGE);
        const transfer = await v.transfer({ toolType: 'rotate-pdf', token: two, angle: 90 });
        const status = await v.progress(queued[0]);
        const health = await v.agent.get('/api/health');
        answers.upload.push(upload.status);
        answers.transfer.push(transfer.status);
        answers.status.push(status.status);
        answers.health.push(health.status);
        retryAfter.push(upload.headers['retry-after'], transfer.headers['retry-after']);
        if (upload.status === 503) expect(upload.body).toMatchObject({ error: 'UNAVAILABLE', message: 'The service is temporarily unavailable' });
        await sleep(200);
      }
      redis = await startRedis(port, dir);
      // Back within a few seconds: the first upload that passes again.
      const back = Date.now();
      let again = await v.upload(ONE_PAGE);
      while (again.status !== 200 && Date.now() - back < 15_000) {
        await sleep(250);
        again = await v.upload(ONE_PAGE);
      }
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const fresh = await v.transfer({ toolType: 'rotate-pdf', token: two, angle: 90 });
      expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
      queued.push(fresh.body.id);
      for (const id of queued) expect((await v.waitForTask(id, 90_000)).result.status, id).toBe('Done');
    } finally {
      log.stop();
    }
    console.info(`during ${OUTAGE_MS / 1000} s without Redis: ${answers.upload.length} rounds; log lines ${log.lines.length}:\n${log.lines.join('\n')}`);

    expect(new Set(answers.upload)).toEqual(new Set([503]));
    expect(new Set(answers.transfer)).toEqual(new Set([503]));
    // A task's status lives in PostgreSQL: it is still answered.
    expect(new Set(answers.status)).toEqual(new Set([200]));
    expect(new Set(answers.health)).toEqual(new Set([503]));
    expect(retryAfter.every((s) => Number(s) > 0)).toBe(true);
    // Once at the start and once at the end, whatever the number of requests and reconnects.
    expect(log.lines.filter((l) => l.includes('"msg":"redis unavailable"'))).toHaveLength(1);
    expect(log.lines.filter((l) => l.includes('"msg":"redis available again"'))).toHaveLength(1);
    expect(log.lines.filter((l) => l.includes('"level":"error"'))).toHaveLength(1);
    expect(log.lines.length).toBeLessThanOrEqual(6);

    // Each task ended once: one output each, none doubled by a retaken job.
    const rows = await stack.deps.db.task.findMany({ where: { id: { in: queued } }, include: { outputs: true } });
    expect(rows.map((r) => r.outputs.length)).toEqual(queued.map(() => 1));
  }, 150_000);
});

describe('PostgreSQL out of reach', () => {
  let stack: Stack;
  beforeAll(async () => {
    // A port nothing listens on: every query fails to connect.
    stack = await startStack({ DATABASE_URL: `postgresql://sheaf@127.0.0.1:${await freePort()}/sheaf` }, { worker: false });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers 503 with Retry-After to an upload and a status, not 500, and logs the outage once', async () => {
    const log = captureLog();
    const v = visitor(stack.app);
    const answers = [];
    try {
      for (let i = 0; i < 3; i++) {
        answers.push(await v.upload(ONE_PAGE));
        answers.push(await v.progress('a'.repeat(24)));
      }
    } finally {
      log.stop();
    }
    console.info(`log lines while PostgreSQL was out of reach:\n${log.lines.join('\n')}`);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
    expect(answers.every((a) => Number(a.headers['retry-after']) > 0)).toBe(true);
    expect(log.lines.filter((l) => l.includes('"msg":"postgres unavailable"'))).toHaveLength(1);
    expect(log.lines.filter((l) => l.includes('"level":"error"'))).toHaveLength(1);
  });
});
