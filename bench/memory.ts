import { randomFillSync } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS, TOOL_CODE } from '#shared/api';
import { median, scratchDir, table, visitorClient } from './lib';
import { serverMemoryTable } from './memory-server';
import { mb, runModes, sleep, startServers, type RunMode } from './servers';

/** Seconds the servers are left alone after they say they are ready: the loop settles, lazy timers fire. */
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 15);
const SAMPLES = 5;
const UPLOAD_MB = 100;
const SAMPLE_MS = 50;

/** The median of a few readings a second apart, so one garbage collection does not set the figure. */
async function settledRss(read: () => number): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    readings.push(read());
    await sleep(1000);
  }
  return median(readings);
}

/**
 * A process's own RSS, read without blocking: a synchronous walk of its process tree every 50 ms
 * held this process's loop long enough to slow the upload it measures from 2 s to 30.
 */
async function ownRss(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** A PDF of `megabytes` MB: a header and one stream of random bytes (enough for the upload's type check). */
async function bigPdf(dir: string, megabytes: number): Promise<string> {
  const file = path.join(dir, `big-${megabytes}mb.pdf`);
  const handle = await fs.open(file, 'w');
  await handle.write(`%PDF-1.7\n1 0 obj\n<< /Length ${megabytes * 1024 * 1024} >>\nstream\n`);
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) await handle.write(randomFillSync(chunk));
  await handle.write('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  await handle.close();
  return file;
}

interface ModeFigures {
  api: number;
  worker: number;
  uploadGrowth: number;
  uploadSeconds: number;
}

async function measure(mode: RunMode, upload: string): Promise<ModeFigures> {
  const servers = await startServers(mode, { MAX_UPLOAD_MB: String(UPLOAD_MB * 2) });
  try {
    await sleep(SETTLE_S * 1000);
    const [api, worker] = await Promise.all([settledRss(() => servers.api.treeRss()), settledRss(() => servers.worker.treeRss())]);
    console.error(`memory (${mode}): api ${mb(api)}, worker ${mb(worker)}`);

    // The api alone is sampled: it is the process that receives the upload.
    const client = visitorClient(servers.baseUrl);
    const before = await ownRss(servers.api.pid);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await ownRss(servers.api.pid));
        await sleep(SAMPLE_MS);
      }
    })();
    const started = performance.now();
    const form = new FormData();
    form.append('file', await openAsBlob(upload, { type: 'application/pdf' }), path.basename(upload));
    const answer = await client.post(API_PATHS.unLoginUpload, form);
    const uploadSeconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    if (answer.code !== TOOL_CODE.done) throw new Error(`the ${UPLOAD_MB} MB upload answered ${JSON.stringify(answer)}`);
    console.error(`memory (${mode}): upload grew the api by ${mb(peak - before)} in ${uploadSeconds.toFixed(1)} s`);
    return { api, worker, uploadGrowth: peak - before, uploadSeconds };
  } finally {
    await servers.stop();
  }
}

/**
 * Idle memory of the api and the worker (each process with everything it started) after they start
 * and settle, run through tsx and compiled; then the api's growth while a 100 MB file is uploaded.
 */
export async function memoryBench(): Promise<string> {
  const modes = runModes();
  const dir = await scratchDir('memory');
  try {
    const upload = await bigPdf(dir, UPLOAD_MB);
    const figures = new Map<RunMode, ModeFigures>();
    for (const mode of modes) figures.set(mode, await measure(mode, upload));
    const label: Record<RunMode, string> = { tsx: 'tsx (before)', compiled: 'compiled (after)' };
    const column = (pick: (f: ModeFigures) => string) => modes.map((m) => pick(figures.get(m)!));
    return [
      '## Memory: idle api and worker, and a 100 MB upload',
      '',
      `Resident memory (RSS) of each process and every process it started, the median of ${SAMPLES} readings a second`,
      `apart, ${SETTLE_S} s after it said it was ready, with no request served yet. \`tsx\` runs the TypeScript sources as`,
      '`npm run api` / `npm run worker` do (tsx compiles them in memory and keeps an esbuild service process);',
      '`compiled` runs the `dist/` that `npm start` builds. No task host, LibreOffice or Chromium is in these figures: they',
      'start with the first task that needs them and stop after ENGINE_IDLE_SECONDS without one (OCR engines live for one task).',
      modes.includes('compiled') ? '' : '\nThe compiled column is missing: this checkout has no scripts/build-server.ts.\n',
      table(
        ['', ...modes.map((m) => label[m])],
        [
          ['api', ...column((f) => mb(f.api))],
          ['worker', ...column((f) => mb(f.worker))],
          ['**api + worker** (goal ≤ 300 MB)', ...column((f) => `**${mb(f.api + f.worker)}**`)],
          [`api growth during a ${UPLOAD_MB} MB upload (goal ≤ 50 MB)`, ...column((f) => mb(f.uploadGrowth))],
          ['upload time', ...column((f) => `${f.uploadSeconds.toFixed(1)} s`)],
        ],
      ),
      '',
      `The upload is a visitor's \`POST ${API_PATHS.unLoginUpload}\` of a ${UPLOAD_MB} MB PDF (MAX_UPLOAD_MB raised for it);`,
      `the growth is the highest RSS of the api, read every ${SAMPLE_MS} ms during the upload, less its RSS just before.`,
      ...(modes.includes('compiled') ? ['', await serverMemoryTable()] : []),
    ].join('\n');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
