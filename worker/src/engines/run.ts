import { spawn } from 'node:child_process';
import { AppError, type ErrorCode } from '#shared/errors';
import { reportHostMetric } from './host-metrics';

export interface RunEngineOptions {
  /** Hard limit for the call; the whole process group is killed when it passes. */
  timeoutMs: number;
  /** Aborting (task time limit, worker shutdown) kills the process group too. */
  signal?: AbortSignal;
  cwd?: string;
  /** Extra environment variables, on top of the worker's own. */
  env?: Record<string, string>;
  /** Exit codes that count as success. qpdf, for one, exits 3 when it repaired the file. */
  okCodes?: readonly number[];
  /**
   * What a failing exit means for the user (PDF_DAMAGED, WRONG_PASSWORD…); without one it is
   * ENGINE_FAILED, which says the engine stopped on the file. Timeouts and aborts are always TASK_FAILED.
   */
  errorCode?: ErrorCode;
  /** Overrides the error code's catalogue message. */
  userMessage?: string;
  /** stdout beyond this is a runaway engine: the call is killed and fails. */
  maxStdoutBytes?: number;
  /**
   * Address space the engine may map, in MB (`prlimit --as`): a hostile file makes it fail to
   * allocate (FILE_TOO_COMPLEX) instead of taking the machine's memory. Not for engines that
   * reserve large virtual ranges up front (Chromium, LibreOffice, WebAssembly).
   */
  memoryMb?: number;
}

export interface RunEngineResult {
  stdout: string;
  stderr: string;
  code: number;
}

/**
 * Base-system programs (coreutils, util-linux) that start an engine under a limit: `timeout` around
 * every call, `prlimit` for memory and file-size caps. The engine is the program after their `--`.
 */
export const LAUNCHERS: readonly string[] = ['timeout', 'prlimit'];

/** Only the end of stderr is kept: that is where engines say what went wrong. */
const STDERR_KEEP_BYTES = 64 * 1024;
const DEFAULT_MAX_STDOUT_BYTES = 32 * 1024 * 1024;
const DETAIL_TAIL_CHARS = 2000;
/**
 * coreutils `timeout` holds the time limit inside the process group, so it still fires when the
 * worker that started the engine was killed and its timer died with it. It fires this long after
 * the worker's own timer, which normally wins and reports why.
 */
const BACKSTOP_GRACE_MS = 500;
/** What `timeout` exits with, and how its message starts, when it cannot start the engine at all. */
const NOT_FOUND = 127;
const NOT_STARTED = /^timeout: failed to run command/;
/** qpdf's words for a page tree whose pages refer to each other in a loop, whatever the call. */
const PAGE_TREE_LOOP = /Loop detected in \/Pages structure/;
/** How engines say an allocation failed (poppler, qpdf, Ghostscript, libstdc++). */
const OUT_OF_MEMORY = /out of memory|bad_alloc|cannot allocate memory|VMerror/i;

/**
 * The one way the worker runs a native engine: no shell (arguments are never parsed by one), its
 * own process group so a timeout or an abort kills every process the engine started, a time limit
 * that outlives the worker, stderr kept (bounded) for the log, and an AppError with a user-safe
 * message when it fails.
 */
export function runEngine(command: string, args: readonly string[], opts: RunEngineOptions): Promise<RunEngineResult> {
  const okCodes = opts.okCodes ?? [0];
  const maxStdout = opts.maxStdoutBytes ?? DEFAULT_MAX_STDOUT_BYTES;
  const label = command.split('/').pop();

  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new AppError('TASK_FAILED', `${label} not started: ${reasonOf(opts.signal)}`));
      return;
    }
    // `timeout` stops reading options at the duration, so the engine's arguments pass through untouched.
    const backstop = `${(opts.timeoutMs + BACKSTOP_GRACE_MS) / 1000}s`;
    const limited = opts.memoryMb ? ['prlimit', `--as=${opts.memoryMb * 1024 * 1024}`, '--', command] : [command];
    const started = performance.now();
    const child = spawn('timeout', ['--signal=KILL', backstop, ...limited, ...args], {
      cwd: opts.cwd,
      env: opts.env ? { ...process.env, ...opts.env } : process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // A new process group (led by `timeout`), so kill(-pid) reaches the engine and its own children.
      detached: true,
    });

    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr: Buffer = Buffer.alloc(0);
    /** Set when we killed the group; explains the exit to the caller. */
    let killedBecause: string | undefined;

    const killGroup = (why: string) => {
      if (killedBecause || child.pid === undefined) return;
      killedBecause = why;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };

    const timer = setTimeout(() => killGroup(`timed out after ${opts.timeoutMs} ms`), opts.timeoutMs);
    const onAbort = () => killGroup(`aborted: ${reasonOf(opts.signal!)}`);
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdout) killGroup(`stdout exceeded ${maxStdout} bytes`);
      else stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = Buffer.concat([stderr, chunk]);
      if (stderr.length > STDERR_KEEP_BYTES) stderr = stderr.subarray(stderr.length - STDERR_KEEP_BYTES);
    });

    const finish = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      reportHostMetric({ kind: 'engine', engine: label ?? command, seconds: (performance.now() - started) / 1000 });
    };

    child.on('error', (err: NodeJS.ErrnoException) => {
      finish();
      reject(new AppError('TASK_FAILED', `${label} could not start: ${err.message}`));
    });

    // 'close' (not 'exit') so every byte of output has been read.
    child.on('close', (code, signal) => {
      finish();
      const result = { stdout: Buffer.concat(stdout).toString('utf8'), stderr: stderr.toString('utf8'), code: code ?? -1 };
      const tail = result.stderr.trim().slice(-DETAIL_TAIL_CHARS);
      if (killedBecause) {
        reject(new AppError('TASK_FAILED', `${label} ${killedBecause}${tail ? `: ${tail}` : ''}`));
      } else if (code !== null && code >= 126 && NOT_STARTED.test(result.stderr)) {
        // Not installed: capabilities should have switched the tool off.
        reject(new AppError(code === NOT_FOUND ? 'TOOL_UNAVAILABLE' : 'TASK_FAILED', `${label} could not start: ${tail}`));
      } else if ((code === null || !okCodes.includes(code)) && PAGE_TREE_LOOP.test(result.stderr)) {
        reject(new AppError('PDF_PAGE_TREE_BROKEN', `${label}: ${tail}`));
      } else if (opts.memoryMb && (code === null || !okCodes.includes(code)) && OUT_OF_MEMORY.test(result.stderr)) {
        reject(new AppError('FILE_TOO_COMPLEX', `${label} ran out of its ${opts.memoryMb} MB: ${tail}`));
      } else if (code === null || !okCodes.includes(code)) {
        const how = code === null ? `was killed by ${signal}` : `exited with ${code}`;
        reject(new AppError(opts.errorCode ?? 'ENGINE_FAILED', `${label} ${how}${tail ? `: ${tail}` : ''}`, opts.userMessage));
      } else {
        resolve(result);
      }
    });
  });
}

function reasonOf(signal: AbortSignal): string {
  const r: unknown = signal.reason;
  return r instanceof Error ? r.message : String(r ?? 'aborted');
}
