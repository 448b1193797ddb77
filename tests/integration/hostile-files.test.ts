import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '#shared/api';
import { urlFetchAllowlist } from '#shared/env';
import { ERRORS } from '#shared/errors';
import pdfToWordTool from '#shared/tools/pdf-to-word';
import { visitor } from '../support/api-client';
import { fixture } from '../support/fixtures';
import {
  HOSTILE_IDS,
  gb,
  quantile,
  runHostileCampaign,
  spawnWorker,
  startHostileSites,
  testHostileCases,
  timedMerge,
  violation,
  watchTreeMemory,
  writeHostileFiles,
  type HostileClient,
  type HostileFile,
  type HostileId,
  type HostileOutcome,
  type HostileSites,
  type WorkerProcess,
} from '../support/hostile-files';
import { startStack, type Stack } from '../support/stack';

/** How long a conversion stuck on one page holds its slot before it is stopped. */
const STALL_SECONDS = pdfToWordTool.stallSeconds!;

/**
 * Hostile cases running at once: the worker's default heavy-lane concurrency (WORKER_CONCURRENCY),
 * the small merges going to the quick lane beside them (some hostile cases are quick-lane too).
 */
const IN_FLIGHT = 2;
/** HTML to PDF's load limit for the page that never answers (30 s by default). */
const LOAD_SECONDS = 10;
/** Over this, the worker's process tree is killed: a guard for the machine, not a goal (the bench reports the peak). */
const MEMORY_GUARD = 6 * 1024 ** 3;
/**
 * The budget of one case on two cores: one still running after this is reported unfinished, even
 * when its tool's limit is longer (pdf-to-word: 900 s), or npm test would wait that long.
 */
const CAP_SECONDS = 130;

const SMALL = [fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'), fixture('pdf/ocrmypdf_tagged.pdf')] as const;

describe('the hostile corpus', () => {
  let dir: string;
  let files: Record<HostileId, HostileFile>;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-hostile-corpus-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  // How long the slowest file takes to write is reported by `npm run bench -- hostile`.
  it('is generated file by file, each small on disk', () => {
    for (const id of HOSTILE_IDS) {
      Object.assign((files ??= {} as Record<HostileId, HostileFile>), writeHostileFiles(dir, [id]));
      expect(fs.statSync(files[id].path).size, id).toBeLessThan((id === 'many-pages-pdf' ? 10 : 4) * 1024 ** 2);
    }
    expect(fs.statSync(files.empty.path).size).toBe(0);
  });

  const qpdfCheck = (id: HostileId) => spawnSync('qpdf', ['--check', files[id].path], { encoding: 'utf8' });
  const pdfinfo = (id: HostileId) => execFileSync('pdfinfo', ['-f', '1', '-l', '2', files[id].path], { encoding: 'utf8' });

  it('holds valid PDFs where it says so', () => {
    // The content bomb is left out: qpdf --check parses its 1 GiB content stream for a minute.
    for (const id of ['nested-operators', 'image-bomb-pdf', 'tall-page'] as const) {
      expect(qpdfCheck(id).status, id).toBe(0);
      expect(pdfinfo(id), id).toMatch(/^Pages:\s+2$/m);
    }
    expect(pdfinfo('tall-page')).toMatch(/^Page\s+1 size:\s+1 x 14400 pts/m);
    expect(fs.readFileSync(files['nested-operators'].path, 'latin1').split('q\n').length - 1).toBe(50_000);
  });

  it('holds a 60000×60000 image in the image bomb and 1 GiB of content in the content bomb', () => {
    expect(execFileSync('pdfimages', ['-list', files['image-bomb-pdf'].path], { encoding: 'utf8' })).toMatch(/^\s+1\s+0 image\s+60000 60000\s+gray\s+1\s+8\s/m);
    // Inflated by qpdf as it streams it out (the zlib checksum is checked on the way): the whole content stream.
    const out = spawnSync('sh', ['-c', `qpdf --show-object=4 --filtered-stream-data "${files['content-bomb'].path}" | wc -c`], { encoding: 'utf8' });
    expect(Number(out.stdout.trim())).toBeGreaterThan(1024 ** 3);
    expect(out.stderr).toBe('');
    expect(pdfinfo('content-bomb')).toMatch(/^Pages:\s+2$/m);
  });

  it('nests deeper than qpdf follows in the deep-nesting files', () => {
    for (const id of ['deep-arrays', 'deep-dicts'] as const) {
      const check = qpdfCheck(id);
      // 3: warnings only. qpdf stops at 500 levels.
      expect(check.status, id).toBe(3);
      expect(check.stdout + check.stderr, id).toContain('ignoring excessively deeply nested data structure');
    }
  });

  it('has a loop in the page tree, as qpdf reports it', () => {
    const check = qpdfCheck('page-tree-loop');
    expect(check.status).toBe(2);
    expect(check.stdout + check.stderr).toContain('Loop detected in /Pages structure');
  });

  // The PNG's pixel data is a zlib stream built like the content bomb's, which qpdf inflates whole above.
  it('declares images far beyond the pixel limit, small on disk', async () => {
    const sizes = { 'png-bomb': 50_000, 'jpeg-bomb': 60_000, 'gif-bomb': 65_535 } as const;
    for (const [id, side] of Object.entries(sizes)) {
      const meta = await sharp(files[id as HostileId].path, { limitInputPixels: false }).metadata();
      expect([meta.width, meta.height], id).toEqual([side, side]);
      await expect(sharp(files[id as HostileId].path).metadata(), id).rejects.toThrow(/pixel limit/);
    }
  });
});

describe('hostile files through the public API', () => {
  let stack: Stack;
  let tmp: string;
  let files: Record<HostileId, HostileFile>;
  let sites: HostileSites;
  let worker: WorkerProcess;
  let memory: ReturnType<typeof watchTreeMemory>;
  /** Set when the memory guard had to kill the worker. */
  let guardTripped: string | undefined;
  let client: HostileClient;
  let mergeTokens: [string, string];
  let usual: number;
  // HOSTILE_CASES=<text> runs only the cases whose name holds it (e.g. "page-tree-loop", "→ thumbnail").
  const cases = testHostileCases().filter((c) => !process.env.HOSTILE_CASES || c.name.includes(process.env.HOSTILE_CASES));
  const outcomes: HostileOutcome[] = [];
  const merges: Array<{ seconds: number; status: string }> = [];

  const startWorkerProcess = async () => {
    const { env } = stack.deps;
    worker = spawnWorker({
      QUEUE_PREFIX: env.QUEUE_PREFIX,
      DATA_DIR: env.DATA_DIR,
      WORKER_LOCK_MS: '5000',
      HTML_LOAD_SECONDS: String(LOAD_SECONDS),
      HTML_MAX_PAGES: '20',
      URL_FETCH_ALLOWLIST: sites.allowlist,
    });
    await worker.ready;
  };

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-hostile-'));
    files = writeHostileFiles(tmp);
    sites = await startHostileSites();
    // The api checks a page's address at the transfer too: both servers are internal addresses.
    stack = await startStack({ WORKER_LOCK_MS: 5000, URL_FETCH_ALLOWLIST: urlFetchAllowlist({ URL_FETCH_ALLOWLIST: sites.allowlist }) }, { worker: false });
    await startWorkerProcess();
    const v = visitor(stack.app);
    client = {
      upload: async (file, toolType) => (await v.upload(file, toolType)).body as Record<string, unknown>,
      transfer: async (body) => (await v.transfer(body)).body as Record<string, unknown>,
      progress: async (id) => (await v.progress(id)).body as Record<string, unknown>,
      async thumbnail(token, page) {
        const res = await v.agent
          .get(`${API_PATHS.thumb}/${token}/${page}`)
          .buffer(true)
          .parse((r, cb) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => cb(null, Buffer.concat(chunks)));
          });
        return { status: res.status, contentType: String(res.headers['content-type'] ?? ''), body: res.body as Buffer };
      },
    };
    mergeTokens = [await v.uploadToken(SMALL[0], 'merge-pdf'), await v.uploadToken(SMALL[1], 'merge-pdf')];
    memory = watchTreeMemory(() => (worker.alive() ? worker.pid : undefined), {
      limitBytes: MEMORY_GUARD,
      // Kill the tree, fail what it was running (so no retry blows up again) and start a new worker for the rest.
      onOver: (rss) => {
        guardTripped = `${guardTripped ?? ''}the worker's process tree reached ${gb(rss)}; killed. `;
        void (async () => {
          await worker.killTree();
          const { visitorId } = await stack.deps.db.file.findUniqueOrThrow({ where: { token: mergeTokens[0] } });
          await stack.deps.db.task.updateMany({
            where: { visitorId, status: 'DOING' },
            data: { status: 'FAILED', errorCode: 'TASK_FAILED', errorMessage: `killed by the test's memory guard at ${gb(rss)}`, finishedAt: new Date() },
          });
          await startWorkerProcess();
        })();
      },
    });
  }, 120_000);

  afterAll(async () => {
    // HOSTILE_LOG=1 prints the worker's log, for diagnosis.
    if (process.env.HOSTILE_LOG) console.info(worker?.output());
    memory?.stop();
    await worker?.killTree();
    await stack?.stop();
    await sites?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('merges two small PDFs on the idle stack: the usual time', async () => {
    await timedMerge(client, mergeTokens); // warm-up: the first job loads the processor's modules
    const times = [];
    for (let i = 0; i < 5; i++) {
      const run = await timedMerge(client, mergeTokens);
      expect(run.status).toBe('Done');
      times.push(run.seconds);
    }
    usual = quantile(times, 0.5);
    console.info(`small merge on the idle stack: median ${usual.toFixed(2)} s of ${times.map((t) => t.toFixed(2)).join(', ')}`);
  });

  it(
    'runs the hostile set beside a stream of small merges',
    async () => {
      const pid = worker.pid;
      // Filled as cases end, so a timeout still leaves what finished to the checks below.
      await runHostileCampaign(client, cases, {
        files,
        sites,
        companion: SMALL[0],
        inFlight: IN_FLIGHT,
        capSeconds: CAP_SECONDS,
        mergeTokens,
        taskRow: (id) => stack.deps.db.task.findUnique({ where: { id }, select: { attempts: true, startedAt: true, finishedAt: true } }),
        onOutcome: (o) => {
          outcomes.push(o);
          console.info(`${o.case.name}: ${o.status} ${o.errorCode ?? ''} in ${o.seconds.toFixed(1)} s${o.attempts && o.attempts > 1 ? ` (${o.attempts} attempts)` : ''}`);
        },
        onMerge: (m) => merges.push(m),
      });
      console.info(`peak RSS of the worker's process tree: ${gb(memory.peak.rss)} (PSS ${gb(memory.peak.pss)}, ${memory.peak.processes} processes)`);
      expect(guardTripped).toBeUndefined();
      expect(worker.alive() && worker.pid === pid, 'the worker process stayed up').toBe(true);
    },
    8 * 60_000,
  );

  describe.each(cases.map((c) => [c.name, c] as const))('%s', (name, c) => {
    const rule = { done: 'is Done', fail: `fails with ${c.codes.join(' or ')}`, either: `is Done or fails with ${c.codes.join(' or ')}` }[c.outcome];
    it(`${rule}, attempted once, within its time limit (${c.limitSeconds} s)`, () => {
      const outcome = outcomes.find((o) => o.case.name === name);
      expect(outcome, 'the campaign ran it').toBeDefined();
      expect(violation(outcome!) ?? 'ok').toBe('ok');
    });
  });

  it.runIf(cases.some((c) => c.name === 'tall-page → thumbnail'))('renders the tall page as a real thumbnail', async () => {
    const outcome = outcomes.find((o) => o.case.name === 'tall-page → thumbnail');
    expect(outcome?.status).toBe('Done');
    const meta = await sharp(outcome!.thumbnail!).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.height!).toBeGreaterThan(meta.width!);
  });

  it.runIf(cases.some((c) => c.input === 'html-never'))('gives up on the page that never answers at HTML_LOAD_SECONDS and hangs up', () => {
    expect(sites.stalls.length).toBeGreaterThan(0);
    for (const s of sites.stalls) expect(s.closedAt, 'the converter closed its connection').toBeDefined();
  });

  // How fast they stay (p95 within twice the idle time) is measured by `npm run bench -- hostile`, beside
  // its idle baseline: on a shared machine a wall-clock bound here fails for reasons that are not Sheaf's.
  it('keeps small merges running while the hostile set runs: none waits behind a hostile file', () => {
    const times = merges.map((m) => m.seconds);
    console.info(
      `small merges during the hostile run: ${merges.length}, p50 ${quantile(times, 0.5).toFixed(2)} s, p95 ${quantile(times, 0.95).toFixed(2)} s, max ${Math.max(...times).toFixed(2)} s (usual ${usual.toFixed(2)} s)`,
    );
    expect(merges.filter((m) => m.status !== 'Done')).toEqual([]);
    expect(merges.length).toBeGreaterThan(5);
    // Behind a stalled conversion (75 s) or a task at its time limit a merge would wait a minute or more.
    expect(Math.max(...times)).toBeLessThan(STALL_SECONDS);
  });

  it('still answers afterwards: a last small merge is Done', async () => {
    const last = await timedMerge(client, mergeTokens);
    expect(last.status).toBe('Done');
    expect(worker.alive()).toBe(true);
  });

  it('refuses a 0-byte upload with FILE_EMPTY, with or without a tool', async () => {
    const v = visitor(stack.app);
    for (const toolType of [undefined, 'pdf-to-word']) {
      const res = await v.upload(files.empty.path, toolType);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'FILE_EMPTY', message: ERRORS.FILE_EMPTY.message });
    }
  });
});
