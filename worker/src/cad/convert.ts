import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '#shared/errors';
import { entryPoint } from '#shared/server/project-paths';
import { singleInput } from '../inputs/pdf-input';
import { sniffInput } from '../inputs/sniff-input';
import type { InputFile } from '../contract/processor';
import type { CadJob, CadJobResult } from './thread';

const ENTRY = pathToFileURL(entryPoint('worker/src/cad/thread.ts')).href;
/**
 * A worker thread does not inherit the loader of a worker run through tsx: from the sources, the
 * thread registers tsx itself before importing its (TypeScript) entry. The compiled entry needs none.
 */
const TSX_API = ENTRY.endsWith('.ts')
  ? pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs')
  : undefined;
const BOOT = `
const { workerData } = require('node:worker_threads');
const loader = workerData.tsx ? import(workerData.tsx).then((api) => api.register()) : Promise.resolve();
loader.then(() => import(workerData.entry)).then((m) => m.main());
`;

/** JavaScript heap for one conversion; LibreDWG's WebAssembly memory is separate (up to 4 GB). */
const HEAP_MB = 1024;
const STDERR_KEEP = 2000;
/** A warmed-up thread waits this long for the next drawing before it is let go. */
const SPARE_IDLE_MS = 60_000;

export type CadOutcome = Extract<CadJobResult, { ok: true }>;

/** Time limit of one drawing's parse and render (the task's own limit is a little longer). */
export const CAD_TIMEOUT_MS = 120_000;

/** The drawing of a CAD task, and whether it is read as DWG or DXF (by its bytes). */
export async function drawingInput(inputs: readonly InputFile[]): Promise<{ input: InputFile; kind: 'dwg' | 'dxf' }> {
  const input = singleInput(inputs);
  return { input, kind: await sniffInput(input, ['dwg', 'dxf'] as const) };
}

interface CadThread {
  worker: Worker;
  /** Why it ended, if it did before being given a job (a broken install, say). */
  exited?: string;
  stderr: string;
}

/**
 * Starting a thread (loading pdf-lib and LibreDWG's 9 MB of WebAssembly) takes a second or
 * two, longer than converting a typical drawing. So after each conversion one thread is warmed up
 * for the next and kept for a minute. Each thread converts exactly one drawing: a fresh
 * WebAssembly instance per file, and nothing a hostile file did can leak into the next.
 */
let spare: { thread: CadThread; idle: NodeJS.Timeout } | undefined;

function startThread(): CadThread {
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: { tsx: TSX_API, entry: ENTRY },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    // LibreDWG writes diagnostics; keep the tail for the log instead of the worker's own output.
    stdout: true,
    stderr: true,
  });
  const thread: CadThread = { worker, stderr: '' };
  worker.stdout.resume();
  worker.stderr.on('data', (chunk: Buffer) => {
    thread.stderr = (thread.stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
  });
  worker.on('error', (err) => (thread.exited ??= err.message));
  worker.on('exit', (code) => (thread.exited ??= `exit ${code}`));
  // A waiting thread must not keep the process alive.
  worker.unref();
  return thread;
}

function takeThread(): CadThread {
  const ready = spare;
  spare = undefined;
  if (ready) {
    clearTimeout(ready.idle);
    if (!ready.thread.exited) return ready.thread;
  }
  return startThread();
}

function warmSpare() {
  if (spare) return;
  const thread = startThread();
  const idle = setTimeout(() => {
    if (spare?.thread === thread) spare = undefined;
    void thread.worker.terminate();
  }, SPARE_IDLE_MS);
  idle.unref();
  spare = { thread, idle };
}

/**
 * Parses and renders a drawing in a worker thread of its own, which is terminated when the time
 * limit passes or the task is aborted: WebAssembly cannot be interrupted any other way, and a
 * hostile DWG can make LibreDWG loop.
 */
export function convertCad(job: CadJob, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<CadOutcome> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new AppError('TASK_FAILED', 'cad conversion not started: aborted'));
    const thread = takeThread();
    const { worker } = thread;
    worker.ref();

    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      void worker.terminate();
      fn();
      warmSpare();
    };
    const timer = setTimeout(() => finish(() => reject(new AppError('TASK_FAILED', `cad conversion timed out after ${opts.timeoutMs} ms`))), opts.timeoutMs);
    const onAbort = () => finish(() => reject(new AppError('TASK_FAILED', 'cad conversion aborted')));
    const onMessage = (result: CadJobResult) => finish(() => (result.ok ? resolve(result) : reject(new AppError(result.code, result.detail))));
    const onError = (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AppError('FILE_TOO_COMPLEX', 'cad conversion ran out of memory')
            : new AppError('DRAWING_DAMAGED', `cad thread failed: ${err.message} ${thread.stderr.trim()}`),
        ),
      );
    const onExit = (code: number) => finish(() => reject(new AppError('DRAWING_DAMAGED', `cad thread exited with ${code} ${thread.stderr.trim()}`)));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job);
  });
}
