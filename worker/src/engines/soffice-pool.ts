import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { engineIdleMs } from '#shared/env';
import { AppError } from '#shared/errors';
import { randomId } from '#shared/server/ids';
import { log } from '#shared/server/logger';
import { projectPath } from '#shared/server/project-paths';
import type { EngineName } from '#shared/tools';
import { convertCold } from './soffice-cold';
import { reportHostMetric } from './host-metrics';

/**
 * LibreOffice kept warm. Each instance is a small python3 UNO bridge (soffice-bridge.py) leading
 * its own process group with its own soffice and private profile; a conversion is one JSON line
 * to the bridge and one back, about a tenth of a second for a one-page document instead of the
 * 1–2 s soffice needs to start. Instances start on first use, one conversion at a time each; one
 * that crashes, hangs past a job's time limit or is aborted is killed (its whole process group)
 * and started afresh by the next job. When the pool cannot start at all (python3-uno missing, say)
 * conversions fall back to a cold soffice per call through libreoffice-convert.
 */

/** What the bridge starts (its python3 is only a way to reach soffice: without it, the cold path runs). */
export const ENGINE = 'soffice' satisfies EngineName;

export interface SofficeRequest {
  /** Absolute path of the document; its extension helps LibreOffice's type detection. */
  input: string;
  /** Absolute path of the PDF to write. */
  output: string;
  /** An import filter, for inputs detection cannot place (CSV, encoded text). */
  filter?: string;
  filterOptions?: string;
}

export interface SofficeCallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

export type SofficeDocumentKind = 'writer' | 'calc' | 'impress' | 'draw';

export interface SofficeResult {
  /** The application LibreOffice opened the document in (unknown on the cold path). */
  kind?: SofficeDocumentKind;
  /** The import filter LibreOffice's type detection chose (unknown on the cold path). */
  filter?: string;
  engine: 'pool' | 'cold';
}

const ZPoolConfig = z.object({
  /** Warm instances per worker; each takes ~150 MB and converts one document at a time. */
  SOFFICE_POOL_SIZE: z.coerce.number().int().min(1).max(8).default(2),
  /** `off` sends every conversion to the cold path (benchmarks, debugging). */
  SOFFICE_POOL: z.enum(['on', 'off']).default('on'),
  SOFFICE_BIN: z.string().min(1).default('soffice'),
  /** A python3 that can `import uno` (Debian's python3-uno installs into the system python). */
  SOFFICE_PYTHON: z.string().min(1).optional(),
  /** Instances are recycled after this many conversions, so slow leaks never pile up. */
  SOFFICE_MAX_JOBS: z.coerce.number().int().min(1).default(500),
});
export type SofficePoolConfig = z.output<typeof ZPoolConfig>;

/** Parses the pool's environment variables; throws on a bad value (the worker calls it at boot). */
export function sofficePoolConfig(source: NodeJS.ProcessEnv = process.env): SofficePoolConfig {
  return ZPoolConfig.parse(source);
}

const BRIDGE = projectPath('worker/src/engines/soffice-bridge.py');
const PROFILE_SETTINGS = projectPath('worker/src/engines/soffice-profile.xcu');
/** A fresh profile takes soffice a few seconds to build; a loaded machine needs more. */
const START_TIMEOUT_MS = 60_000;
/** After the pool failed to start, the cold path is used this long before trying again. */
const RETRY_START_AFTER_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const STDERR_KEEP = 16 * 1024;

/** The pool could not start an instance: the caller may fall back to the cold path. */
export class SofficeStartError extends Error {
  override name = 'SofficeStartError';
}

interface BridgeReply {
  id?: number;
  event?: 'ready';
  ok?: boolean;
  kind?: SofficeDocumentKind;
  filter?: string;
  error?: 'protected' | 'load' | 'export' | 'crashed';
  detail?: string;
  loadMs?: number;
  exportMs?: number;
}

function defaultPython(): string {
  return existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
}

/** Maps a bridge failure to what the user is told. */
function replyError(reply: BridgeReply, input: string): AppError {
  const detail = `${path.basename(input)}: ${reply.error} ${reply.detail ?? ''}`.trim();
  if (reply.error === 'protected') return new AppError('OFFICE_PROTECTED', detail);
  if (reply.error === 'load') return new AppError('OFFICE_DAMAGED', detail);
  return new AppError('TASK_FAILED', detail);
}

/** One bridge + soffice, converting one document at a time. */
class SofficeInstance {
  private child?: ChildProcessWithoutNullStreams;
  private starting?: Promise<void>;
  private pending?: { id: number; child: ChildProcessWithoutNullStreams; resolve(reply: BridgeReply): void; reject(error: Error): void };
  private nextId = 1;
  private stderr = '';
  /** Conversions since the last start. */
  jobs = 0;
  private starts = 0;

  constructor(
    readonly slot: number,
    private readonly profileDir: string,
    private readonly config: SofficePoolConfig,
  ) {}

  get running(): boolean {
    return this.child !== undefined;
  }

  /** The bridge's pid, which is also its process group's id. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  ensureStarted(): Promise<void> {
    if (this.child && !this.starting) return Promise.resolve();
    this.starting ??= this.start().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async start(): Promise<void> {
    // The profile survives restarts (a warm profile starts faster); the settings are rewritten
    // every time and a stale lock from a killed instance is removed.
    await mkdir(path.join(this.profileDir, 'user'), { recursive: true });
    await copyFile(PROFILE_SETTINGS, path.join(this.profileDir, 'user', 'registrymodifications.xcu'));
    await rm(path.join(this.profileDir, '.lock'), { force: true });

    if (this.starts++ > 0) reportHostMetric({ kind: 'soffice-restart' });
    const pipe = `sheaf-${process.pid}-${this.slot}-${randomId(8)}`;
    const child = spawn(
      this.config.SOFFICE_PYTHON ?? defaultPython(),
      [BRIDGE, '--soffice', this.config.SOFFICE_BIN, '--profile', this.profileDir, '--pipe', pipe, '--start-timeout', String(START_TIMEOUT_MS / 1000)],
      // Its own process group, so killing -pid reaches soffice.bin too.
      { detached: true, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.child = child;
    this.jobs = 0;
    this.stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    // Writes to a bridge that just died fail with EPIPE; its exit is what we act on.
    child.stdin.on('error', () => undefined);
    // An idle instance never keeps the process alive (a conversion's timer does while it runs).
    // When the process goes away anyway, the bridge sees stdin close and shuts soffice down.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();

    await new Promise<void>((resolve, reject) => {
      let ready = false;
      const timer = setTimeout(() => {
        this.kill();
        reject(new SofficeStartError(`soffice did not start within ${START_TIMEOUT_MS} ms: ${this.stderr.slice(-500)}`));
      }, START_TIMEOUT_MS);
      createInterface({ input: child.stdout }).on('line', (line) => {
        let reply: BridgeReply;
        try {
          reply = JSON.parse(line) as BridgeReply;
        } catch {
          log.warn('soffice bridge wrote a stray line', { slot: this.slot, line: line.slice(0, 200) });
          return;
        }
        if (reply.event === 'ready') {
          ready = true;
          clearTimeout(timer);
          resolve();
          return;
        }
        const pending = this.pending;
        if (pending && pending.child === child && reply.id === pending.id) {
          this.pending = undefined;
          pending.resolve(reply);
        }
      });
      child.on('error', (err) => {
        // The bridge never ran (python3 missing...): there will be no 'exit'.
        clearTimeout(timer);
        if (this.child === child) this.child = undefined;
        reject(new SofficeStartError(`soffice bridge could not start: ${err.message}`));
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        if (this.child === child) this.child = undefined;
        // Whatever the group still holds (an orphaned soffice.bin) goes with it.
        killGroup(child.pid);
        const why = `soffice bridge exited (${signal ?? code})${this.stderr ? `: ${this.stderr.trim().slice(-1000)}` : ''}`;
        if (!ready) reject(new SofficeStartError(why));
        const pending = this.pending;
        if (pending?.child !== child) return;
        this.pending = undefined;
        pending.reject(new AppError('TASK_FAILED', why));
      });
    });
    log.info('soffice instance ready', { slot: this.slot, pid: child.pid });
  }

  /** Sends one request; kills the instance when it takes longer than the job may, or is aborted. */
  convert(request: SofficeRequest, opts: SofficeCallOptions): Promise<BridgeReply> {
    const child = this.child;
    if (!child) return Promise.reject(new AppError('TASK_FAILED', 'soffice instance is not running'));
    const id = this.nextId++;
    this.jobs++;
    return new Promise<BridgeReply>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
      };
      const fail = (why: string) => {
        if (this.pending?.id !== id) return;
        this.pending = undefined;
        finish();
        this.kill();
        reject(new AppError('TASK_FAILED', `soffice ${why} converting ${path.basename(request.input)}`));
      };
      const timer = setTimeout(() => fail(`timed out after ${opts.timeoutMs} ms`), opts.timeoutMs);
      const onAbort = () => fail('aborted');
      this.pending = {
        id,
        child,
        resolve: (reply) => {
          finish();
          resolve(reply);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      };
      child.stdin.write(`${JSON.stringify({ id, input: request.input, output: request.output, filter: request.filter, filterOptions: request.filterOptions })}\n`);
      if (opts.signal?.aborted) onAbort();
      else opts.signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * Kills the whole process group. The instance counts as stopped at once, so the next job starts
   * a fresh one instead of writing to the dying bridge; its exit handler cleans up the rest.
   */
  kill(): void {
    const child = this.child;
    this.child = undefined;
    killGroup(child?.pid);
  }

  /** Asks the bridge to close soffice (stdin EOF), then kills what is left after a grace period. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin.end();
    const timer = setTimeout(() => killGroup(child.pid), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export class SofficePool {
  private readonly instances: SofficeInstance[] = [];
  /** Started-or-not instances free for work; the most recently used (warmest) is taken first. */
  private readonly idle: SofficeInstance[] = [];
  private readonly waiters: Array<(instance: SofficeInstance) => void> = [];
  private baseDir?: Promise<string>;
  private closed = false;
  private startFailedAt = 0;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    readonly config: SofficePoolConfig,
    /** Running instances stop when no conversion has come for this long; the next one starts them again. */
    private readonly idleMs = engineIdleMs(),
  ) {}

  /** Converts through a warm instance; throws SofficeStartError when none can be started. */
  async convert(request: SofficeRequest, opts: SofficeCallOptions): Promise<SofficeResult> {
    if (opts.signal?.aborted) throw new AppError('TASK_FAILED', `aborted before converting ${path.basename(request.input)}`);
    if (this.closed) throw new SofficeStartError('the soffice pool is closed');
    if (this.config.SOFFICE_POOL === 'off') throw new SofficeStartError('the soffice pool is switched off');
    if (Date.now() - this.startFailedAt < RETRY_START_AFTER_MS) throw new SofficeStartError('the soffice pool failed to start recently');
    const instance = await this.acquire(opts.signal);
    try {
      try {
        await instance.ensureStarted();
      } catch (e) {
        if (e instanceof SofficeStartError) {
          this.startFailedAt = Date.now();
          log.warn('soffice pool could not start an instance; using the cold path', { error: e.message });
        }
        throw e;
      }
      const reply = await instance.convert(request, opts);
      if (!reply.ok) throw replyError(reply, request.input);
      return { kind: reply.kind, filter: reply.filter, engine: 'pool' };
    } finally {
      this.release(instance);
    }
  }

  private async acquire(signal?: AbortSignal): Promise<SofficeInstance> {
    clearTimeout(this.idleTimer);
    const free = this.idle.pop();
    if (free) return free;
    if (this.instances.length < this.config.SOFFICE_POOL_SIZE) {
      const base = await (this.baseDir ??= mkdtemp(path.join(os.tmpdir(), 'sheaf-soffice-')));
      const instance = new SofficeInstance(this.instances.length, path.join(base, `slot-${this.instances.length}`), this.config);
      this.instances.push(instance);
      return instance;
    }
    return new Promise<SofficeInstance>((resolve, reject) => {
      if (signal?.aborted) return reject(new AppError('TASK_FAILED', 'aborted while waiting for soffice'));
      const take = (instance: SofficeInstance) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(instance);
      };
      const onAbort = () => {
        const at = this.waiters.indexOf(take);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(new AppError('TASK_FAILED', 'aborted while waiting for soffice'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(take);
    });
  }

  private release(instance: SofficeInstance): void {
    // A recycled instance is handed on once it has stopped; its next job starts it afresh.
    if (instance.jobs >= this.config.SOFFICE_MAX_JOBS) void instance.stop().finally(() => this.handOver(instance));
    else this.handOver(instance);
  }

  private handOver(instance: SofficeInstance): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(instance);
    else this.idle.push(instance);
    if (this.idle.length === this.instances.length && this.instances.some((i) => i.running)) this.stopWhenIdle();
  }

  /** Every instance is free: unless a conversion comes first, they stop (out of the idle list while they do). */
  private stopWhenIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      log.info('soffice pool idle: stopping its instances', { idleSeconds: this.idleMs / 1000 });
      for (const instance of this.idle.splice(0)) void instance.stop().finally(() => this.handOver(instance));
    }, this.idleMs);
    this.idleTimer.unref();
  }

  /** Pids of the running instances' process groups (for tests and diagnostics). */
  get runningPids(): number[] {
    return this.instances.flatMap((i) => (i.running && i.pid !== undefined ? [i.pid] : []));
  }

  /** Stops every instance and removes the profiles. Conversions after this fail. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    await Promise.all(this.instances.map((i) => i.stop()));
    if (this.baseDir) await rm(await this.baseDir, { recursive: true, force: true });
  }
}

let shared: SofficePool | undefined;

/** The worker's pool, created on first use from the environment. */
export function sofficePool(): SofficePool {
  shared ??= new SofficePool(sofficePoolConfig());
  return shared;
}

/**
 * Converts a document to PDF: through the warm pool, or a cold soffice (libreoffice-convert) when
 * the pool cannot start. Fails with OFFICE_PROTECTED, OFFICE_DAMAGED or TASK_FAILED.
 */
export async function convertToPdf(request: SofficeRequest, opts: SofficeCallOptions, pool: SofficePool = sofficePool()): Promise<SofficeResult> {
  const started = performance.now();
  try {
    const result = await pool.convert(request, opts);
    reportHostMetric({ kind: 'engine', engine: ENGINE, seconds: (performance.now() - started) / 1000 });
    return result;
  } catch (e) {
    if (!(e instanceof SofficeStartError)) throw e;
    await convertCold(request, opts);
    return { engine: 'cold' };
  }
}

/**
 * Stops the worker's LibreOffice instances; call it when the worker closes. A later conversion
 * starts a new pool.
 */
export async function closeSofficePool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
