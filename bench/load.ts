import { API_PATHS, TOOL_CODE } from '#shared/api';
import { fixture } from '../tests/support/fixtures';
import { median, table, upload, visitorClient, type VisitorClient } from './lib';
import { mb, runModes, sleep, startServers, type RunMode, type Servers } from './servers';

const PHASE_S = Number(process.env.BENCH_LOAD_PHASE_S ?? 60);
const CONCURRENCY = [1, 4, 8];
const POLL_MS = 250;
const TASK_LIMIT_MS = 180_000;
const KILL_TASKS = Number(process.env.BENCH_KILL_TASKS ?? 200);
const KILL_EVERY_MS = 20_000;
const KILL_VISITORS = 8;
/** A killed worker's jobs are taken over once their lock expires (30 s by default). */
const KILL_LOCK_MS = 5000;

/** Settings that would refuse a bench's visitors, all from one address, long before the machine is busy. */
export const UNLIMITED = { UPLOADS_PER_MINUTE: '1000000', TRANSFERS_PER_MINUTE: '1000000', TASKS_PER_USER: '1000' };

/** What a visitor does: files to upload and the task asked of them. */
interface Scenario {
  name: string;
  files: string[];
  request: (tokens: string[]) => Record<string, unknown>;
}

const pdf = (name: string) => fixture(`pdf/${name}`);
/** Small to large (5 KB to 2.9 MB), merges and compressions. */
export const SCENARIOS: Scenario[] = [
  {
    name: 'merge 2 small',
    files: [pdf('pdf20_Simple-PDF-2.0-file.pdf'), pdf('ocrmypdf_tagged.pdf')],
    request: (t) => ({ toolType: 'merge-pdf', urls: t.join(';') }),
  },
  {
    name: 'compress 1 MB',
    files: [pdf('pdfjs_tracemonkey.pdf')],
    request: ([t]) => ({ toolType: 'compress-pdf', token: t, compress: 'medium' }),
  },
  {
    name: 'merge 3 medium',
    files: [pdf('plumber_WARN-Report.pdf'), pdf('pdfjs_TAMReview.pdf'), pdf('plumber_federal-register-2020-17221.pdf')],
    request: (t) => ({ toolType: 'merge-pdf', urls: t.join(';') }),
  },
  {
    name: 'compress 2.9 MB',
    files: [pdf('plumber_chelsea_pdta.pdf')],
    request: ([t]) => ({ toolType: 'compress-pdf', token: t, compress: 'low' }),
  },
];

interface Outcome {
  /** Milliseconds from the transfer call to Done (or Failed). */
  ms: number;
  status: 'Done' | 'Failed' | 'error';
  message?: string;
}

/** Asks for the task, polls it until it ends (a task still Doing after TASK_LIMIT_MS is stuck) and downloads its result. */
async function runOnce(client: VisitorClient, request: Record<string, unknown>): Promise<Outcome> {
  const started = performance.now();
  let answer = await client.post(API_PATHS.unLoginTransfer, request);
  const id = answer.id as string | undefined;
  if (!id) return { ms: 0, status: 'error', message: `transfer answered ${JSON.stringify(answer)}` };
  for (;;) {
    const result = answer.result as { status?: string; message?: string; fileurl?: string; pdfurl?: string } | undefined;
    if (answer.code === TOOL_CODE.done && result?.status === 'Done') {
      const ms = performance.now() - started;
      const res = await client.get(result.fileurl ?? result.pdfurl!);
      const body = await res.arrayBuffer();
      if (!res.ok || body.byteLength === 0) return { ms, status: 'error', message: `download answered ${res.status}` };
      return { ms, status: 'Done' };
    }
    if (result?.status === 'Failed') return { ms: performance.now() - started, status: 'Failed', message: result.message };
    if (performance.now() - started > TASK_LIMIT_MS)
      return { ms: TASK_LIMIT_MS, status: 'error', message: `not ended after ${TASK_LIMIT_MS / 1000} s` };
    await sleep(POLL_MS);
    answer = await client.post(API_PATHS.transferProgress, { id });
  }
}

/** One after another, as a page does: the first answer sets the visitor cookie the others must carry. */
async function uploadAll(client: VisitorClient, files: string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const file of files) tokens.push(await upload(client, file));
  return tokens;
}

/** One visitor: uploads the scenario's files, asks for the task, waits for it, downloads the result. */
export async function visit(baseUrl: string, scenario: Scenario): Promise<Outcome> {
  try {
    const client = visitorClient(baseUrl);
    return await runOnce(client, scenario.request(await uploadAll(client, scenario.files)));
  } catch (e) {
    return { ms: 0, status: 'error', message: e instanceof Error ? e.message : String(e) };
  }
}

interface PhaseFigures {
  visitors: number;
  seconds: number;
  outcomes: Outcome[];
}

/** `visitors` visitors, each starting a new visit as soon as the last ended, for PHASE_S seconds. */
async function phase(servers: Servers, visitors: number): Promise<PhaseFigures> {
  const outcomes: Outcome[] = [];
  const started = performance.now();
  const deadline = started + PHASE_S * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: visitors }, async () => {
      while (performance.now() < deadline) outcomes.push(await visit(servers.baseUrl, SCENARIOS[next++ % SCENARIOS.length]));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.error(`load: ${visitors} visitor(s), ${outcomes.length} tasks in ${seconds.toFixed(0)} s`);
  return { visitors, seconds, outcomes };
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const s1 = (ms: number) => (Number.isNaN(ms) ? '–' : `${(ms / 1000).toFixed(1)} s`);

function phaseRow(f: PhaseFigures): string[] {
  const done = f.outcomes.filter((o) => o.status === 'Done');
  const errors = f.outcomes.length - done.length;
  return [
    String(f.visitors),
    String(f.outcomes.length),
    ((done.length / f.seconds) * 60).toFixed(1),
    s1(median(done.map((o) => o.ms))),
    s1(
      percentile(
        done.map((o) => o.ms),
        95,
      ),
    ),
    `${((errors / Math.max(1, f.outcomes.length)) * 100).toFixed(1)}%`,
  ];
}

interface KillFigures {
  submitted: number;
  done: number;
  failed: Outcome[];
  errors: Outcome[];
  kills: number;
  seconds: number;
}

/**
 * KILL_TASKS small tasks from KILL_VISITORS visitors while the worker is SIGKILLed (with everything
 * it started) every KILL_EVERY_MS and started again, as the supervisor does. Every task must end Done
 * or Failed with a message; none may be lost (the api forgets it) or stuck (still Doing at the end).
 */
async function killRun(servers: Servers): Promise<KillFigures> {
  const clients = await Promise.all(
    Array.from({ length: KILL_VISITORS }, async () => {
      const client = visitorClient(servers.baseUrl);
      const scenario = SCENARIOS[0];
      return { client, scenario, tokens: await uploadAll(client, scenario.files) };
    }),
  );
  const outcomes: Outcome[] = [];
  let submitted = 0;
  let kills = 0;
  let running = true;
  const started = performance.now();
  const killer = (async () => {
    while (running) {
      await sleep(KILL_EVERY_MS);
      if (!running) break;
      await servers.worker.kill();
      kills++;
      await servers.restartWorker();
      console.error(`load: worker killed (${kills}), ${outcomes.length}/${KILL_TASKS} tasks ended`);
    }
  })();
  await Promise.all(
    clients.map(async ({ client, scenario, tokens }) => {
      while (submitted < KILL_TASKS) {
        submitted++;
        const outcome = await runOnce(client, scenario.request(tokens)).catch((e: unknown): Outcome => ({
          ms: 0,
          status: 'error',
          message: e instanceof Error ? e.message : String(e),
        }));
        outcomes.push(outcome);
      }
    }),
  );
  running = false;
  await killer;
  return {
    submitted,
    done: outcomes.filter((o) => o.status === 'Done').length,
    failed: outcomes.filter((o) => o.status === 'Failed'),
    errors: outcomes.filter((o) => o.status === 'error'),
    kills,
    seconds: (performance.now() - started) / 1000,
  };
}

/** Warm task hosts and engines stop this long after their last task in this run, so the memory they held can be seen to go. */
const ENGINE_IDLE_S = 20;

interface RssReading {
  api: number;
  worker: number;
}

/**
 * Simulated visitors at rising concurrency against the real api and worker processes, then the
 * worker killed every 20 s under a stream of tasks.
 */
export async function loadBench(): Promise<string> {
  const mode: RunMode = runModes().includes('compiled') ? 'compiled' : 'tsx';
  const servers = await startServers(mode, { ...UNLIMITED, ENGINE_IDLE_SECONDS: String(ENGINE_IDLE_S) });
  const reading = (): RssReading => ({ api: servers.api.treeRss(), worker: servers.worker.treeRss() });
  let phases: PhaseFigures[];
  let rss: RssReading[];
  try {
    await sleep(10_000);
    const before = reading();
    phases = [];
    for (const visitors of CONCURRENCY) phases.push(await phase(servers, visitors));
    const after = reading();
    await sleep((ENGINE_IDLE_S + 10) * 1000);
    rss = [before, after, reading()];
  } finally {
    await servers.stop();
  }

  const killServers = await startServers(mode, { ...UNLIMITED, WORKER_LOCK_MS: String(KILL_LOCK_MS) });
  let kill: KillFigures;
  try {
    kill = await killRun(killServers);
  } finally {
    await killServers.stop();
  }
  const errorLines = [...phases.flatMap((p) => p.outcomes), ...kill.errors, ...kill.failed]
    .filter((o) => o.status !== 'Done')
    .slice(0, 5)
    .map((o) => `- ${o.status}: ${o.message ?? 'no message'}`);
  const failedWithoutMessage = kill.failed.filter((o) => !o.message).length;

  return [
    '## Load: simulated visitors, and a worker killed every 20 s',
    '',
    `The api and one worker as processes of their own (${mode}), on this machine's PostgreSQL and Redis. Each visitor`,
    `uploads a fixture set, asks for a merge or a compression (${SCENARIOS.map((s) => s.name).join(', ')}, in turn),`,
    `polls every ${POLL_MS} ms until Done and downloads the result, then starts again; ${PHASE_S} s per concurrency.`,
    'Transfer-to-Done runs from the transfer call to the poll that says Done; an error is a task that failed, a',
    'refused call or a failed download. The upload, transfer and running-task limits are raised: every visitor comes',
    'from one address.',
    '',
    table(['visitors', 'tasks', 'tasks / minute', 'p50 transfer-to-Done', 'p95 transfer-to-Done', 'errors'], phases.map(phaseRow)),
    '',
    `RSS of each process with what it started (task hosts, engines), with ENGINE_IDLE_SECONDS=${ENGINE_IDLE_S} for this run:`,
    '',
    table(
      ['', 'before the first visitor', 'after the last', `${ENGINE_IDLE_S + 10} s later`],
      (['api', 'worker'] as const).map((which) => [which, ...rss.map((r) => mb(r[which]))]).concat([['api + worker', ...rss.map((r) => mb(r.api + r.worker))]]),
    ),
    '',
    `Then ${kill.submitted} small tasks (${SCENARIOS[0].name}) from ${KILL_VISITORS} visitors while the worker, with its task hosts and engines, is SIGKILLed`,
    `every ${KILL_EVERY_MS / 1000} s and started again (WORKER_LOCK_MS ${KILL_LOCK_MS}: a dead worker's jobs are taken over after 5 s).`,
    '',
    table(
      ['tasks', 'kills', 'Done', 'Failed (with a message)', 'lost or stuck', 'seconds'],
      [
        [
          String(kill.submitted),
          String(kill.kills),
          String(kill.done),
          `${kill.failed.length} (${kill.failed.length - failedWithoutMessage})`,
          String(kill.errors.length),
          kill.seconds.toFixed(0),
        ],
      ],
    ),
    ...(errorLines.length ? ['', 'First errors:', ...errorLines] : []),
  ].join('\n');
}
