import fs from 'node:fs';
import { AI_PATHS, type AiDocumentView } from '#shared/ai/api';
import { API_PATHS } from '#shared/api';
import { fixture } from '../tests/support/fixtures';
import { descendants, spawnServer } from '../tests/support/hostile-files';
import { median, runTask, table, upload, visitorClient, type VisitorClient } from './lib';
import { SCENARIOS, UNLIMITED, visit } from './load';
import { freePort, mb, runModes, sleep } from './servers';

/** Seconds after the workload's last task at which the server should be back under its goal. */
const AFTER_WORK_S = 60;
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 15);
const SAMPLES = 5;
const POLL_MS = 100;
const START_TIMEOUT_MS = 120_000;

/** Sheaf's processes by what they are; anything else below the supervisor is an engine a host started. */
const ROLES = ['supervisor', 'api', 'worker', 'task hosts', 'AI index host', 'engines (LibreOffice, Chromium…)'] as const;
type Role = (typeof ROLES)[number];
type Reading = Record<Role, number>;

function roleOf(pid: number, root: number): Role {
  if (pid === root) return 'supervisor';
  let cmdline = '';
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1');
  } catch {
    // Gone since the tree was read: counted as an engine with no memory.
  }
  if (cmdline.includes('dist/api/src/main.js')) return 'api';
  if (cmdline.includes('dist/worker/src/main.js')) return 'worker';
  if (cmdline.includes('task-host.js')) return 'task hosts';
  if (cmdline.includes('ai-index-host.js')) return 'AI index host';
  return 'engines (LibreOffice, Chromium…)';
}

function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

function read(root: number): Reading {
  const reading = Object.fromEntries(ROLES.map((r) => [r, 0])) as Reading;
  for (const pid of [root, ...descendants(root)]) reading[roleOf(pid, root)] += rssOf(pid);
  return reading;
}

/** How many processes of each role are running. */
function census(root: number): Reading {
  const count = Object.fromEntries(ROLES.map((r) => [r, 0])) as Reading;
  for (const pid of [root, ...descendants(root)]) count[roleOf(pid, root)]++;
  return count;
}

/** Per role, the median of a few readings a second apart, so one garbage collection does not set the figure. */
async function settled(root: number): Promise<Reading> {
  const readings: Reading[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    readings.push(read(root));
    if (i < SAMPLES - 1) await sleep(1000);
  }
  return Object.fromEntries(ROLES.map((r) => [r, median(readings.map((x) => x[r]))])) as Reading;
}

const ENGINES: Role = 'engines (LibreOffice, Chromium…)';
const total = (r: Reading) => ROLES.reduce((sum, role) => sum + r[role], 0);
const ownTotal = (r: Reading) => total(r) - r[ENGINES];

/** Seconds from the transfer call to Done, for one task of a fresh visitor. */
async function timedTask(baseUrl: string, file: string, request: (token: string) => Record<string, unknown>): Promise<number> {
  const client = visitorClient(baseUrl);
  const token = await upload(client, file);
  const started = performance.now();
  await runTask(client, request(token), POLL_MS);
  return (performance.now() - started) / 1000;
}

const MERGE = [fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'), fixture('pdf/ocrmypdf_tagged.pdf')];
async function timedMerge(baseUrl: string): Promise<number> {
  const client = visitorClient(baseUrl);
  const tokens = [await upload(client, MERGE[0]), await upload(client, MERGE[1])];
  const started = performance.now();
  await runTask(client, { toolType: 'merge-pdf', urls: tokens.join(';') }, POLL_MS);
  return (performance.now() - started) / 1000;
}
const DOCX = fixture('office/pydocx_having-images.docx');
const timedWordToPdf = (baseUrl: string) => timedTask(baseUrl, DOCX, (token) => ({ toolType: 'word-to-pdf', token }));

/** A scanned page added to the visitor's AI documents, polled until it is indexed (its OCR runs in the AI index host). */
const AI_SCAN = fixture('scanned/ocrmypdf_francais.pdf');
async function aiIndexing(client: VisitorClient): Promise<void> {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(AI_SCAN, { type: 'application/pdf' }), 'scan.pdf');
  const up = await client.post(AI_PATHS.uploadAiPdf, form);
  const added = await client.post(AI_PATHS.addFile, { token: up.token as string });
  const documentId = (added.data as { documentId?: string } | undefined)?.documentId;
  if (!documentId) throw new Error(`AI addFile answered ${JSON.stringify(added)} (upload ${JSON.stringify(up)})`);
  const started = performance.now();
  for (;;) {
    const res = await client.get(`${AI_PATHS.getDocument}?documentId=${documentId}`);
    const doc = ((await res.json()) as { data: AiDocumentView }).data;
    if (doc.status === 'ready') return;
    if (doc.status !== 'indexing') throw new Error(`AI document ended ${JSON.stringify(doc)}`);
    if (performance.now() - started > START_TIMEOUT_MS) throw new Error('AI document still indexing after 120 s');
    await sleep(POLL_MS * 5);
  }
}

/**
 * The load bench's visitors (one of each, at once), a Word to PDF conversion (LibreOffice) and an
 * AI indexing of a scanned page, together; resolves when the last of them is done.
 */
async function mixedWorkload(baseUrl: string): Promise<void> {
  const outcomes = await Promise.all(SCENARIOS.map((scenario) => visit(baseUrl, scenario)));
  const failed = outcomes.filter((o) => o.status !== 'Done');
  if (failed.length) throw new Error(`load visitors failed: ${JSON.stringify(failed)}`);
  await Promise.all([timedWordToPdf(baseUrl), aiIndexing(visitorClient(baseUrl))]);
}

async function healthy(baseUrl: string): Promise<void> {
  const started = performance.now();
  while (performance.now() - started < START_TIMEOUT_MS) {
    const body = await fetch(baseUrl + API_PATHS.health)
      .then((r) => r.text())
      .catch(() => '');
    if (body.includes('"qpdf"')) return;
    await sleep(200);
  }
  throw new Error('the server did not answer health with its engines');
}

interface Figures {
  start: Reading;
  after: Reading;
  startCount: Reading;
  afterCount: Reading;
  firstMerge: number;
  firstWord: number;
  mergeAfterIdle: number;
  wordAfterIdle: number;
}

/** The compiled supervisor, api and worker as `npm start` runs them (dist/ must be built), on a queue of their own. */
async function measure(): Promise<Figures> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...UNLIMITED, QUEUE_PREFIX: `sheaf-bench-${port}`, PORT: String(port), DOWNLOAD_POLICY: 'open', NODE_ENV: 'production' };
  const server = spawnServer(['dist/scripts/supervise.js'], env, '"msg":"worker ready"');
  try {
    await server.ready;
    await healthy(baseUrl);
    await sleep(SETTLE_S * 1000);
    const start = await settled(server.pid);
    const startCount = census(server.pid);
    console.error(`memory (server): ${mb(total(start))} after start`);
    const firstMerge = await timedMerge(baseUrl);
    const firstWord = await timedWordToPdf(baseUrl);
    await mixedWorkload(baseUrl);
    await sleep((AFTER_WORK_S - SAMPLES / 2) * 1000);
    const after = await settled(server.pid);
    const afterCount = census(server.pid);
    console.error(`memory (server): ${mb(total(after))} ${AFTER_WORK_S} s after the workload`);
    // The next task after the quiet spell: a merge (a task host), then a Word to PDF (LibreOffice).
    const mergeAfterIdle = await timedMerge(baseUrl);
    const wordAfterIdle = await timedWordToPdf(baseUrl);
    return { start, after, startCount, afterCount, firstMerge, firstWord, mergeAfterIdle, wordAfterIdle };
  } finally {
    process.kill(server.pid, 'SIGTERM');
    const hung = setTimeout(() => void server.killTree(), 15_000);
    await server.exited;
    clearTimeout(hung);
    await server.killTree();
  }
}

/**
 * Every process of a compiled `npm start` (supervisor, api, worker, task hosts, AI index host and the
 * engines they started), settled after start and 60 s after a mixed workload, with the time of the
 * next task after that quiet spell.
 */
export async function serverMemoryTable(): Promise<string> {
  const f = await measure();
  const secs = (s: number) => `${s.toFixed(2)} s`;
  return [
    '### Every process of `npm start`: after start, and 60 s after work',
    '',
    `RSS of each of Sheaf's processes under the compiled supervisor (\`node dist/scripts/supervise.js\`, NODE_ENV=production,`,
    `default ENGINE_IDLE_SECONDS), the median of ${SAMPLES} readings a second apart: ${SETTLE_S} s after health answers, and`,
    `${AFTER_WORK_S} s after a mixed workload ended: the load bench's visitors (${SCENARIOS.map((s) => s.name).join(', ')}, at once),`,
    'then a Word to PDF (LibreOffice) beside an AI indexing of a scanned page (OCR in the AI index host). PostgreSQL and Redis are not counted.',
    '',
    table(
      ['process', 'after start', `${AFTER_WORK_S} s after the workload`],
      [
        ...ROLES.map((role) => [`${role} (processes)`, `${mb(f.start[role])} (${f.startCount[role]})`, `${mb(f.after[role])} (${f.afterCount[role]})`]),
        ["**Sheaf's own: all but the engines** (goals ≤ 300 MB, then ≤ 400 MB)", `**${mb(ownTotal(f.start))}**`, `**${mb(ownTotal(f.after))}**`],
        ['**all, engines included**', `**${mb(total(f.start))}**`, `**${mb(total(f.after))}**`],
      ],
    ),
    '',
    table(
      ['next task (transfer to Done)', 'time'],
      [
        ['first merge after start', secs(f.firstMerge)],
        ['first Word to PDF after start (LibreOffice starts)', secs(f.firstWord)],
        [`merge ${AFTER_WORK_S} s after the workload`, secs(f.mergeAfterIdle)],
        ['Word to PDF right after that merge', secs(f.wordAfterIdle)],
      ],
    ),
  ].join('\n');
}

/** `npm run bench -- memory-server`: that table alone, after building dist/. */
export async function serverMemoryBench(): Promise<string> {
  if (!runModes().includes('compiled')) throw new Error('this checkout has no scripts/build-server.ts');
  return serverMemoryTable();
}
