import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { engineIdleMs, type ProcessorConfig } from '#shared/env';
import { AppError } from '#shared/errors';
import { log } from '#shared/server/logger';
import type { ProcessorResult } from '../contract/processor';
import { reportHostMetric } from '../engines/host-metrics';
import { killTree, processChildren, treeMemoryBytes } from './process-tree';
import type { FromHost, HostFailure, HostJob } from './protocol';

export interface HostLimits {
  /** Resident memory of a host and every process it started; past it the job is stopped. */
  memoryMb: number;
  /** All hosts together; past it the largest job is stopped, so the machine keeps its memory. */
  totalMemoryMb?: number;
}

export interface HostLifetimes {
  /** How long a host back from a job waits for the next one; ENGINE_IDLE_SECONDS when unset. */
  idleMs?: number;
  /** How long a host beyond the first of its niceness waits: one a burst of jobs needed. BURST_IDLE_MS when unset. */
  burstIdleMs?: number;
  /** false: no fresh host is kept ready once the last one stops (a queue nobody waits on). */
  keepReady?: boolean;
}

export interface HostRunOptions {
  timeoutMs: number;
  /** Stop the job when its processor reports no progress for this long (tools that report page by page). */
  stallMs?: number;
  /** Aborted when the worker stops: the job is stopped and will run again elsewhere. */
  signal?: AbortSignal;
  onProgress?(fraction: number): Promise<void> | void;
  /**
   * CPU niceness of the host and the engines it starts (0–19): long conversions yield the cores to
   * quick jobs. A host keeps its niceness for life (lowering it again needs privileges).
   */
  nice?: number;
}

/** How often the memory of a running job is read. */
const WATCH_MS = 150;
/** A host that does not say it is ready this long after it was started is broken. */
const START_TIMEOUT_MS = 60_000;
/** A host that holds more than this share of the limit after a job is replaced, not reused. */
const RECYCLE_SHARE = 0.5;
const STDERR_TAIL = 8192;
const MB = 1024 * 1024;
/** V8's own words when the heap limit is reached. */
const HEAP_EXHAUSTED = /heap out of memory|Allocation failed|Fatal JavaScript out of memory/i;
/** Ends the host when the worker dies, however it dies (util-linux; Linux only). */
const SETPRIV = '/usr/bin/setpriv';
/**
 * The next job of a quiet server finds one warm host of its niceness, with its engines (the
 * LibreOffice pool: a cold start cost 8 s in bench/memory-server.ts), for ENGINE_IDLE_SECONDS.
 * The other hosts a burst of jobs started (80–90 MB each after a job) go after this.
 */
const BURST_IDLE_MS = 20_000;

type Outcome =
  | { kind: 'done'; result: ProcessorResult }
  | { kind: 'failed'; failure: HostFailure }
  | { kind: 'stopped'; why: 'timeout' | 'stall' | 'memory' | 'aborted' | 'start' }
  | { kind: 'died'; how: string; stderr: string };

/**
 * Task hosts: child processes that run processors for the worker. Parsing a user's file (pdf.js,
 * pdf-lib, sharp, WebAssembly engines) happens there, so however long it runs or however much
 * memory it takes, the worker's own event loop stays free to renew its job locks, and a job past
 * its time or memory limit is ended by killing its host and everything the host started. A host
 * serves one job at a time; after a clean job it is reused, after anything else it is replaced.
 */
export class TaskHosts {
  private readonly idle: Host[] = [];
  private readonly live = new Set<Host>();
  private readonly busy = new Set<Host>();
  private watcher: NodeJS.Timeout | undefined;
  private closed = false;
  /**
   * A warm host unused for this long is stopped with the engines it holds (LibreOffice, Chromium),
   * so an idle worker gives its memory back; the next job starts a host again.
   */
  private readonly idleMs: number;
  private readonly idleTimers = new Map<Host, NodeJS.Timeout>();
  /** Idle hosts on the long timer: at most one per niceness. */
  private readonly keptWarm = new Set<Host>();

  constructor(
    private readonly entry: string,
    private readonly limits: HostLimits,
    /** Hosts kept warm between jobs: the worker's concurrency. */
    private readonly keepWarm: number,
    /** Sent with every job, so processors never read the environment themselves. */
    private readonly config: ProcessorConfig,
    private readonly lifetimes: HostLifetimes = {},
  ) {
    this.idleMs = lifetimes.idleMs ?? engineIdleMs();
  }

  async run(job: Omit<HostJob, 'config'>, opts: HostRunOptions): Promise<ProcessorResult> {
    if (this.closed) throw new Error('task hosts are closed');
    const nice = opts.nice ?? 0;
    const warm = this.idle.findIndex((h) => h.nice === nice);
    const host = warm >= 0 ? this.unpark(this.idle[warm]) : this.start(nice);
    this.busy.add(host);
    this.watcher ??= setInterval(() => this.watchMemory(), WATCH_MS);
    const outcome = await host.execute({ ...job, config: this.config }, opts);
    this.busy.delete(host);
    if (this.busy.size === 0) {
      clearInterval(this.watcher);
      this.watcher = undefined;
    }
    const reusable = outcome.kind === 'done' && host.memoryBytes() < this.limits.memoryMb * MB * RECYCLE_SHARE;
    if (reusable && !this.closed && this.idle.length < this.keepWarm) this.park(host);
    else this.retire(host);
    return resultOf(outcome, this.limits.memoryMb, opts.stallMs);
  }

  /**
   * Stops a job whose host (with its engines) holds more than its limit, or, when all hosts together
   * hold more than the total, the largest job: the one that needs more than the worker can give.
   */
  private watchMemory() {
    const perJob = this.limits.memoryMb * MB;
    let total = 0;
    let largest: { host: Host; bytes: number } | undefined;
    let largestIdle: { host: Host; bytes: number } | undefined;
    const children = processChildren();
    for (const host of this.live) {
      const bytes = host.memoryBytes(children);
      total += bytes;
      if (!this.busy.has(host)) {
        if (!largestIdle || bytes > largestIdle.bytes) largestIdle = { host, bytes };
      } else if (bytes > perJob) {
        log.warn('task stopped: memory limit', { mb: Math.round(bytes / MB), limitMb: this.limits.memoryMb });
        host.stop('memory');
      } else if (!largest || bytes > largest.bytes) largest = { host, bytes };
    }
    if (!this.limits.totalMemoryMb || total <= this.limits.totalMemoryMb * MB) return;
    // Warm engines of idle hosts (a browser, LibreOffice) go before anyone's job.
    if (largestIdle) {
      log.info('idle task host stopped: worker memory limit', { totalMb: Math.round(total / MB), mb: Math.round(largestIdle.bytes / MB) });
      largestIdle.host.kill();
    } else if (largest) {
      log.warn('task stopped: worker memory limit', { totalMb: Math.round(total / MB), limitMb: this.limits.totalMemoryMb, mb: Math.round(largest.bytes / MB) });
      largest.host.stop('memory');
    }
  }

  /**
   * Keeps one fresh host ready (no engines, a plain Node process), so a small job after a quiet
   * spell does not wait for a process to start and load the processors: about 1.5 s in tests.
   * Called at boot and whenever the idle stop leaves no host waiting.
   */
  prestart(): void {
    if (this.closed || this.keepWarm === 0 || this.idle.length > 0 || this.lifetimes.keepReady === false) return;
    this.park(this.start(0), { timed: false });
  }

  /** Stops every host and whatever it started. */
  async close(): Promise<void> {
    this.closed = true;
    const hosts = [...this.live];
    for (const host of hosts) host.kill();
    await Promise.all(hosts.map((h) => h.exited));
  }

  private start(nice: number): Host {
    const host = new Host(this.entry, nice);
    this.live.add(host);
    void host.exited.then(() => {
      this.live.delete(host);
      this.unpark(host);
    });
    return host;
  }

  /**
   * A host back from a job waits `idleMs` (the first of its niceness) or the burst idle (the others),
   * then goes with the engines it holds; a fresh one waits untimed.
   */
  private park(host: Host, { timed } = { timed: true }) {
    this.idle.push(host);
    if (!timed) return;
    const first = ![...this.keptWarm].some((h) => h.nice === host.nice);
    if (first) this.keptWarm.add(host);
    const timer = setTimeout(
      () => {
        this.unpark(host).kill();
        this.prestart();
      },
      first ? this.idleMs : Math.min(this.idleMs, this.lifetimes.burstIdleMs ?? BURST_IDLE_MS),
    );
    timer.unref();
    this.idleTimers.set(host, timer);
  }

  /** Takes a host out of the idle list (if it is there) and stops its idle timer. */
  private unpark(host: Host): Host {
    const i = this.idle.indexOf(host);
    if (i >= 0) this.idle.splice(i, 1);
    clearTimeout(this.idleTimers.get(host));
    this.idleTimers.delete(host);
    this.keptWarm.delete(host);
    return host;
  }

  /** Replaces a host that may hold leftovers of its last job (a decoder still running, leaked memory). */
  private retire(host: Host) {
    host.kill();
    if (!this.closed && this.lifetimes.keepReady !== false && this.idle.length < this.keepWarm) this.park(this.start(host.nice));
  }
}

function resultOf(outcome: Outcome, memoryMb: number, stallMs = 0): ProcessorResult {
  switch (outcome.kind) {
    case 'done':
      return outcome.result;
    case 'failed': {
      const { failure } = outcome;
      // A passing fault of the machine, not of the file: the job is retried.
      if (failure.transient || !failure.code) throw new Error(failure.detail ?? failure.message);
      throw new AppError(failure.code, failure.detail, failure.message);
    }
    case 'stopped':
      if (outcome.why === 'timeout') throw new AppError('TASK_TIMEOUT', 'the task ran past its time limit');
      if (outcome.why === 'stall') throw new AppError('FILE_TOO_COMPLEX', `no progress for ${stallMs / 1000} s: one page is too complex`);
      if (outcome.why === 'memory') throw new AppError('FILE_TOO_COMPLEX', `the task used more than ${memoryMb} MB`);
      throw new Error(outcome.why === 'start' ? 'the task host did not start' : 'the task was stopped: the worker is shutting down');
    case 'died':
      if (HEAP_EXHAUSTED.test(outcome.stderr)) throw new AppError('FILE_TOO_COMPLEX', `the task ran out of memory: ${outcome.stderr.slice(-500)}`);
      // Only a process that died for no reason of its input earns another attempt.
      throw new Error(`the task host ${outcome.how}: ${outcome.stderr.slice(-1000)}`);
  }
}

class Host {
  readonly child: ChildProcess;
  readonly ready: Promise<boolean>;
  readonly exited: Promise<string>;
  private stderr = '';
  private stoppedBecause: Extract<Outcome, { kind: 'stopped' }>['why'] | undefined;

  constructor(
    entry: string,
    readonly nice: number,
  ) {
    const node = [process.execPath, ...(entry.endsWith('.ts') ? ['--import', 'tsx'] : []), entry];
    const [command, ...args] = existsSync(SETPRIV) ? [SETPRIV, '--pdeathsig', 'KILL', ...node] : node;
    this.child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe', 'ipc'], env: process.env });
    // Before it starts anything: its engines inherit the niceness.
    if (nice && this.child.pid !== undefined) {
      try {
        os.setPriority(this.child.pid, nice);
      } catch {
        // Gone already; its exit is reported as usual.
      }
    }
    this.child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => resolve(signal ? `was killed by ${signal}` : `exited with ${code}`));
      this.child.once('error', (e) => resolve(`could not start: ${e.message}`));
    });
    this.ready = new Promise((resolve) => {
      const onMessage = (m: FromHost) => {
        if (m.type !== 'ready') return;
        this.child.off('message', onMessage);
        resolve(true);
      };
      this.child.on('message', onMessage);
      void this.exited.then(() => resolve(false));
    });
  }

  memoryBytes(children?: Map<number, number[]>): number {
    return this.child.pid === undefined ? 0 : treeMemoryBytes(this.child.pid, children);
  }

  /** Ends the running job for a reason the job's outcome will carry. */
  stop(why: Extract<Outcome, { kind: 'stopped' }>['why']) {
    this.stoppedBecause ??= why;
    this.kill();
  }

  kill() {
    if (this.child.pid !== undefined && this.child.exitCode === null && this.child.signalCode === null) killTree(this.child.pid);
  }

  /** Runs one job; never rejects: every way it can end is an Outcome. */
  execute(job: HostJob, opts: HostRunOptions): Promise<Outcome> {
    return new Promise<Outcome>((resolve) => {
      let settled = false;
      const settle = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearTimeout(stallTimer);
        clearTimeout(startTimer);
        opts.signal?.removeEventListener('abort', onAbort);
        this.child.off('message', onMessage);
        resolve(outcome);
      };
      const stop = (why: Extract<Outcome, { kind: 'stopped' }>['why']) => this.stop(why);
      const onAbort = () => stop('aborted');
      const onMessage = (m: FromHost) => {
        if (m.type === 'progress') {
          stallTimer.refresh();
          void Promise.resolve(opts.onProgress?.(m.fraction)).catch(() => undefined);
        }
        else if (m.type === 'metric') reportHostMetric(m.metric);
        else if (m.type === 'done') settle({ kind: 'done', result: { outputs: m.outputs, notice: m.notice, report: m.report, noticeParams: m.noticeParams } });
        else if (m.type === 'failed') settle({ kind: 'failed', failure: m.failure });
      };

      const timer = setTimeout(() => stop('timeout'), opts.timeoutMs);
      // Counted from the start of the job, then from each progress report.
      const stallTimer = setTimeout(() => opts.stallMs && stop('stall'), opts.stallMs ?? 2 ** 31 - 1);
      const startTimer = setTimeout(() => stop('start'), START_TIMEOUT_MS);
      if (opts.signal?.aborted) return stop('aborted');
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      this.child.on('message', onMessage);
      void this.exited.then((how) =>
        settle(this.stoppedBecause ? { kind: 'stopped', why: this.stoppedBecause } : { kind: 'died', how, stderr: this.stderr }),
      );
      void this.ready.then((up) => {
        clearTimeout(startTimer);
        if (up && !settled) this.child.send({ type: 'run', job });
      });
    });
  }
}
