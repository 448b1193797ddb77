import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Processor } from '../../worker/src/contract/processor';
import { runHost } from '../../worker/src/sandbox/host-runtime';

const kept: Buffer[] = [];

/** Processors that misbehave on purpose, for the task host tests: a task host runs them like tools. */
const processors: Record<string, Processor<{ pidFile?: string; mb?: number; ms?: number }>> = {
  async echo(ctx) {
    await ctx.progress(0.5);
    const out = path.join(ctx.workDir, 'out.txt');
    writeFileSync(out, `pid ${process.pid}`);
    return { outputs: [{ path: out, name: 'out.txt' }] };
  },
  // What the job brought, and what the host's environment says when it runs.
  async config(ctx) {
    const out = path.join(ctx.workDir, 'config.json');
    writeFileSync(out, JSON.stringify({ config: ctx.config, env: process.env.URL_FETCH_ALLOWLIST ?? null }));
    return { outputs: [{ path: out, name: 'config.json' }] };
  },
  // pdf.js on 50,000 nested `q`: the host's loop never comes back.
  async spin() {
    for (;;);
  },
  // Pages that each take a while, reported as they finish.
  async 'steady-pages'(ctx) {
    for (let page = 1; page <= 6; page++) {
      await new Promise((r) => setTimeout(r, 300));
      await ctx.progress(page / 6);
    }
    return { outputs: [] };
  },
  async 'stuck-on-page-two'(ctx) {
    await ctx.progress(0.5);
    for (;;);
  },
  // A job that needs `mb` of memory for `ms`.
  async hold(ctx) {
    const held = Buffer.alloc(ctx.options.mb! * 1024 * 1024, 1);
    await new Promise((r) => setTimeout(r, ctx.options.ms));
    return { outputs: [{ path: `/${held.length}`, name: 'held' }] };
  },
  // Done, but the host keeps `mb` afterwards, as a warm engine would.
  async keep(ctx) {
    kept.push(Buffer.alloc(ctx.options.mb! * 1024 * 1024, 1));
    return { outputs: [] };
  },
  async hog() {
    const held: Buffer[] = [];
    for (;;) held.push(Buffer.alloc(16 * 1024 * 1024, 1));
  },
  async 'engine-then-spin'(ctx) {
    const sleeper = spawn('sleep', ['600'], { detached: true, stdio: 'ignore' });
    writeFileSync(ctx.options.pidFile!, String(sleeper.pid));
    for (;;);
  },
  async plain() {
    throw new Error('a bug met by this input');
  },
  async 'pixel-limit'() {
    throw new Error('Input image exceeds pixel limit');
  },
  async 'full-disk'() {
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  },
  async die() {
    process.exit(3);
  },
};

runHost(processors, async () => undefined);
