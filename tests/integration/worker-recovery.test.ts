import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture, qpdfPages } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LOCK_MS = 1500;

describe('a worker killed in the middle of a job', () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack({ WORKER_LOCK_MS: LOCK_MS }, { worker: false });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-recovery-'));
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('does not lose the job: another worker finishes it', async () => {
    const { env } = stack.deps;
    // `node --import tsx` runs the worker in this one process, so SIGKILL really kills the worker.
    const child = spawn(process.execPath, ['--import', 'tsx', 'worker/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, QUEUE_PREFIX: env.QUEUE_PREFIX, WORKER_LOCK_MS: String(LOCK_MS), DATA_DIR: env.DATA_DIR, LOST_TASK_CHECK_MS: '0' },
      stdio: 'ignore',
    });
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pypdf_GeoTopo-komprimiert.pdf'));
    const start = await v.transfer({ toolType: 'compress-pdf', token, compress: 'high' });

    // Wait until the child has started the job, then kill it without a chance to clean up.
    const deadline = Date.now() + 30_000;
    while (!(await stack.deps.db.task.findUnique({ where: { id: start.body.id } }))?.startedAt) {
      if (Date.now() > deadline) throw new Error('the child worker never started the job');
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect((await v.progress(start.body.id)).body.result.status).toBe('Doing');

    await stack.startWorker();
    const done = await v.waitForTask(start.body.id, 90_000);
    expect(done.result.status).toBe('Done');
    const task = await stack.deps.db.task.findUniqueOrThrow({ where: { id: start.body.id } });
    expect(task.attempts).toBe(2);
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'recovered.pdf'));
    expect(qpdfPages(out.path)).toBe(117);
  });
});
