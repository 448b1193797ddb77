import { openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS } from '#shared/api';
import { urlFetchAllowlist } from '#shared/env';
import {
  allHostileCases,
  HOSTILE_IDS,
  gb,
  quantile,
  runHostileCampaign,
  spawnWorker,
  startHostileSites,
  timedMerge,
  violation,
  watchTreeMemory,
  writeHostileFiles,
  type HostileCase,
  type HostileClient,
  type HostileOutcome,
  type WorkerProcess,
} from '../tests/support/hostile-files';
import { fixture } from '../tests/support/fixtures';
import { scratchDir, secs, table, visitorClient, withStack } from './lib';

/** Goal of issue 14 for the worker's process tree over the whole corpus. */
const RSS_GOAL = 1.5 * 1024 ** 3;
/** Past this the worker's tree is killed, to keep the machine usable; the run then says so. */
const MEMORY_GUARD = 6 * 1024 ** 3;
/** Hostile cases at once: the worker's default heavy-lane concurrency. */
const IN_FLIGHT = 2;
const IDLE_MERGES = 10;
const SMALL = [fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'), fixture('pdf/ocrmypdf_tagged.pdf')] as const;

/**
 * The hostile corpus of issue 14 (tests/support/hostile-files.ts), every file to every tool whose
 * declaration accepts it, through the real api and a worker running as a process of its own with
 * the default settings: the peak memory of the worker's process tree, and the latency of a small
 * merge while it runs against the same merge on the idle stack.
 */
export async function hostileBench(): Promise<string> {
  const dir = await scratchDir('hostile');
  const sites = await startHostileSites();
  try {
    // One file at a time, so the slowest to write is known (the test checks only their size).
    const writes = HOSTILE_IDS.map((id) => {
      const started = performance.now();
      const written = writeHostileFiles(dir, [id]);
      return { id, seconds: (performance.now() - started) / 1000, written };
    });
    const files = Object.assign({}, ...writes.map((w) => w.written)) as ReturnType<typeof writeHostileFiles>;
    const slowestWrite = writes.reduce((a, b) => (b.seconds > a.seconds ? b : a));
    return await withStack(
      async (stack) => {
        let worker: WorkerProcess | undefined;
        const startWorkerProcess = async () => {
          worker = spawnWorker({ QUEUE_PREFIX: stack.deps.env.QUEUE_PREFIX, DATA_DIR: stack.deps.env.DATA_DIR, URL_FETCH_ALLOWLIST: sites.allowlist });
          await worker.ready;
        };
        await startWorkerProcess();
        const client = hostileClient(stack.baseUrl);
        try {
          const mergeTokens = [await uploadToken(client, SMALL[0]), await uploadToken(client, SMALL[1])] as const;
          await timedMerge(client, mergeTokens); // warm-up
          const idle: number[] = [];
          for (let i = 0; i < IDLE_MERGES; i++) idle.push((await timedMerge(client, mergeTokens)).seconds);
          console.error(`hostile: idle merge p50 ${secs(quantile(idle, 0.5))}`);

          const running = new Set<string>();
          let peakWhile: string[] = [];
          const guardNotes: string[] = [];
          const memory = watchTreeMemory(() => (worker?.alive() ? worker.pid : undefined), {
            limitBytes: MEMORY_GUARD,
            onOver: (rss) => {
              guardNotes.push(`${gb(rss)} during ${[...running].join(', ')}`);
              void (async () => {
                await worker!.killTree();
                const { visitorId } = await stack.deps.db.file.findUniqueOrThrow({ where: { token: mergeTokens[0] } });
                await stack.deps.db.task.updateMany({
                  where: { visitorId, status: 'DOING' },
                  data: { status: 'FAILED', errorCode: 'TASK_FAILED', errorMessage: `killed by the bench's memory guard at ${gb(rss)}`, finishedAt: new Date() },
                });
                await startWorkerProcess();
              })();
            },
          });
          // Which cases were running when the peak was reached.
          let peakSeen = 0;
          const attribution = setInterval(() => {
            if (memory.peak.rss > peakSeen) {
              peakSeen = memory.peak.rss;
              peakWhile = [...running];
            }
          }, 100);
          // HOSTILE_CASES=<text> runs only the cases whose name holds it ("many-pages"), as in the test.
          const cases = allHostileCases().filter((c) => !process.env.HOSTILE_CASES || c.name.includes(process.env.HOSTILE_CASES));
          const started = performance.now();
          const { outcomes, merges } = await runHostileCampaign(client, cases, {
            files,
            sites,
            companion: SMALL[0],
            inFlight: IN_FLIGHT,
            mergeTokens,
            taskRow: (id) => stack.deps.db.task.findUnique({ where: { id }, select: { attempts: true, startedAt: true, finishedAt: true } }),
            onStart: (c) => running.add(c.name),
            onOutcome: (o) => {
              running.delete(o.case.name);
              console.error(`hostile: ${o.case.name}: ${o.status} ${o.errorCode ?? ''} in ${o.seconds.toFixed(1)} s`);
            },
          });
          const minutes = (performance.now() - started) / 60_000;
          memory.stop();
          clearInterval(attribution);
          const workerStayedUp = worker!.alive() && guardNotes.length === 0;
          const last = await timedMerge(client, mergeTokens);
          return report({ cases, outcomes, merges, idle, peak: memory.peak, peakWhile, guardNotes, workerStayedUp, lastMerge: last.status, minutes, slowestWrite });
        } finally {
          await worker?.killTree();
        }
      },
      // The api checks a page's address at the transfer too: both servers are internal addresses.
      { worker: false, env: { URL_FETCH_ALLOWLIST: urlFetchAllowlist({ URL_FETCH_ALLOWLIST: sites.allowlist }) } },
    );
  } finally {
    await sites.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function report(r: {
  cases: HostileCase[];
  outcomes: HostileOutcome[];
  merges: Array<{ seconds: number; status: string }>;
  idle: number[];
  peak: { rss: number; pss: number; processes: number };
  peakWhile: string[];
  guardNotes: string[];
  workerStayedUp: boolean;
  lastMerge: string;
  minutes: number;
  slowestWrite: { id: string; seconds: number };
}): string {
  const during = r.merges.filter((m) => m.status === 'Done').map((m) => m.seconds);
  const failedMerges = r.merges.length - during.length;
  const usual = quantile(r.idle, 0.5);
  const bound = Math.max(2 * usual, usual + 3);
  const broken = r.outcomes.map((o) => ({ o, why: violation(o) })).filter((v) => v.why);
  const byName = new Map(r.outcomes.map((o) => [o.case.name, o]));
  const answer = (o: HostileOutcome | undefined) =>
    !o ? 'not run' : o.status === 'Done' ? 'Done' : `${o.status} ${o.errorCode ?? ''}`.trim();
  return [
    `## Hostile files: ${r.cases.length} cases, every hostile file to every tool that accepts it${process.env.HOSTILE_CASES ? ` (those named "…${process.env.HOSTILE_CASES}…")` : ''}`,
    '',
    'The corpus of `tests/support/hostile-files.ts` (nested `q … Q`, deep arrays and dictionaries, a 60000² image, a',
    '1 GiB content stream, a page-tree loop, a 1 × 14400 pt page, PNG/JPEG/GIF pixel bombs, a 228 KB TIFF of 2,001 pages,',
    'a 9.7 MB PDF of 100,000 pages, a 0-byte file, a',
    '300,000-row table and a page that never answers for HTML to PDF), through the API, to a worker running as its',
    `own process with the default settings, ${IN_FLIGHT} hostile cases at a time. Memory is the resident set of the worker`,
    'and all its descendants (task hosts, engines, Chromium), read from /proc every 200 ms; RSS counts a page shared by',
    'several processes once per process, PSS splits it between them. A small merge (two small fixtures) runs again and',
    'again beside the hostile cases, and on the idle stack before them.',
    '',
    table(
      ['', 'measured', 'goal'],
      [
        ['peak RSS of the worker tree', `${gb(r.peak.rss)} (PSS ${gb(r.peak.pss)}, up to ${r.peak.processes} processes)`, `≤ ${gb(RSS_GOAL)}`],
        ['running at the peak', r.peakWhile.join(', ') || '–', ''],
        ['small merge, idle: p50 / p95', `${secs(usual)} / ${secs(quantile(r.idle, 0.95))} (${r.idle.length} runs)`, ''],
        [
          'small merge, during the hostile run: p50 / p95',
          `${secs(quantile(during, 0.5))} / ${secs(quantile(during, 0.95))} (${during.length} runs${failedMerges ? `, ${failedMerges} not Done` : ''})`,
          `≤ ${secs(bound)}`,
        ],
        ['cases breaking their rule', `${broken.length} of ${r.outcomes.length}`, '0'],
        ['worker stayed up; a last merge', `${r.workerStayedUp ? 'yes' : 'no'}${r.guardNotes.length ? ` (memory guard: ${r.guardNotes.join('; ')})` : ''}; ${r.lastMerge}`, 'yes; Done'],
        ['wall time', `${r.minutes.toFixed(1)} min`, ''],
        ['slowest corpus file to write', `${secs(r.slowestWrite.seconds)} (${r.slowestWrite.id})`, '< 1 s'],
      ],
    ),
    '',
    'Each case must end Done or Failed with its own message (never the generic one), attempted once, within its tool\'s',
    'time limit; seconds are the worker\'s, from the start of the task to its end (queue time excluded).',
    '',
    table(
      ['case', 'answer', 'seconds', 'attempts', 'rule'],
      r.cases.map((c) => {
        const o = byName.get(c.name);
        return [c.name, answer(o), o ? o.seconds.toFixed(1) : '–', String(o?.attempts ?? '–'), o ? (violation(o) ?? 'ok') : 'not run'];
      }),
    ),
  ].join('\n');
}

/** The public API over HTTP with a cookie jar, as the runner wants it. */
function hostileClient(baseUrl: string): HostileClient {
  const client = visitorClient(baseUrl);
  return {
    async upload(file, toolType) {
      const form = new FormData();
      form.append('file', await openAsBlob(file), path.basename(file));
      if (toolType) form.append('toolType', toolType);
      return client.post(API_PATHS.unLoginUpload, form);
    },
    transfer: (body) => client.post(API_PATHS.unLoginTransfer, body),
    progress: (id) => client.post(API_PATHS.transferProgress, { id }),
    async thumbnail(token, page) {
      const res = await client.get(`${API_PATHS.thumb}/${token}/${page}`);
      return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
    },
  };
}

async function uploadToken(client: HostileClient, file: string): Promise<string> {
  const body = await client.upload(file, 'merge-pdf');
  if (typeof body.token !== 'string') throw new Error(`upload of ${path.basename(file)} answered ${JSON.stringify(body)}`);
  return body.token;
}
