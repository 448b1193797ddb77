import os from 'node:os';
import { engineIdleMs, taskShareMb, type OcrEngineKind } from '#shared/env';
import { AppError } from '#shared/errors';
import type { OcrLanguage } from '#shared/tools/pdf-ocr';
import { ENGINE_BYTES, type OcrEngine } from './ocr-engine';
import { startOcrEngine } from './start-engine';

const MB = 1024 * 1024;
/** What the rest of a task host holds beside its engines: Node, sharp, the document being written. */
const HOST_RESERVE_BYTES = 400 * MB;
/** Memory the machine keeps for everything else before another engine may start. */
const FREE_RESERVE_BYTES = 256 * MB;

export interface OcrPoolLimits {
  /** Engines at most: one per core, since each engine runs one thread flat out. */
  maxEngines: number;
  /** Memory all engines may take together. */
  memoryBytes: number;
  /** An engine unused this long is stopped, giving its memory back. */
  idleMs: number;
  /** Memory the machine has free now (os.freemem, or a stand-in in tests). */
  freeBytes?: () => number;
  /** The longest one page may take (PAGE_TIMEOUT_MS by default). */
  pageTimeoutMs?: number;
}

export interface OcrLease {
  /** Native Tesseract or tesseract.js: the engine the worker chose (see ocrEngineKind). */
  engine: OcrEngineKind;
  languages: readonly OcrLanguage[];
  /** Where the engine links its language data, if one must be started. */
  workDir: string;
  /** The task's signal: aborting it fails the page the engine is reading and stops the engine. */
  signal: AbortSignal;
}

/** An engine serves the tasks that want its kind and its languages. */
const keyOf = (kind: OcrEngineKind, languages: string) => `${kind}:${languages}`;

interface Waiter {
  key: string;
  lease: OcrLease;
  resolve(engine: OcrEngine): void;
  reject(error: unknown): void;
}

/**
 * The OCR engines of a process, shared by every task it runs: pages of one document are fanned
 * out over them, and two documents take turns (first come, first served, page by page). The pool
 * grows to one engine per core, as far as the memory allows (at least one engine always runs),
 * keeps engines warm between tasks, and stops those left idle. An engine is of one kind (native
 * Tesseract or tesseract.js) and reads one set of languages: a task for others takes an idle
 * engine's place. An engine that failed (a page timed out, its task was aborted, its process or
 * thread crashed) is dropped and replaced on demand.
 */
export class OcrPool {
  private readonly idle: OcrEngine[] = [];
  private readonly idleTimers = new Map<OcrEngine, NodeJS.Timeout>();
  private readonly waiters: Waiter[] = [];
  /** Engines running or starting, busy or idle. */
  private live = 0;
  /** Most engines that were ever busy at once (for tests and the bench). */
  peakBusy = 0;
  private busy = 0;

  constructor(private limits: OcrPoolLimits) {}

  /** How many engines of `kind` may run at once now. */
  sizeFor(kind: OcrEngineKind): number {
    const byMemory = Math.floor(this.limits.memoryBytes / ENGINE_BYTES[kind]);
    return Math.max(1, Math.min(this.limits.maxEngines, byMemory));
  }

  /** Engines running or starting now. */
  get engines(): number {
    return this.live;
  }

  /** Changes the limits (the bench compares one engine with the full pool); idle engines beyond them stop. */
  configure(limits: Partial<OcrPoolLimits>): void {
    this.limits = { ...this.limits, ...limits };
    while (this.idle.length > 0 && this.live > this.sizeFor(this.idle.at(-1)!.kind)) this.retire(this.idle.pop()!);
    this.pump();
  }

  /** Runs `work` on an engine reading `lease.languages`, waiting for one to be free. */
  async run<T>(lease: OcrLease, work: (engine: OcrEngine) => Promise<T>): Promise<T> {
    const engine = await this.acquire(lease);
    this.busy++;
    this.peakBusy = Math.max(this.peakBusy, this.busy);
    try {
      return await work(engine);
    } finally {
      this.busy--;
      this.release(engine);
    }
  }

  /** Stops every idle engine (busy ones stop when they are handed back). */
  async close(): Promise<void> {
    const engines = this.idle.splice(0);
    for (const engine of engines) clearTimeout(this.idleTimers.get(engine));
    this.idleTimers.clear();
    this.live -= engines.length;
    await Promise.all(engines.map((e) => e.stop()));
  }

  private acquire(lease: OcrLease): Promise<OcrEngine> {
    if (lease.signal.aborted) return Promise.reject(new AppError('TASK_FAILED', `OCR aborted: ${String(lease.signal.reason)}`));
    return new Promise<OcrEngine>((resolve, reject) => {
      const waiter: Waiter = {
        key: keyOf(lease.engine, lease.languages.join('+')),
        lease,
        resolve: (engine) => {
          lease.signal.removeEventListener('abort', onAbort);
          resolve(engine);
        },
        reject: (error) => {
          lease.signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      const onAbort = () => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        waiter.reject(new AppError('TASK_FAILED', `OCR aborted: ${String(lease.signal.reason)}`));
      };
      lease.signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      this.pump();
    });
  }

  private release(engine: OcrEngine): void {
    engine.use(undefined);
    if (engine.failed || this.live > this.sizeFor(engine.kind)) {
      this.retire(engine);
    } else {
      this.idle.push(engine);
      const timer = setTimeout(() => {
        const i = this.idle.indexOf(engine);
        if (i >= 0) this.retire(this.idle.splice(i, 1)[0]);
      }, this.limits.idleMs);
      timer.unref();
      this.idleTimers.set(engine, timer);
    }
    this.pump();
  }

  /** Stops an engine that is neither busy nor idle any more and frees its place. */
  private retire(engine: OcrEngine): void {
    clearTimeout(this.idleTimers.get(engine));
    this.idleTimers.delete(engine);
    this.live--;
    void engine.stop();
  }

  /** Another engine of `kind` fits: under the size, and (beyond the first) the machine has the memory for it. */
  private roomForAnother(kind: OcrEngineKind): boolean {
    if (this.live >= this.sizeFor(kind)) return false;
    if (this.live === 0) return true;
    const free = (this.limits.freeBytes ?? os.freemem)();
    return free >= ENGINE_BYTES[kind] + FREE_RESERVE_BYTES;
  }

  /** Serves the waiters in order, as far as the engines allow. */
  private pump(): void {
    while (this.waiters.length > 0) {
      const waiter = this.waiters[0];
      const warm = this.idle.findIndex((e) => keyOf(e.kind, e.languages) === waiter.key);
      if (warm >= 0) {
        this.waiters.shift();
        this.hand(this.idle.splice(warm, 1)[0], waiter);
        continue;
      }
      // An idle engine reading other languages gives its place up.
      const kind = waiter.lease.engine;
      if (!this.roomForAnother(kind) && this.idle.length > 0) this.retire(this.idle.shift()!);
      if (!this.roomForAnother(kind)) return;
      this.waiters.shift();
      this.live++;
      startOcrEngine(kind, waiter.lease.languages, {
        workDir: waiter.lease.workDir,
        signal: waiter.lease.signal,
        pageTimeoutMs: this.limits.pageTimeoutMs,
      }).then(
        (engine) => this.hand(engine, waiter),
        (e: unknown) => {
          this.live--;
          waiter.reject(e);
          this.pump();
        },
      );
    }
  }

  private hand(engine: OcrEngine, waiter: Waiter): void {
    clearTimeout(this.idleTimers.get(engine));
    this.idleTimers.delete(engine);
    engine.use(waiter.lease);
    if (engine.failed) {
      // Aborted while it started or waited: the task learns it from its signal.
      this.retire(engine);
      waiter.reject(new AppError('TASK_FAILED', `OCR aborted: ${String(waiter.lease.signal.reason)}`));
      this.pump();
      return;
    }
    waiter.resolve(engine);
  }
}

/** The process's pool: one engine per core, within the task's share of the worker's memory (two engines by default). */
export const ocrPool = new OcrPool({
  maxEngines: os.availableParallelism(),
  memoryBytes: Math.max(ENGINE_BYTES.wasm, taskShareMb() * MB - HOST_RESERVE_BYTES),
  idleMs: engineIdleMs(),
});

/**
 * Runs `work` on every item with the pool's engines, as many at once as the pool allows, and
 * returns the results in the items' order. After a failure no further item starts; the ones
 * running finish, then the first error is thrown. `work` reports how far its item has got (0–1);
 * `onProgress` hears the mean over all items, only when it moves forward.
 */
export async function mapOnEngines<T, R>(
  pool: OcrPool,
  items: readonly T[],
  lease: OcrLease,
  work: (engine: OcrEngine, item: T, index: number, progress: (fraction: number) => void) => Promise<R>,
  onProgress?: (fraction: number) => Promise<void> | void,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const read = new Array<number>(items.length).fill(0);
  let reported = 0;
  const report = async () => {
    const fraction = read.reduce((sum, f) => sum + f, 0) / Math.max(1, items.length);
    if (fraction <= reported) return;
    reported = fraction;
    await onProgress?.(fraction);
  };
  const progress = (i: number) => (fraction: number) => {
    read[i] = Math.max(read[i], fraction);
    void report();
  };
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && next < items.length) {
      const i = next++;
      try {
        results[i] = await pool.run(lease, (engine) => work(engine, items[i], i, progress(i)));
        read[i] = 1;
        await report();
      } catch (e) {
        failure ??= { error: e };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(pool.sizeFor(lease.engine), items.length) }, lane));
  if (failure) throw failure.error;
  return results;
}
