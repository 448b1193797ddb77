import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture, qpdfPages } from '../support/fixtures';
import { descendants, isRunning, spawnWorker, type WorkerProcess } from '../support/hostile-files';
import { startStack, type Stack } from '../support/stack';

/** A silent worker's jobs are taken over this soon (30 s by default). */
const LOCK_MS = 3000;
const KILLS = 20;
/** A new small task every so often while the worker is killed and restarted. */
const SUBMIT_EVERY_MS = 1500;
/** Nothing finished for this long while tasks are still Doing: they are stuck. */
const STUCK_AFTER_MS = 20_000;

const ONE_PAGE = fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf');
const TWO_PAGES = fixture('pdf/ocrmypdf_tagged.pdf');

/** A small task and what it must make: the page count of each output. */
interface Submitted {
  id: string;
  tool: string;
  pages: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a worker killed 20 times at random moments', () => {
  let stack: Stack;
  let tmp: string;
  let worker: WorkerProcess | undefined;
  const submitted: Submitted[] = [];
  /** How many tasks were mid-run (started, not finished) at each kill. */
  const interrupted: number[] = [];
  const delays: number[] = [];
  /** Milliseconds from spawning each worker to its 'worker ready'. */
  const boots: number[] = [];

  const start = () =>
    spawnWorker({ QUEUE_PREFIX: stack.deps.env.QUEUE_PREFIX, DATA_DIR: stack.deps.env.DATA_DIR, WORKER_LOCK_MS: String(LOCK_MS) });

  beforeAll(async () => {
    stack = await startStack({ WORKER_LOCK_MS: LOCK_MS }, { worker: false });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-kills-'));
  });
  afterAll(async () => {
    await worker?.killTree();
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it(
    'loses no task and leaves none stuck: every one ends Done with valid PDFs',
    async () => {
      const v = visitor(stack.app);
      const one = await v.uploadToken(ONE_PAGE);
      const two = await v.uploadToken(TWO_PAGES);
      const kinds = [
        { body: { toolType: 'merge-pdf', urls: `${one};${two}` }, pages: [3] },
        { body: { toolType: 'split-pdf', token: two }, pages: [1, 1] },
        { body: { toolType: 'rotate-pdf', token: two, angle: 90 }, pages: [2] },
        { body: { toolType: 'merge-pdf', urls: `${two};${one};${two}` }, pages: [5] },
      ];

      // A steady stream of small tasks for as long as the killing goes on.
      let submitting = true;
      const refused: string[] = [];
      const producer = (async () => {
        for (let i = 0; submitting; i++) {
          const kind = kinds[i % kinds.length];
          const res = await v.transfer(kind.body);
          if (res.body.id) submitted.push({ id: res.body.id, tool: kind.body.toolType, pages: kind.pages });
          else refused.push(JSON.stringify(res.body));
          await sleep(SUBMIT_EVERY_MS);
        }
      })();

      try {
        for (let k = 0; k < KILLS; k++) {
          const spawned = Date.now();
          worker = start();
          await worker.ready;
          boots.push(Date.now() - spawned);
          const delay = 200 + Math.random() * 2800;
          delays.push(Math.round(delay));
          await sleep(delay);
          interrupted.push(
            await stack.deps.db.task.count({ where: { id: { in: submitted.map((s) => s.id) }, status: 'DOING', startedAt: { not: null } } }),
          );
          const tree = descendants(worker.pid);
          await worker.killTree();
          // Nothing of the killed worker survives it: no task host, no engine.
          await sleep(100);
          expect(tree.filter(isRunning), `kill ${k + 1}: descendants ${tree.join(', ')} still running`).toEqual([]);
        }
      } finally {
        submitting = false;
        await producer;
      }
      expect(refused).toEqual([]);
      console.info(`workers ready after ${boots.join(', ')} ms; killed after ${delays.join(', ')} ms more; tasks mid-run at each kill: ${interrupted.join(', ')}; ${submitted.length} tasks submitted`);

      // A last worker drains the queue, retaking what the killed ones held once their locks expire.
      // It is given time while tasks keep finishing; a task that is still Doing once nothing has
      // finished for STUCK_AFTER_MS (many lock periods) is stuck.
      const ids = submitted.map((s) => s.id);
      const doingCount = () => stack.deps.db.task.count({ where: { id: { in: ids }, status: 'DOING' } });
      let doing = await doingCount();
      console.info(`${ids.length - doing} of ${ids.length} tasks ended while the worker was being killed`);
      worker = start();
      await worker.ready;
      const drainStarted = Date.now();
      let lastChange = Date.now();
      while (doing > 0 && Date.now() - lastChange < STUCK_AFTER_MS && Date.now() - drainStarted < 150_000) {
        await sleep(500);
        const now = await doingCount();
        if (now !== doing) lastChange = Date.now();
        doing = now;
      }
      console.info(`drained in ${((Date.now() - drainStarted) / 1000).toFixed(1)} s; ${doing} still Doing`);
      const rows = await stack.deps.db.task.findMany({ where: { id: { in: ids } }, include: { outputs: true } });
      const notDone = [];
      for (const r of rows.filter((row) => row.status !== 'DONE')) {
        // What the queue says of it, for the diagnosis.
        const job = (await stack.deps.tasks.getJob(r.id)) ?? (await stack.deps.quickTasks.getJob(r.id));
        const state = job ? `job ${await job.getState()}, attemptsMade ${job.attemptsMade}, stalled ${job.stalledCounter}, ${job.failedReason ?? ''}` : 'no job';
        notDone.push(`${r.tool} ${r.id}: ${r.status} after ${r.attempts} attempts ${r.errorCode ?? ''} ${r.errorDetail ?? ''} (${state})`);
      }
      expect(rows).toHaveLength(ids.length);
      expect(notDone, 'tasks lost (Failed) or stuck (Doing)').toEqual([]);
      // The kills did land on running tasks: some were taken over and run again.
      expect(interrupted.some((n) => n > 0)).toBe(true);
      expect(rows.some((r) => r.attempts > 1)).toBe(true);

      // Each Done task has exactly its outputs (none doubled by a rerun), each a valid PDF.
      const bad: string[] = [];
      for (const s of submitted) {
        const answer = (await v.progress(s.id)).body;
        const urls: string[] = answer.result.pdfurls ?? [answer.result.fileurl];
        if (urls.length !== s.pages.length) bad.push(`${s.tool} ${s.id}: ${urls.length} outputs, expected ${s.pages.length}`);
        for (const [i, url] of urls.entries()) {
          const out = await v.download(url, path.join(tmp, `${s.id}-${i}.pdf`));
          const check = spawnSync('qpdf', ['--check', out.path], { encoding: 'utf8' });
          if (check.status !== 0) bad.push(`${s.tool} ${s.id} output ${i + 1}: qpdf --check exit ${check.status}: ${check.stderr.trim()}`);
          else if (qpdfPages(out.path) !== s.pages[i]) bad.push(`${s.tool} ${s.id} output ${i + 1}: ${qpdfPages(out.path)} pages, expected ${s.pages[i]}`);
          fs.rmSync(out.path);
        }
      }
      expect(bad).toEqual([]);
    },
    330_000,
  );
});
