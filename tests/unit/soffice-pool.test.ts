import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertCold } from '../../worker/src/engines/soffice-cold';
import { SofficePool, convertToPdf, sofficePoolConfig, type SofficePoolConfig } from '../../worker/src/engines/soffice-pool';
import { fixture, qpdfPages, pdfText } from '../support/fixtures';

const ONE_PAGE = fixture('office/pypdf_source.odt');
/** About 470 pages: long enough to be killed, timed out or aborted mid-way. */
const LONG = fixture('office/unstructured_handbook-872p.docx');
const config = (over: Partial<SofficePoolConfig> = {}): SofficePoolConfig => ({ ...sofficePoolConfig({}), ...over });

let dir: string;
let n = 0;
const out = () => path.join(dir, `out-${++n}.pdf`);
/** True while a process group has a live member (zombies left to an init that does not reap them do not count). */
const groupAlive = (pgid: number) =>
  execFileSync('ps', ['-eo', 'pgid=,stat='], { encoding: 'utf8' })
    .split('\n')
    .some((line) => {
      const [group, stat] = line.trim().split(/\s+/);
      return Number(group) === pgid && !stat.startsWith('Z');
    });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Processes whose command line mentions `needle` (ps, so the test needs nothing of ours). */
const processesMentioning = (needle: string) =>
  execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(needle) && !l.includes('ps -eo'));

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-soffice-pool-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the warm pool', () => {
  const pool = new SofficePool(config({ SOFFICE_POOL_SIZE: 2 }));
  afterAll(() => pool.close());

  it('converts a one-page document in about a tenth of a second once warm', async () => {
    await pool.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000 });
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const target = out();
      const started = performance.now();
      await expect(pool.convert({ input: ONE_PAGE, output: target }, { timeoutMs: 60_000 })).resolves.toMatchObject({ kind: 'writer', engine: 'pool' });
      times.push(performance.now() - started);
      expect(qpdfPages(target)).toBe(1);
    }
    const median = times.sort((a, b) => a - b)[3];
    console.info(`warm one-page conversion: median ${median.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')})`);
    // ~0.1 s on an idle machine; the bound leaves room for a loaded CI runner, and is still far below a cold start.
    expect(median).toBeLessThan(600);
  }, 90_000);

  it('starts a second instance only when two conversions run at once', async () => {
    expect(pool.runningPids).toHaveLength(1);
    const targets = [out(), out()];
    await Promise.all(targets.map((output) => pool.convert({ input: ONE_PAGE, output }, { timeoutMs: 60_000 })));
    expect(pool.runningPids).toHaveLength(2);
    for (const t of targets) expect(qpdfPages(t)).toBe(1);
  }, 90_000);

  it('restarts an instance whose soffice was killed mid-conversion', async () => {
    const running = pool.convert({ input: LONG, output: out() }, { timeoutMs: 60_000 });
    await sleep(1500);
    const before = new Set(pool.runningPids);
    // Kill every instance's group, the busy one included: the pool must notice and recover.
    for (const pid of before) process.kill(-pid, 'SIGKILL');
    await expect(running).rejects.toMatchObject({ code: 'TASK_FAILED' });
    const target = out();
    await pool.convert({ input: ONE_PAGE, output: target }, { timeoutMs: 60_000 });
    expect(qpdfPages(target)).toBe(1);
    expect(pool.runningPids.some((pid) => before.has(pid))).toBe(false);
  }, 90_000);

  it('kills an instance that runs past the time limit, and carries on', async () => {
    await pool.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000 });
    const before = pool.runningPids;
    const error = await pool.convert({ input: LONG, output: out() }, { timeoutMs: 1000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TASK_FAILED', detail: expect.stringMatching(/timed out/) });
    const killed = before.filter((pid) => !pool.runningPids.includes(pid));
    expect(killed).toHaveLength(1);
    await sleep(200);
    expect(groupAlive(killed[0])).toBe(false);
    await expect(pool.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000 })).resolves.toMatchObject({ engine: 'pool' });
  }, 90_000);

  it('stops when the task is aborted, before or during the conversion', async () => {
    await expect(pool.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000, signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: 'TASK_FAILED',
    });
    const started = performance.now();
    await expect(pool.convert({ input: LONG, output: out() }, { timeoutMs: 60_000, signal: AbortSignal.timeout(1000) })).rejects.toMatchObject({
      code: 'TASK_FAILED',
      detail: expect.stringMatching(/aborted/),
    });
    expect(performance.now() - started).toBeLessThan(5000);
  }, 90_000);

  it('answers a document LibreOffice cannot load with OFFICE_DAMAGED', async () => {
    const truncated = path.join(dir, 'truncated.doc');
    fs.writeFileSync(truncated, fs.readFileSync(fixture('office/unstructured_fake.doc')).subarray(0, 3000));
    await expect(pool.convert({ input: truncated, output: out() }, { timeoutMs: 60_000 })).rejects.toMatchObject({ code: 'OFFICE_DAMAGED' });
  }, 90_000);

  it('says which import filter read the document', async () => {
    await expect(pool.convert({ input: fixture('office/pydocx_tbl-having-tables.docx'), output: out() }, { timeoutMs: 60_000 })).resolves.toEqual({
      kind: 'writer',
      filter: 'MS Word 2007 XML',
      engine: 'pool',
    });
  }, 90_000);

  it('never fetches a picture the document links to', async () => {
    const requests: string[] = [];
    const server = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const docx = path.join(dir, 'linked.docx');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pixel.png`;
      execFileSync('python3', [path.resolve(import.meta.dirname, '../support/linked-image-docx.py'), docx, url]);
      const target = out();
      await pool.convert({ input: docx, output: target }, { timeoutMs: 60_000 });
      expect(pdfText(target)).toContain('A picture linked from the network follows.');
      await sleep(500);
      expect(requests).toEqual([]);
    } finally {
      server.close();
    }
  }, 90_000);

  it('stops every instance when closed, and converts no more', async () => {
    const closing = new SofficePool(config({ SOFFICE_POOL_SIZE: 1 }));
    await closing.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000 });
    const [pid] = closing.runningPids;
    await closing.close();
    await sleep(200);
    expect(groupAlive(pid)).toBe(false);
    await expect(closing.convert({ input: ONE_PAGE, output: out() }, { timeoutMs: 60_000 })).rejects.toThrow(/closed/);
  }, 90_000);
});

describe('the cold path (libreoffice-convert)', () => {
  it('takes over when the pool cannot start', async () => {
    const broken = new SofficePool(config({ SOFFICE_PYTHON: '/nonexistent/python3' }));
    const target = out();
    await expect(convertToPdf({ input: ONE_PAGE, output: target }, { timeoutMs: 60_000 }, broken)).resolves.toEqual({ engine: 'cold' });
    expect(qpdfPages(target)).toBe(1);
    await broken.close();
  }, 90_000);

  it('keeps the same safety settings: no linked picture is fetched', async () => {
    const requests: string[] = [];
    const server = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const docx = path.join(dir, 'linked-cold.docx');
      execFileSync('python3', [path.resolve(import.meta.dirname, '../support/linked-image-docx.py'), docx, `http://127.0.0.1:${(server.address() as AddressInfo).port}/x.png`]);
      await convertCold({ input: docx, output: out() }, { timeoutMs: 60_000 });
      await sleep(500);
      expect(requests).toEqual([]);
    } finally {
      server.close();
    }
  }, 90_000);

  it('kills soffice at its time limit and leaves no process behind', async () => {
    const error = await convertCold({ input: LONG, output: out() }, { timeoutMs: 1500 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TASK_FAILED' });
    await sleep(1000);
    expect(processesMentioning('sheaf-cold-')).toEqual([]);
  }, 90_000);
});
