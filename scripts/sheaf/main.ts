import { parseArgs, UsageError } from './args';
import { COPY } from './copy';
import { planJobs } from './plan';
import { plainView, summaryTable, terminalView } from './render';
import { runJobs } from './run-jobs';

const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

// stdout carries the command's own answer (help, the summary, --json's document) and nothing else:
// whatever the processors and engines print there (the server's log lines) goes to stderr.
const print = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

/**
 * `sheaf <tool> <files or folders…> [options]`: runs a tool on a server or in this process and
 * prints a summary. Progress goes to stderr, so stdout holds only the summary (or --json's document).
 */
async function main(argv: readonly string[]): Promise<number> {
  let args;
  let jobs;
  try {
    args = parseArgs(argv, process.env);
    if (args.help || !args.tool) {
      // Each mode loads only what it uses (the copy, the processors, the HTTP client): the command starts in a second.
      const { generalHelp, toolHelp } = await import('./help');
      print(args.tool ? toolHelp(args.tool) : generalHelp());
      return EXIT.ok;
    }
    jobs = await planJobs(args.tool, args.paths, { out: args.out, output: args.output, cwd: process.cwd() });
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`${e.message}\n${COPY.usage}\n`);
    return EXIT.usage;
  }

  const { tool, mode } = args;
  const runner =
    mode.kind === 'local'
      ? (await import('./local-runner')).localRunner(tool, args.options, process.env)
      : (await import('./server-runner')).serverRunner(tool, args.rawOptions, mode);
  // Ctrl-C: the running tasks are aborted (engines stop, temp files go) and the summary still prints; a second one quits at once.
  const abort = new AbortController();
  process.once('SIGINT', () => {
    abort.abort();
    process.once('SIGINT', () => process.exit(EXIT.interrupted));
  });
  const view = process.stderr.isTTY ? terminalView(process.stderr, jobs.length) : plainView(process.stderr);
  let rows;
  try {
    rows = await runJobs(jobs, runner, {
      tool: tool.id,
      rawOptions: args.rawOptions,
      concurrency: args.concurrency,
      signal: abort.signal,
      view,
    });
  } finally {
    view.end();
    await runner.close();
  }
  print(args.json ? JSON.stringify(rows, null, 2) + '\n' : '\n' + summaryTable(rows));
  if (abort.signal.aborted) return EXIT.interrupted;
  return rows.some((r) => r.result === 'FAILED') ? EXIT.failed : EXIT.ok;
}

// Exits once stdout is flushed: the engines are stopped, but a library may still hold a timer.
main(process.argv.slice(2)).then(
  (code) => print('', () => process.exit(code)),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exit(EXIT.failed);
  },
);
