import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '#shared/server/db';
import { visitor } from '../support/api-client';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { fixture, qpdfPages } from '../support/fixtures';

/**
 * The README's promise that the api and the workers can each run on a host of their own, meeting only
 * through PostgreSQL, Redis and the S3 store: each in a network namespace of its own on one bridge,
 * met by an operator's faults (a worker host killed, a worker host cut off, Redis restarted).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const ONE_PAGE = fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf');
const TWO_PAGES = fixture('pdf/ocrmypdf_tagged.pdf');
const BRIDGE = 'sh36br';
const NET = '10.36.36';
/** Each host: its namespace, its veth's root end, its address on the bridge. */
const HOSTS = { data: 2, s3: 3, api: 4, w1: 5, w2: 6 } as const;
type Host = keyof typeof HOSTS;
const ns = (h: Host) => `sh36${h}`;
const veth = (h: Host) => `sh36v${h}`;
const ip = (h: Host) => `${NET}.${HOSTS[h]}`;
const LOCK_MS = 3000;
const CUT_MS = 30_000;
const SUBMIT_EVERY_MS = 700;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sh = (cmd: string) => spawnSync('sh', ['-c', cmd], { encoding: 'utf8' });
const netnsWorks = () => sh(`ip netns add sh36probe && ip netns del sh36probe`).status === 0;

/** Removes what a previous run (or this one) left: processes, namespaces, links, the bridge. */
function cleanUp() {
  for (const h of Object.keys(HOSTS) as Host[]) {
    sh(`ip netns pids ${ns(h)} 2>/dev/null | xargs -r kill -9; ip netns del ${ns(h)} 2>/dev/null; ip link del ${veth(h)} 2>/dev/null`);
  }
  sh(`ip link del ${BRIDGE} 2>/dev/null`);
}

function must(cmd: string) {
  const r = sh(cmd);
  if (r.status !== 0) throw new Error(`${cmd}: ${r.stderr}`);
}

/** A process started inside a host's namespace, in a process group of its own, its output kept. */
interface HostProcess {
  child: ChildProcess;
  output: () => string;
  ready: Promise<void>;
}
function runIn(h: Host, cmd: string, args: string[], env: Record<string, string>, readyLine: string): HostProcess {
  const child = spawn('ip', ['netns', 'exec', ns(h), cmd, ...args], { cwd: ROOT, env: { ...process.env, SHEAF_LOG: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-400_000);
      if (out.includes(readyLine)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`${h}: ${cmd} exited (${signal ?? code}) before ready:\n${out.slice(-3000)}`)));
  });
  ready.catch(() => undefined);
  return { child, output: () => out, ready };
}

async function startRedis(dir: string) {
  // Reached from the other hosts, on a bridge nothing else is on: no protected (loopback-only) mode.
  const redis = runIn('data', 'redis-server', ['--bind', ip('data'), '--port', '6379', '--protected-mode', 'no', '--dir', dir, '--appendonly', 'yes', '--save', ''], {}, 'Ready to accept connections');
  await redis.ready;
  return redis;
}

describe('api, two workers, PostgreSQL + Redis and S3 on hosts of their own', () => {
  const available = netnsWorks();
  let tmp: string;
  let db: Db;
  let pgBridge: net.Server;
  let redis: HostProcess;
  const workers: Partial<Record<'w1' | 'w2', HostProcess>> = {};
  let hostEnv: Record<string, string>;
  let api: HostProcess | undefined;
  let passed = false;

  const startWorker = async (h: 'w1' | 'w2') => {
    const w = runIn(h, process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], { ...hostEnv, DATA_DIR: path.join(tmp, h) }, '"msg":"worker ready"');
    workers[h] = w;
    await w.ready;
  };

  beforeAll(async () => {
    if (!available) return;
    cleanUp();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-hosts-'));
    must(`ip link add ${BRIDGE} type bridge && ip addr add ${NET}.1/24 dev ${BRIDGE} && ip link set ${BRIDGE} up`);
    for (const h of Object.keys(HOSTS) as Host[]) {
      must(
        `ip netns add ${ns(h)} && ip link add ${veth(h)} type veth peer name eth0 netns ${ns(h)} && ip link set ${veth(h)} master ${BRIDGE} up` +
          ` && ip netns exec ${ns(h)} sh -c 'ip link set lo up && ip addr add ${ip(h)}/24 dev eth0 && ip link set eth0 up'`,
      );
    }
    // The test's PostgreSQL listens on this namespace's loopback: the data host serves it on its own
    // address, through a socket file this process forwards to it.
    const pg = new URL(process.env.DATABASE_URL!);
    const socket = path.join(tmp, 'pg.sock');
    const [pgHost, pgPort] = [pg.hostname, Number(pg.port || 5432)];
    pgBridge = net.createServer((c) => {
      const s = net.connect(pgPort, pgHost);
      c.pipe(s).pipe(c);
      s.on('error', () => c.destroy());
      c.on('error', () => s.destroy());
    });
    await new Promise<void>((resolve) => pgBridge.listen(socket, resolve));
    const forward = `require('net').createServer((c) => { const s = require('net').connect(${JSON.stringify(socket)}); c.pipe(s).pipe(c); s.on('error', () => c.destroy()); c.on('error', () => s.destroy()); }).listen(5432, '${ip('data')}', () => console.log('pg forward ready'))`;
    const s3Script = `new (require('s3rver'))({ address: '${ip('s3')}', port: 4569, directory: process.argv[1], silent: true, configureBuckets: [{ name: 'sheaf-files' }] }).run().then(() => console.log('s3 ready'))`;
    fs.mkdirSync(path.join(tmp, 's3'));
    fs.mkdirSync(path.join(tmp, 'redis'));
    const pgForward = runIn('data', process.execPath, ['-e', forward], {}, 'pg forward ready');
    const s3 = runIn('s3', process.execPath, ['-e', s3Script, path.join(tmp, 's3')], {}, 's3 ready');
    redis = await startRedis(path.join(tmp, 'redis'));
    await Promise.all([pgForward.ready, s3.ready]);

    pg.hostname = ip('data');
    pg.port = '5432';
    hostEnv = {
      DATABASE_URL: pg.toString(),
      REDIS_URL: `redis://${ip('data')}:6379`,
      FILE_STORE: 's3',
      S3_BUCKET: 'sheaf-files',
      AWS_ENDPOINT_URL_S3: `http://${ip('s3')}:4569`,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      QUEUE_PREFIX: `sheaf-hosts-${process.pid}`,
      WORKER_LOCK_MS: String(LOCK_MS),
      DOWNLOAD_POLICY: 'open',
      UPLOADS_PER_MINUTE: '100000',
      TRANSFERS_PER_MINUTE: '100000',
      TASKS_PER_USER: '10000',
      QUEUE_BUSY_DEPTH: '100000',
      PORT: '3000',
    };
    api = runIn('api', process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { ...hostEnv, DATA_DIR: path.join(tmp, 'api') }, '"msg":"api listening"');
    await Promise.all([api.ready, startWorker('w1'), startWorker('w2')]);
    db = createDb(process.env.DATABASE_URL!, 2);
  }, 120_000);

  afterAll(async () => {
    if (!available) return;
    // What each host said, for the diagnosis of a failure.
    if (!passed) for (const [h, p] of Object.entries({ api, ...workers })) console.info(`${h}:\n${p?.output().slice(-6000)}`);
    await db?.$disconnect();
    cleanUp();
    await new Promise<void>((resolve) => (pgBridge ? pgBridge.close(() => resolve()) : resolve()));
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it.skipIf(!available)(
    'loses no task and ends none twice through a killed worker host, a worker host cut off for 30 s and a Redis restart; the api never answers 500',
    async () => {
      const v = visitor(`http://${ip('api')}:3000`);
      const one = await v.uploadToken(ONE_PAGE);
      const two = await v.uploadToken(TWO_PAGES);
      const kinds = [
        { body: { toolType: 'merge-pdf', urls: `${one};${two}` }, pages: 3 },
        { body: { toolType: 'rotate-pdf', token: two, angle: 90 }, pages: 2 },
        { body: { toolType: 'merge-pdf', urls: `${two};${one};${two}` }, pages: 5 },
        // A few seconds of tesseract: a task a fault lands in the middle of.
        { body: { toolType: 'pdf-ocr', token: two }, pages: 2 },
      ];
      const submitted: { id: string; tool: string; pages: number }[] = [];
      /** Every answer the api gave, and the requests it did not answer at all. */
      const statuses: number[] = [];
      const without503RetryAfter: string[] = [];
      const unanswered: string[] = [];
      const note = (res: { status: number; headers: Record<string, string> }, what: string) => {
        statuses.push(res.status);
        if (res.status === 503 && !(Number(res.headers['retry-after']) > 0)) without503RetryAfter.push(what);
      };

      const t0 = Date.now();
      let submitting = true;
      const producer = (async () => {
        for (let i = 0; submitting; i++) {
          const kind = kinds[i % kinds.length];
          try {
            const res = await v.transfer(kind.body).timeout(15_000);
            note(res, 'transfer');
            if (res.status === 200 && res.body.id) submitted.push({ id: res.body.id, tool: kind.body.toolType, pages: kind.pages });
            if (submitted.length) note(await v.progress(submitted[submitted.length - 1].id).timeout(15_000), 'status');
          } catch (e) {
            unanswered.push(`transfer at ${Date.now() - t0} ms: ${String(e)}`);
          }
          await sleep(SUBMIT_EVERY_MS);
        }
      })();

      const phases: string[] = [];
      const mark = (what: string) => phases.push(`${((Date.now() - t0) / 1000).toFixed(1)} s ${what}`);
      try {
        // (a) The first worker host dies mid-task: every process in its namespace, task hosts too.
        const deadline = Date.now() + 20_000;
        while (sh(`ip netns pids ${ns('w1')}`).stdout.trim().split('\n').length < 2 && Date.now() < deadline) await sleep(100);
        const pids = sh(`ip netns pids ${ns('w1')}`).stdout.trim().split('\n');
        // The worker and a task host it started: the kill lands on running work.
        expect(pids.length).toBeGreaterThanOrEqual(2);
        sh(`kill -9 ${pids.join(' ')}`);
        mark(`w1 killed (${pids.length} processes)`);
        // Its supervisor brings it back, as on a real host.
        await startWorker('w1');
        mark('w1 back');

        // (b) The second worker host loses its link for 30 s, mid-task: its locks lapse and w1 retakes its jobs.
        await sleep(2000);
        must(`ip link set ${veth('w2')} down`);
        mark('w2 cut off');
        await sleep(CUT_MS);
        must(`ip link set ${veth('w2')} up`);
        mark('w2 link back');

        // (c) Redis restarts (its append-only file keeps the jobs).
        await sleep(3000);
        sh(`redis-cli -h ${ip('data')} shutdown`);
        mark('redis down');
        const outageStatuses: number[] = [];
        const down = Date.now();
        while (Date.now() - down < 5000) {
          try {
            const res = await v.upload(ONE_PAGE);
            note(res, 'upload');
            outageStatuses.push(res.status);
          } catch (e) {
            unanswered.push(`upload at ${Date.now() - down} ms: ${String(e)}`);
          }
          await sleep(300);
        }
        redis = await startRedis(path.join(tmp, 'redis'));
        mark('redis back');
        expect(outageStatuses, `uploads while Redis was away; unanswered: ${unanswered.join('; ')}`).toContain(503);
        await sleep(5000);
      } finally {
        submitting = false;
        await producer;
      }
      mark(`submitting stopped, ${submitted.length} tasks`);

      // Every task ends: Done or Failed, none left Doing.
      const ids = submitted.map((s) => s.id);
      const drainEnd = Date.now() + 60_000;
      let doing = ids.length;
      while (Date.now() < drainEnd) {
        doing = await db.task.count({ where: { id: { in: ids }, status: 'DOING' } });
        if (doing === 0) break;
        await sleep(500);
      }
      mark('drained');
      const rows = await db.task.findMany({ where: { id: { in: ids } }, include: { outputs: true } });
      const done = rows.filter((r) => r.status === 'DONE');
      const failed = rows.filter((r) => r.status === 'FAILED');
      const lost = ids.length - done.length - failed.length;
      // One end each: a Done task has one output, a Failed one none, and the store holds no output
      // beyond those (a second run's files would be left there).
      const twice = rows.filter((r) => (r.status === 'DONE' ? r.outputs.length !== 1 : r.outputs.length > 0));
      const s3 = new S3Client({ endpoint: `http://${ip('s3')}:4569`, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, forcePathStyle: true });
      const stored = ((await s3.send(new ListObjectsV2Command({ Bucket: 'sheaf-files' }))).Contents ?? []).map((o) => o.Key!);
      s3.destroy();
      const known = new Set((await db.file.findMany({ where: { storageKey: { in: stored } }, select: { storageKey: true } })).map((f) => f.storageKey));
      const outputKeys = rows.flatMap((r) => r.outputs.map((o) => o.storageKey));
      const orphans = stored.filter((k) => !known.has(k));
      // Each output is a PDF of the pages its task makes, read back through the api from the store.
      const pagesOf = new Map(submitted.map((s) => [s.id, s.pages]));
      const wrong: string[] = [];
      for (const r of done) {
        const answer = (await v.progress(r.id)).body;
        const out = await v.download(answer.result.fileurl ?? answer.result.pdfurls[0], path.join(tmp, `${r.id}.pdf`));
        if (qpdfPages(out.path) !== pagesOf.get(r.id)) wrong.push(`${r.tool} ${r.id}: ${qpdfPages(out.path)} pages, expected ${pagesOf.get(r.id)}`);
      }
      const waited = (r: (typeof rows)[number]) => (r.finishedAt ?? new Date()).getTime() - r.createdAt.getTime();
      const longest = rows.reduce((a, r) => (waited(r) > waited(a) ? r : a), rows[0]);
      const dropped = ['w1', 'w2'].map((h) => (workers[h as 'w1' | 'w2']!.output().match(/task already ended by another run/g) ?? []).length);
      const codes = failed.map((r) => `${r.tool}: ${r.errorCode} ${r.errorDetail ?? ''}`);
      const statusCounts = Object.entries(statuses.reduce<Record<number, number>>((m, s) => ({ ...m, [s]: (m[s] ?? 0) + 1 }), {}));
      console.info(
        [
          ...phases,
          `tasks submitted ${ids.length}; Done ${done.length}; Failed ${failed.length}${codes.length ? ` (${codes.join('; ')})` : ''}; lost ${lost}; done twice ${twice.length}`,
          `store: ${stored.length} objects, ${orphans.length} with no file row, ${outputKeys.filter((k) => !stored.includes(k)).length} outputs missing`,
          `retaken (attempts > 1) ${rows.filter((r) => r.attempts > 1).length}; late runs dropped w1 ${dropped[0]}, w2 ${dropped[1]}`,
          `longest a task waited ${(waited(longest) / 1000).toFixed(1)} s (${longest.tool}, submitted to ended)`,
          `api answers ${statusCounts.map(([s, n]) => `${s}×${n}`).join(', ')}; unanswered ${unanswered.length}`,
        ].join('\n'),
      );

      expect(unanswered, 'requests the api did not answer').toEqual([]);
      expect(statuses.filter((s) => s >= 500 && s !== 503), 'answers of 5xx other than 503').toEqual([]);
      expect(without503RetryAfter, '503 answers without Retry-After').toEqual([]);
      expect(lost, `tasks still Doing: ${rows.filter((r) => r.status === 'DOING').map((r) => `${r.tool} ${r.id}`).join(', ')}`).toBe(0);
      expect(twice.map((r) => `${r.tool} ${r.id}: ${r.status} with ${r.outputs.length} outputs`)).toEqual([]);
      expect(codes).toEqual([]);
      expect(orphans, 'objects in the store that no file row names').toEqual([]);
      expect(outputKeys.filter((k) => !stored.includes(k)), 'outputs missing from the store').toEqual([]);
      expect(wrong).toEqual([]);
      // The faults did land on running tasks: some were taken over and run again.
      expect(rows.some((r) => r.attempts > 1)).toBe(true);
      passed = true;
    },
    180_000,
  );
});
