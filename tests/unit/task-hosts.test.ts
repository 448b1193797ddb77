import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessorConfig } from '#shared/env';
import { laneOf } from '#shared/server/jobs';
import { getTool } from '#shared/tools';
import { classifyFailure } from '../../worker/src/sandbox/host-runtime';
import { TaskHosts } from '../../worker/src/sandbox/host-pool';
import { processChildren, processTree } from '../../worker/src/sandbox/process-tree';

const ENTRY = fileURLToPath(new URL('../support/test-task-host.ts', import.meta.url));
const CONFIG: ProcessorConfig = { HTML_LOAD_SECONDS: 7, HTML_MAX_PAGES: 3, URL_FETCH_ALLOWLIST: ['127.0.0.1:8080'] };

describe('task hosts', { timeout: 60_000 }, () => {
  let hosts: TaskHosts;
  let workDir: string;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(() => {
    hosts = new TaskHosts(ENTRY, { memoryMb: 300 }, 1, CONFIG);
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'task-hosts-'));
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    await hosts.close();
    process.off('unhandledRejection', onUnhandled);
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  const run = (tool: string, timeoutMs = 20_000, options: unknown = {}, signal?: AbortSignal) =>
    hosts.run({ tool, inputs: [], options, workDir }, { timeoutMs, signal, onProgress: () => undefined });

  it('runs a processor in another process and reuses the host after a clean job', async () => {
    const first = await run('echo');
    const second = await run('echo');
    const pidOf = (r: typeof first) => fs.readFileSync(r.outputs[0].path, 'utf8');
    expect(pidOf(first)).not.toBe(`pid ${process.pid}`);
    expect(pidOf(second)).toBe(pidOf(first));
  });

  it("hands the processor the worker's parsed settings, not the environment of the moment", async () => {
    // A warm host, started before the variable changes, as a worker's hosts are.
    await run('echo');
    const before = process.env.URL_FETCH_ALLOWLIST;
    process.env.URL_FETCH_ALLOWLIST = '10.0.0.1:80';
    try {
      const result = await run('config');
      expect(JSON.parse(fs.readFileSync(result.outputs[0].path, 'utf8'))).toEqual({ config: CONFIG, env: before ?? null });
    } finally {
      if (before === undefined) delete process.env.URL_FETCH_ALLOWLIST;
      else process.env.URL_FETCH_ALLOWLIST = before;
    }
  });

  it('runs a heavy job at a lower CPU priority, in a host of its own', async () => {
    const heavy = await hosts.run({ tool: 'echo', inputs: [], options: {}, workDir }, { timeoutMs: 20_000, nice: 10 });
    const pid = Number(fs.readFileSync(heavy.outputs[0].path, 'utf8').replace('pid ', ''));
    const niceness = (p: number) => Number(fs.readFileSync(`/proc/${p}/stat`, 'latin1').split(') ')[1].split(' ')[16]);
    expect(niceness(pid)).toBe(10);
    const quick = await run('echo');
    expect(fs.readFileSync(quick.outputs[0].path, 'utf8')).not.toBe(`pid ${pid}`);
  });

  it('stops a processor that blocks its loop at the time limit, while this loop keeps running (lock renewals)', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const started = Date.now();
    // The path that once crashed the worker: the time limit runs out while the processor is stuck.
    await expect(run('spin', 1500)).rejects.toMatchObject({ code: 'TASK_TIMEOUT' });
    clearInterval(ticker);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(ticks).toBeGreaterThan(10);
    await new Promise((r) => setTimeout(r, 100));
    expect(unhandled).toEqual([]);
    expect((await run('echo')).outputs).toHaveLength(1);
  });

  it('stops a job stuck on one page when its tool reports progress page by page, not one that keeps reporting', async () => {
    const steady = await hosts.run({ tool: 'steady-pages', inputs: [], options: {}, workDir }, { timeoutMs: 20_000, stallMs: 1000 });
    expect(steady.outputs).toEqual([]);
    await expect(hosts.run({ tool: 'stuck-on-page-two', inputs: [], options: {}, workDir }, { timeoutMs: 20_000, stallMs: 1000 })).rejects.toMatchObject({
      code: 'FILE_TOO_COMPLEX',
    });
  });

  it('stops a processor past the memory limit with FILE_TOO_COMPLEX', async () => {
    await expect(run('hog')).rejects.toMatchObject({ code: 'FILE_TOO_COMPLEX' });
  });

  it('stops the largest job when the hosts together pass the worker total, and lets the others finish', async () => {
    const pair = new TaskHosts(ENTRY, { memoryMb: 600, totalMemoryMb: 400 }, 2, CONFIG);
    try {
      const job = (mb: number, ms: number) => pair.run({ tool: 'hold', inputs: [], options: { mb, ms }, workDir }, { timeoutMs: 30_000 });
      // Each alone is within its own 600 MB; together they pass 400 MB.
      const [small, large] = await Promise.allSettled([job(60, 6000), job(300, 6000)]);
      expect(small.status).toBe('fulfilled');
      expect(large).toMatchObject({ status: 'rejected', reason: { code: 'FILE_TOO_COMPLEX' } });
    } finally {
      await pair.close();
    }
  });

  it('frees an idle host before stopping anyone\'s job when the worker total is passed', async () => {
    const pair = new TaskHosts(ENTRY, { memoryMb: 600, totalMemoryMb: 400 }, 2, CONFIG);
    try {
      // Kept warm at another niceness, so the next job starts a host of its own beside it.
      await pair.run({ tool: 'keep', inputs: [], options: { mb: 250 }, workDir }, { timeoutMs: 30_000, nice: 5 });
      const busy = await pair.run({ tool: 'hold', inputs: [], options: { mb: 200, ms: 3000 }, workDir }, { timeoutMs: 30_000 });
      expect(busy.outputs).toHaveLength(1);
    } finally {
      await pair.close();
    }
  });

  it('kills the engines a stopped job started, not only the host', async () => {
    const pidFile = path.join(workDir, 'sleeper.pid');
    await run('echo'); // a warm host, so the time limit is all the job's
    await expect(run('engine-then-spin', 3000, { pidFile })).rejects.toMatchObject({ code: 'TASK_TIMEOUT' });
    const sleeper = Number(fs.readFileSync(pidFile, 'utf8'));
    await new Promise((r) => setTimeout(r, 200));
    expect(fs.existsSync(`/proc/${sleeper}`) && !fs.readFileSync(`/proc/${sleeper}/stat`, 'latin1').includes(') Z ')).toBe(false);
  });

  it("makes a processor's own exception final, in the catalogue's words when a library names the fault", async () => {
    await expect(run('plain')).rejects.toMatchObject({ name: 'AppError', code: 'TASK_FAILED' });
    await expect(run('pixel-limit')).rejects.toMatchObject({ name: 'AppError', code: 'IMAGE_TOO_LARGE' });
  });

  it('leaves faults of the machine and dead hosts to a retry (not AppErrors)', async () => {
    const full = await run('full-disk').catch((e: unknown) => e);
    expect(full).toBeInstanceOf(Error);
    expect(full).not.toHaveProperty('code');
    const died = await run('die').catch((e: unknown) => e);
    expect(String(died)).toMatch(/exited with 3/);
    expect(died).not.toHaveProperty('code');
    expect((await run('echo')).outputs).toHaveLength(1);
  });

  it('stops the job when the worker shuts down, leaving it for another attempt', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 300);
    const e = await run('spin', 20_000, {}, stop.signal).catch((err: unknown) => err);
    expect(String(e)).toMatch(/shutting down/);
    expect(e).not.toHaveProperty('code');
  });

  it('leaves no host behind when closed', async () => {
    const extra = new TaskHosts(ENTRY, { memoryMb: 300 }, 1, CONFIG);
    await extra.run({ tool: 'echo', inputs: [], options: {}, workDir }, { timeoutMs: 20_000 });
    const before = processTree(process.pid).length;
    await extra.close();
    expect(processTree(process.pid).length).toBeLessThan(before);
  });
});

describe('a host kept ready', { timeout: 60_000 }, () => {
  it('is started before the first job, serves it, and is started again after the idle stop', async () => {
    const idleBefore = process.env.ENGINE_IDLE_SECONDS;
    process.env.ENGINE_IDLE_SECONDS = '1';
    const hosts = new TaskHosts(ENTRY, { memoryMb: 300 }, 1, CONFIG);
    if (idleBefore === undefined) delete process.env.ENGINE_IDLE_SECONDS;
    else process.env.ENGINE_IDLE_SECONDS = idleBefore;
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'task-hosts-ready-'));
    const children = () => new Set(processChildren().get(process.pid) ?? []);
    const pidOf = async () => {
      const result = await hosts.run({ tool: 'echo', inputs: [], options: {}, workDir }, { timeoutMs: 20_000 });
      return Number(fs.readFileSync(result.outputs[0].path, 'utf8').replace('pid ', ''));
    };
    try {
      const before = children();
      hosts.prestart();
      const started = [...children()].filter((pid) => !before.has(pid));
      expect(started).toHaveLength(1);
      expect(await pidOf()).toBe(started[0]);

      // The used host goes after a second idle; a fresh one takes its place and serves the next job.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const fresh = [...children()].filter((pid) => !before.has(pid));
      expect(fresh).toHaveLength(1);
      expect(fresh[0]).not.toBe(started[0]);
      expect(await pidOf()).toBe(fresh[0]);
    } finally {
      await hosts.close();
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  });
});

describe('warm hosts after a burst', { timeout: 30_000 }, () => {
  it('keeps one host of a niceness for the idle time; the others a burst started go after the burst idle', async () => {
    const hosts = new TaskHosts(ENTRY, { memoryMb: 300 }, 2, CONFIG, { idleMs: 60_000, burstIdleMs: 300 });
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'task-hosts-burst-'));
    const before = new Set(processChildren().get(process.pid) ?? []);
    const ours = () => (processChildren().get(process.pid) ?? []).filter((pid) => !before.has(pid));
    // Each job writes in a folder of its own: two at once in one folder would write over each other's answer.
    const pidOf = async () => {
      const result = await hosts.run({ tool: 'echo', inputs: [], options: {}, workDir: fs.mkdtempSync(path.join(workDir, 'job-')) }, { timeoutMs: 20_000 });
      return Number(fs.readFileSync(result.outputs[0].path, 'utf8').replace('pid ', ''));
    };
    try {
      const burst = await Promise.all([pidOf(), pidOf()]);
      expect(new Set(burst).size).toBe(2);
      const deadline = Date.now() + 20_000;
      while (ours().length > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ours()).toHaveLength(1);
      expect(burst).toContain(ours()[0]);
      // The next job finds the host that stayed warm.
      expect(await pidOf()).toBe(ours()[0]);
    } finally {
      await hosts.close();
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  });
});

describe('hosts nobody waits on (the AI index hosts)', { timeout: 30_000 }, () => {
  it('stop after their own idle time, and no fresh host is kept in their place', async () => {
    const hosts = new TaskHosts(ENTRY, { memoryMb: 300 }, 1, CONFIG, { idleMs: 300, keepReady: false });
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'task-hosts-index-'));
    const children = () => processChildren().get(process.pid) ?? [];
    const before = new Set(children());
    const ours = () => children().filter((pid) => !before.has(pid));
    try {
      hosts.prestart();
      expect(ours()).toEqual([]);
      const result = await hosts.run({ tool: 'echo', inputs: [], options: {}, workDir }, { timeoutMs: 20_000 });
      const pid = Number(fs.readFileSync(result.outputs[0].path, 'utf8').replace('pid ', ''));
      expect(ours()).toEqual([pid]);
      // The idle stop kills the host and would start its replacement in the same tick: once the
      // host is gone, whatever is left is what the pool keeps.
      const deadline = Date.now() + 20_000;
      while (ours().includes(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ours()).toEqual([]);
    } finally {
      await hosts.close();
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  });
});

describe('classifyFailure', () => {
  it('names a page-tree loop, a pixel limit and exhausted structures; machine faults are transient', () => {
    expect(classifyFailure(new Error('Pages tree contains circular reference.'))).toMatchObject({ code: 'PDF_PAGE_TREE_BROKEN', transient: false });
    expect(classifyFailure(new Error('Input image exceeds pixel limit'))).toMatchObject({ code: 'IMAGE_TOO_LARGE', transient: false });
    expect(classifyFailure(new RangeError('Maximum call stack size exceeded'))).toMatchObject({ code: 'FILE_TOO_COMPLEX' });
    expect(classifyFailure(Object.assign(new Error('EMFILE'), { code: 'EMFILE' }))).toMatchObject({ transient: true });
    expect(classifyFailure(new Error('page.goto: Target page, context or browser has been closed'))).toMatchObject({ transient: true });
  });
});

describe('laneOf', () => {
  it('keeps small page operations in the quick lane and sends large ones and conversions to the heavy one', () => {
    const small = [{ size: 200_000n, pages: 3 }, { size: 100_000n, pages: null }];
    expect(laneOf(getTool('merge-pdf')!, small)).toBe('quick');
    expect(laneOf(getTool('pdf-to-word')!, small)).toBe('heavy');
    expect(laneOf(getTool('split-pdf')!, [{ size: 2_000_000n, pages: 20_000 }])).toBe('heavy');
    expect(laneOf(getTool('merge-pdf')!, [{ size: 90n * 1024n * 1024n, pages: 10 }])).toBe('heavy');
  });
});
