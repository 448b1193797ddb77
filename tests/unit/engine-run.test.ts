import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type AppError } from '#shared/errors';
import { runEngine } from '../../worker/src/engines/run';

const node = process.execPath;
/** Runs a snippet of JavaScript as the "engine". */
const js = (code: string, ...args: string[]) => [node, ['-e', code, ...args]] as const;

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e as AppError,
  );

/** Alive means it exists and is not a zombie waiting for a parent to reap it. */
function isAlive(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2] !== 'Z';
  } catch {
    return false;
  }
}

/** A killed process dies a moment after its pipes close: give it up to two seconds. */
async function survivors(pids: number[]): Promise<number[]> {
  const deadline = Date.now() + 2000;
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return pids.filter(isAlive);
}

/** Resolves with the time `done` first held; fails after `ms`. */
async function waitFor(done: () => boolean, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now();
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-engine-run-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('runEngine', () => {
  it('returns stdout, stderr and the exit code', async () => {
    const [cmd, args] = js('process.stdout.write("out ✓"); process.stderr.write("warn")');
    expect(await runEngine(cmd, args, { timeoutMs: 10_000 })).toEqual({ stdout: 'out ✓', stderr: 'warn', code: 0 });
  });

  it('hands arguments over as they are, with no shell to expand them', async () => {
    const tricky = ['$HOME', '`id`', 'a b', '*', '; echo gotcha'];
    const [cmd, args] = js('process.stdout.write(JSON.stringify(process.argv.slice(1)))', ...tricky);
    expect(JSON.parse((await runEngine(cmd, args, { timeoutMs: 10_000 })).stdout)).toEqual(tricky);
  });

  it('runs in the given directory with extra environment variables on top of the worker’s', async () => {
    const [cmd, args] = js('process.stdout.write(JSON.stringify([process.cwd(), process.env.SHEAF_ENGINE_TEST, !!process.env.PATH]))');
    const { stdout } = await runEngine(cmd, args, { timeoutMs: 10_000, cwd: dir, env: { SHEAF_ENGINE_TEST: 'yes' } });
    expect(JSON.parse(stdout)).toEqual([fs.realpathSync(dir), 'yes', true]);
  });

  it('fails with the caller’s error code, a user-safe message and the end of stderr as detail', async () => {
    const [cmd, args] = js('process.stderr.write("noise ".repeat(5000) + "the real reason"); process.exit(2)');
    const error = await rejection(runEngine(cmd, args, { timeoutMs: 10_000, errorCode: 'PDF_DAMAGED' }));
    expect(error.code).toBe('PDF_DAMAGED');
    expect(error.message).toBe(ERRORS.PDF_DAMAGED.message);
    expect(error.detail).toMatch(/exited with 2: .*the real reason$/s);
    expect(error.detail!.length).toBeLessThan(2100);
  });

  it('fails with ENGINE_FAILED by default, never the generic TASK_FAILED, or with the caller’s own message', async () => {
    const [cmd, args] = js('process.exit(1)');
    expect(await rejection(runEngine(cmd, args, { timeoutMs: 10_000 }))).toMatchObject({
      code: 'ENGINE_FAILED',
      message: ERRORS.ENGINE_FAILED.message,
    });
    expect(await rejection(runEngine(cmd, args, { timeoutMs: 10_000, userMessage: 'The page could not be rendered' }))).toMatchObject({
      code: 'ENGINE_FAILED',
      message: 'The page could not be rendered',
    });
  });

  it('accepts the exit codes the caller allows', async () => {
    const [cmd, args] = js('process.exit(3)');
    expect((await runEngine(cmd, args, { timeoutMs: 10_000, okCodes: [0, 3] })).code).toBe(3);
    expect(await rejection(runEngine(cmd, args, { timeoutMs: 10_000 }))).toMatchObject({ code: 'ENGINE_FAILED' });
  });

  it('reports an engine that is not installed as TOOL_UNAVAILABLE', async () => {
    expect(await rejection(runEngine('sheaf-no-such-engine', [], { timeoutMs: 10_000 }))).toMatchObject({ code: 'TOOL_UNAVAILABLE' });
  });

  it('kills the whole process group when the time limit passes', async () => {
    const pids = path.join(dir, 'timeout-pids');
    const started = Date.now();
    const error = await rejection(
      runEngine('bash', ['-c', `sleep 30 & echo $! >> ${pids}; sleep 30 & echo $! >> ${pids}; echo $$ >> ${pids}; wait`], {
        timeoutMs: 500,
      }),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error).toMatchObject({ code: 'TASK_FAILED' });
    expect(error.detail).toMatch(/bash timed out after 500 ms/);
    const spawned = fs.readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(spawned).toHaveLength(3);
    expect(await survivors(spawned)).toEqual([]);
  });

  it('still kills the engine at its time limit when the worker that started it was SIGKILLed', async () => {
    const pidFile = path.join(dir, 'orphan-pid');
    const parentScript = path.join(dir, 'parent.ts');
    // `exec` keeps the pid written: the engine is `sleep` itself.
    fs.writeFileSync(
      parentScript,
      `import { runEngine } from ${JSON.stringify(fileURLToPath(new URL('../../worker/src/engines/run.ts', import.meta.url)))};
runEngine('bash', ['-c', 'echo $$ > ${pidFile}; exec sleep 30'], { timeoutMs: 2000 }).catch(() => undefined);`,
    );
    const parent = spawn(node, ['--import', 'tsx', parentScript], { stdio: 'ignore' });
    let sleeper: number | undefined;
    try {
      const started = await waitFor(() => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').endsWith('\n'), 25_000);
      sleeper = Number(fs.readFileSync(pidFile, 'utf8'));
      process.kill(parent.pid!, 'SIGKILL');
      await new Promise((r) => parent.once('exit', r));
      // The parent died well before the limit, and its death alone did not stop the engine.
      expect(Date.now() - started).toBeLessThan(1500);
      expect(isAlive(sleeper)).toBe(true);
      const pid = sleeper;
      await waitFor(() => !isAlive(pid), 4000);
      expect(Date.now() - started).toBeGreaterThan(1900);
    } finally {
      if (sleeper && isAlive(sleeper)) process.kill(sleeper, 'SIGKILL');
    }
    // Booting a TypeScript parent takes seconds on a busy machine, before the 2 s limit even starts.
  }, 40_000);

  it('kills the whole process group when the task is aborted', async () => {
    const pids = path.join(dir, 'abort-pids');
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('worker shutting down')), 300);
    const error = await rejection(
      runEngine('bash', ['-c', `sleep 30 & echo $! >> ${pids}; sleep 30 & echo $! >> ${pids}; wait`], {
        timeoutMs: 60_000,
        signal: controller.signal,
      }),
    );
    expect(error).toMatchObject({ code: 'TASK_FAILED' });
    expect(error.detail).toMatch(/aborted: worker shutting down/);
    const spawned = fs.readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(spawned).toHaveLength(2);
    expect(await survivors(spawned)).toEqual([]);
  });

  it('does not start at all when the signal has already aborted', async () => {
    const marker = path.join(dir, 'should-not-exist');
    const [cmd, args] = js(`require("fs").writeFileSync(${JSON.stringify(marker)}, "")`);
    expect(await rejection(runEngine(cmd, args, { timeoutMs: 10_000, signal: AbortSignal.abort() }))).toMatchObject({
      code: 'TASK_FAILED',
    });
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('stops an engine that floods stdout', async () => {
    const [cmd, args] = js('const b = Buffer.alloc(64 * 1024, 120); for (let i = 0; i < 64; i++) process.stdout.write(b)');
    const error = await rejection(runEngine(cmd, args, { timeoutMs: 10_000, maxStdoutBytes: 1024 * 1024 }));
    expect(error).toMatchObject({ code: 'TASK_FAILED' });
    expect(error.detail).toMatch(/stdout exceeded 1048576 bytes/);
  });
});
