/**
 * `npm start`'s supervisor: runs the worker and the api, restarts one that exits on its own (1 s,
 * 2 s, 4 s … up to 30 s apart; back to 1 s once it has stayed up a minute) while the other keeps
 * serving, and on SIGINT/SIGTERM/SIGHUP stops both (TERM, then KILL after a grace period) and exits.
 * Without SMTP it also prints each login link the api writes to the outbox.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_DATA_DIR } from '#shared/limits';
import { watchOutboxLogins } from '#shared/server/outbox';

/**
 * V8 settings for the api and the worker, which wait on the network and parse nothing big (files are
 * read in task hosts): a young generation of 1 MB semi-spaces instead of 16 MB and V8's
 * favour-memory mode took about 45 MB off the two at idle (bench/memory-server.ts). Task hosts keep
 * V8's defaults: they do the parsing, where a small young generation costs time.
 */
const SMALL_HEAP_FLAGS = ['--max-semi-space-size=1', '--optimize-for-size'];

// The compiled api and worker (scripts/build-server.ts), not their sources through tsx: a TypeScript
// loader and its esbuild service would stay in memory for the whole run. Named here rather than
// passed as arguments, so `pkill -f worker/src/main.js` never hits the supervisor.
const COMMANDS: Record<string, string[]> = {
  worker: ['node', ...SMALL_HEAP_FLAGS, 'dist/worker/src/main.js'],
  api: ['node', ...SMALL_HEAP_FLAGS, 'dist/api/src/main.js'],
};

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** A child that ran this long before dying is restarted after the first delay again. */
const STABLE_MS = 60_000;
/** The worker finishes its running jobs on TERM; one still busy after this is killed (its jobs are retaken). */
const STOP_GRACE_MS = 10_000;

interface Supervised {
  name: string;
  argv: string[];
  process?: ChildProcess;
  startedAt: number;
  delayMs: number;
  restart?: NodeJS.Timeout;
}

const log = (message: string) => process.stdout.write(`\x1b[1;34m[sheaf]\x1b[0m ${message}\n`);

const children: Supervised[] = Object.entries(COMMANDS).map(([name, argv]) => ({ name, argv, startedAt: 0, delayMs: FIRST_DELAY_MS }));
let stopping = false;

function start(child: Supervised): void {
  child.restart = undefined;
  child.startedAt = Date.now();
  const proc = spawn(child.argv[0], child.argv.slice(1), { stdio: 'inherit' });
  child.process = proc;
  proc.on('error', (error) => log(`${child.name} could not be started: ${error.message}`));
  // 'close' also follows a failed spawn, so every start ends here exactly once.
  proc.on('close', (code, signal) => {
    child.process = undefined;
    if (stopping) return exitWhenAllStopped();
    if (Date.now() - child.startedAt >= STABLE_MS) child.delayMs = FIRST_DELAY_MS;
    const how = signal ? `signal ${signal.replace(/^SIG/, '')}` : `code ${code}`;
    log(`${child.name} exited (${how}); restarting in ${child.delayMs / 1000} s`);
    child.restart = setTimeout(() => start(child), child.delayMs);
    child.delayMs = Math.min(child.delayMs * 2, MAX_DELAY_MS);
  });
}

function stop(): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    clearTimeout(child.restart);
    // Once: the worker finishes its running jobs on the first signal and drops them on a second.
    child.process?.kill('SIGTERM');
  }
  setTimeout(() => {
    for (const child of children) {
      if (!child.process) continue;
      log(`${child.name} did not stop within ${STOP_GRACE_MS / 1000} s; killing it`);
      child.process.kill('SIGKILL');
    }
  }, STOP_GRACE_MS);
  exitWhenAllStopped();
}

function exitWhenAllStopped(): void {
  if (children.every((child) => !child.process)) process.exit(0);
}

process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);
children.forEach(start);

// Without SMTP, login mails go to the outbox: each new link is printed alone on its line, so the
// operator can sign in (or hand the link on) without a mail server.
// Read from the environment as is, not through loadEnv: its schema (zod) would hold about 12 MB of
// this process's memory for its whole life, and check-env.ts has already validated the settings.
// An empty variable is unset there too.
if (!process.env.SMTP_URL) {
  watchOutboxLogins(path.resolve(process.env.DATA_DIR || DEFAULT_DATA_DIR, 'outbox'), ({ to, link }) => {
    log(`Login link for ${to} (written to the outbox, not mailed):`);
    process.stdout.write(`${link}\n`);
  });
}
