import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start` as people run it: its own PostgreSQL, Redis, data folder and port, a worker killed
 * with SIGKILL, then Ctrl-C or SIGTERM. The web app is already built, so no test here builds it
 * (a stale build would be rebuilt first, hence the long start limit); the server's build (dist/)
 * takes a few seconds when a source changed.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PG_BIN = fs.readdirSync('/usr/lib/postgresql').sort().map((v) => `/usr/lib/postgresql/${v}/bin`).pop()!;
const BOOT_MS = 200_000;
/** The supervisor's 10 s grace for a hanging child, plus stopping PostgreSQL and Redis. */
const STOP_MS = 30_000;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Proc {
  pid: number;
  args: string;
}

/** Every process below `root` (children, grandchildren…). */
function descendants(root: number): Proc[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] }));
  const found: Proc[] = [];
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const row of rows.filter((r) => r.ppid === parent)) {
      found.push({ pid: row.pid, args: row.args });
      queue.push(row.pid);
    }
  }
  return found;
}

async function health(port: number): Promise<number> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3000) });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

/** One `npm start` (or `bash scripts/start.sh`) with everything of its own. */
class StartRun {
  readonly port: number;
  readonly pgPort: number;
  readonly redisPort: number;
  readonly child: ChildProcess;
  output = '';
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  /** Every api, worker and supervisor seen, to prove none outlives the run. */
  readonly seen = new Set<number>();
  private readonly exited: Promise<void>;

  constructor(command: string[], readonly dataDir: string, ports: { port: number; pgPort: number; redisPort: number }) {
    this.port = ports.port;
    this.pgPort = ports.pgPort;
    this.redisPort = ports.redisPort;
    const env: NodeJS.ProcessEnv = { ...process.env };
    // The integration environment points at the shared servers (and NODE_ENV=test hides info logs);
    // this run must start, and stop, its own.
    // Nor may it inherit mail, billing, AI or storage settings: the mode summary it prints is checked.
    const modeSettings = ['SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL', 'DOWNLOAD_POLICY', 'FILE_STORE', 'S3_BUCKET'];
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SHEAF_LOCAL_DB', 'SHEAF_LOCAL_REDIS', 'SHEAF_PG_DIR', 'QUEUE_PREFIX', 'NODE_ENV', 'PUBLIC_URL', ...modeSettings]) {
      delete env[name];
    }
    Object.assign(env, { DATA_DIR: dataDir, PORT: String(this.port), SHEAF_PG_PORT: String(this.pgPort), SHEAF_REDIS_PORT: String(this.redisPort) });
    // Its own process group, like a command in a terminal, so a Ctrl-C can be sent to all of it.
    this.child = spawn(command[0], command.slice(1), { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (chunk) => (this.output += chunk));
    this.child.stderr!.on('data', (chunk) => (this.output += chunk));
    this.exited = new Promise((resolve) =>
      this.child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve();
      }),
    );
  }

  /** Polls `check` until it returns a value, failing with the run's output after `ms`. */
  async until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, ms: number): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      if (this.exit) throw new Error(`npm start exited (${JSON.stringify(this.exit)}) while waiting for ${what}:\n${this.output.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`no ${what} after ${ms / 1000} s:\n${this.output.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  processes(): { supervisor?: Proc; api?: Proc; worker?: Proc } {
    const all = descendants(this.child.pid!);
    const found = {
      supervisor: all.find((p) => p.args.includes('dist/scripts/supervise.js')),
      api: all.find((p) => p.args.includes('dist/api/src/main.js')),
      worker: all.find((p) => p.args.includes('dist/worker/src/main.js')),
    };
    for (const p of Object.values(found)) if (p) this.seen.add(p.pid);
    return found;
  }

  count(text: string): number {
    return this.output.split(text).length - 1;
  }

  /** Ready: the api answers and the worker has said it is ready. */
  async ready(): Promise<void> {
    await this.until('healthy api and ready worker', async () => ((await health(this.port)) === 200 && this.count('"msg":"worker ready"') >= 1 ? true : undefined), BOOT_MS);
  }

  /** Resolves with the seconds it took to exit, or throws after `ms`. */
  async exitWithin(ms: number): Promise<number> {
    const started = Date.now();
    await Promise.race([
      this.exited,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`still running ${ms / 1000} s after the signal:\n${this.output.slice(-4000)}`)), ms)),
    ]);
    return (Date.now() - started) / 1000;
  }

  /** For afterAll: whatever a failed test left running, including the servers under dataDir. */
  async forceStop(): Promise<void> {
    for (const pid of [this.child.pid!, ...this.seen]) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Not a group, or gone.
      }
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone.
      }
    }
    await stopServices(this.dataDir, this.redisPort);
  }
}

async function stopServices(dataDir: string, redisPort: number): Promise<void> {
  const cluster = path.join(dataDir, 'postgres');
  if (fs.existsSync(path.join(cluster, 'postmaster.pid'))) {
    try {
      execFileSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/pg_ctl`, '-D', cluster, '-m', 'immediate', '-w', 'stop'], { stdio: 'ignore' });
    } catch {
      // A stale pid file: nothing runs.
    }
  }
  if (await accepts(redisPort)) execFileSync('redis-cli', ['-p', String(redisPort), 'shutdown', 'nosave'], { stdio: 'ignore' });
}

describe('npm start', () => {
  let dataDir: string;
  const runs: StartRun[] = [];

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-start-'));
    // PostgreSQL runs as the postgres user, who must reach its cluster inside.
    fs.chmodSync(dataDir, 0o755);
  });
  afterAll(async () => {
    for (const run of runs) await run.forceStop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarts a killed worker while the api keeps answering; Ctrl-C stops everything, PostgreSQL and Redis included', async () => {
    const ports = { port: await freePort(), pgPort: await freePort(), redisPort: await freePort() };
    const run = new StartRun(['npm', 'start'], dataDir, ports);
    runs.push(run);
    await run.ready();
    const before = run.processes();
    expect(before.supervisor && before.api && before.worker).toBeTruthy();
    // Compiled JavaScript only: no TypeScript loader (tsx) and no esbuild service anywhere in the run.
    expect(descendants(run.child.pid!).filter((p) => /\btsx\b|esbuild/.test(p.args))).toEqual([]);

    // Once healthy, what this server is doing, said once: no SMTP, no Stripe keys, no AI provider here.
    await run.until('mode summary', () => (run.count('[sheaf]\x1b[0m Files: ') === 1 ? true : undefined), 30_000);
    const outbox = path.join(dataDir, 'outbox');
    for (const line of [
      `Public URL: http://localhost:${ports.port}`,
      `Mail: not sent (no SMTP_URL): written to ${outbox}; each login link is printed here as it is written`,
      'Billing: off (no STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET): nothing is sold, every tool is free',
      'AI: quote-only',
      'Downloads: open: anyone may download their results, no account needed',
      `Files: local, ${path.join(dataDir, 'files')}, kept 60 minutes`,
    ]) {
      expect(run.count(`[sheaf]\x1b[0m ${line}`), line).toBe(1);
    }
    // A login link asked for from the page arrives on a line of its own, ready to open or hand on.
    const email = `operator.${Date.now()}@example.com`;
    const asked = await fetch(`http://127.0.0.1:${ports.port}/api/user/emailLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, name: 'Operator' }),
    });
    expect((await asked.json()).code).toBe(0);
    const linkLine = await run.until('login link line', () => run.output.split('\n').find((l) => l.startsWith(`http://localhost:${ports.port}/`) && l.includes('token=')), 15_000);
    expect(new URL(linkLine).searchParams.get('email')).toBe(email);
    expect(run.output).toContain(`Login link for ${email} (written to the outbox, not mailed):\n${linkLine}\n`);

    process.kill(before.worker!.pid, 'SIGKILL');
    const statuses: number[] = [];
    const worker = await run.until(
      'restarted worker',
      async () => {
        statuses.push(await health(ports.port));
        const now = run.processes();
        return now.worker && now.worker.pid !== before.worker!.pid && run.count('"msg":"worker ready"') >= 2 ? now.worker : undefined;
      },
      60_000,
    );
    expect(run.output).toContain('[sheaf]\x1b[0m worker exited (signal KILL); restarting in 1 s');
    // The api was never down, nor restarted.
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(run.processes().api?.pid).toBe(before.api!.pid);
    expect(run.output).not.toContain('api stopping');

    // Ctrl-C in a terminal signals the whole foreground group: npm, which passes it on, and the script.
    process.kill(-run.child.pid!, 'SIGINT');
    const seconds = await run.exitWithin(STOP_MS);
    expect(seconds).toBeLessThan(STOP_MS / 1000);
    for (const pid of [before.supervisor!.pid, before.api!.pid, worker.pid]) expect(alive(pid), `pid ${pid} still runs`).toBe(false);
    // Nothing left in the supervisor's process group either.
    expect(alive(-before.supervisor!.pid)).toBe(false);
    expect(await accepts(ports.port)).toBe(false);
    expect(await accepts(ports.pgPort)).toBe(false);
    expect(await accepts(ports.redisPort)).toBe(false);
    expect(run.output).toContain('worker stopping');
  }, 300_000);

  it('restarts a killed api; SIGTERM stops the Redis it started and leaves alone the PostgreSQL it found running', async () => {
    const ports = { port: await freePort(), pgPort: await freePort(), redisPort: await freePort() };
    // A PostgreSQL already running on the run's port and folder, as an earlier `npm start` can leave it.
    execFileSync('bash', ['-c', 'source scripts/lib.sh && start_postgres'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, SHEAF_PG_PORT: String(ports.pgPort) },
      stdio: 'ignore',
    });
    expect(await accepts(ports.pgPort)).toBe(true);
    const run = new StartRun(['bash', 'scripts/start.sh'], dataDir, ports);
    runs.push(run);
    await run.ready();
    const before = run.processes();

    process.kill(before.api!.pid, 'SIGKILL');
    const api = await run.until(
      'restarted api',
      async () => {
        const now = run.processes();
        return now.api && now.api.pid !== before.api!.pid && (await health(ports.port)) === 200 ? now.api : undefined;
      },
      60_000,
    );
    expect(run.output).toContain('api exited (signal KILL); restarting in 1 s');
    expect(run.processes().worker?.pid).toBe(before.worker!.pid);

    process.kill(run.child.pid!, 'SIGTERM');
    await run.exitWithin(STOP_MS);
    expect(run.exit).toEqual({ code: 0, signal: null });
    for (const pid of [before.supervisor!.pid, before.worker!.pid, api.pid]) expect(alive(pid), `pid ${pid} still runs`).toBe(false);
    expect(alive(-before.supervisor!.pid)).toBe(false);
    expect(await accepts(ports.port)).toBe(false);
    expect(await accepts(ports.redisPort)).toBe(false);
    expect(await accepts(ports.pgPort)).toBe(true);
  }, 300_000);
});
