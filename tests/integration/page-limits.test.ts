import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, type TaskAnswer } from '#shared/api';
import { TOOLS, pageLimitOf, tooManyPages, type ToolDefinition, type ToolId } from '#shared/tools';
import { visitor } from '../support/api-client';
import { TOOL_OPTIONS } from '../support/hostile-files';
import { manyPagePdf, manyPageTiff } from '../support/many-pages';
import { startStack, type Stack } from '../support/stack';

/**
 * Seconds a refusal may take in the worker, against the 300 s and more that these files ran before
 * (to the tools' time limits): counting 100,000 pages is a second of qpdf on an idle machine, but on
 * a loaded one the task host alone may take most of a minute to start.
 */
const REFUSED_WITHIN_SECONDS = 60;
/** How long the test waits for a task's answer: on a loaded machine a refusal may wait for a worker slot. */
const WAIT_MS = 120_000;

/**
 * The refusal is one mechanism for every tool (the unit test checks each declares its limit; the
 * hostile bench sends the 100,000-page PDF to every one): here, one tool per kind of work —
 * Ghostscript, rendering, OCR, layout with pdf.js, and a quick-lane qpdf tool with two inputs.
 */
const PDF_TOOLS = ['compress-pdf', 'pdf-to-jpg', 'pdf-ocr', 'pdf-to-word', 'merge-pdf'].map((id) => TOOLS.find((t) => t.id === id) as ToolDefinition);

describe('page limits: a document past a tool’s page limit is refused before any work', () => {
  let stack: Stack;
  let dir: string;
  let tiff2001: string;
  let pdf100k: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-page-limits-'));
    tiff2001 = path.join(dir, 'pages-2001.tif');
    pdf100k = path.join(dir, 'pages-100000.pdf');
    fs.writeFileSync(tiff2001, manyPageTiff(2_001));
    fs.writeFileSync(pdf100k, manyPagePdf(100_000));
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** How long the worker held the task, from its row. */
  const workerSeconds = async (id: string) => {
    const row = await stack.deps.db.task.findUniqueOrThrow({ where: { id } });
    return { seconds: (row.finishedAt!.getTime() - row.startedAt!.getTime()) / 1000, attempts: row.attempts };
  };

  const expectRefused = async (answer: TaskAnswer, tool: ToolDefinition, options: Record<string, unknown>) => {
    const max = pageLimitOf(tool, tool.options.parse(options))!;
    expect(answer.result, tool.id).toMatchObject({ status: 'Failed', errorCode: 'TOO_MANY_PAGES', message: tooManyPages(max, max + 1).message });
    expect(answer.result.message, tool.id).toContain(max.toLocaleString('en-US'));
    const run = await workerSeconds(answer.id);
    expect(run.attempts, tool.id).toBe(1);
    expect(run.seconds, tool.id).toBeLessThan(REFUSED_WITHIN_SECONDS);
  };

  // First, so the task hosts have started before the refusals are timed.
  it('still converts a TIFF under the limit: 3 pages make a 3-page PDF', async () => {
    const file = path.join(dir, 'pages-3.tif');
    fs.writeFileSync(file, manyPageTiff(3, 16));
    const v = visitor(stack.app);
    const token = await v.uploadToken(file, 'jpg-to-pdf');
    const answer = await v.waitForTask((await v.transfer({ toolType: 'jpg-to-pdf', token })).body.id, WAIT_MS);
    expect(answer.result.status).toBe('Done');
    const out = await v.download(answer.result.fileurl!, path.join(dir, 'out.pdf'));
    expect(execFileSync('qpdf', ['--show-npages', out.path], { encoding: 'utf8' }).trim()).toBe('3');
  }, 180_000);

  it('refuses a 228 KB TIFF of 2,001 pages at once in JPG to PDF (limit 2,000) and OCR (100)', async () => {
    expect((await sharp(tiff2001).metadata()).pages).toBe(2_001);
    const v = visitor(stack.app);
    const token = await v.uploadToken(tiff2001);
    for (const id of ['jpg-to-pdf', 'pdf-ocr']) {
      const started = Date.now();
      const answer = await v.waitForTask((await v.transfer({ toolType: id, token })).body.id, WAIT_MS);
      await expectRefused(answer, TOOLS.find((t) => t.id === id) as ToolDefinition, {});
      console.info(`2,001-page TIFF → ${id}: refused in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }, 300_000);

  it('refuses a 9.7 MB PDF of 100,000 pages at once, in tools of every kind, each naming its own limit', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(pdf100k);
    const times: string[] = [];
    // A few at a time, within the visitor's share of running tasks.
    const queue = [...PDF_TOOLS];
    const lane = async () => {
      for (let tool = queue.shift(); tool; tool = queue.shift()) {
        const options = TOOL_OPTIONS[tool.id as ToolId] ?? {};
        const inputs = tool.minFiles >= 2 ? { urls: `${token};${token}` } : { token };
        const res = await v.transfer({ toolType: tool.id, ...inputs, ...options });
        expect(res.body.id, `${tool.id}: ${JSON.stringify(res.body)}`).toBeTruthy();
        const answer = await v.waitForTask(res.body.id, WAIT_MS);
        await expectRefused(answer, tool, options);
        times.push(`${tool.id} ${(await workerSeconds(answer.id)).seconds.toFixed(1)} s`);
      }
    };
    await Promise.all([lane(), lane()]);
    console.info(`100,000-page PDF, worker time to refuse: ${times.join(', ')}`);
    expect(times).toHaveLength(PDF_TOOLS.length);
  }, 300_000);

  it('refuses at the transfer, queuing nothing, a PDF whose pages its thumbnails counted already', async () => {
    const v = visitor(stack.app);
    // 6,000 pages: past compression's 5,000, and counted by the thumbnail job within its wait on a busy machine.
    const pdf6000 = path.join(dir, 'pages-6000.pdf');
    fs.writeFileSync(pdf6000, manyPagePdf(6_000));
    const token = await v.uploadToken(pdf6000, 'compress-pdf');
    const thumb = await v.agent.get(`${API_PATHS.thumb}/${token}/1`);
    expect(thumb.status).toBe(200);
    const { visitorId } = await stack.deps.db.file.findUniqueOrThrow({ where: { token } });
    const res = await v.transfer({ toolType: 'compress-pdf', token });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'TOO_MANY_PAGES', message: tooManyPages(5_000, 6_000).message });
    expect(await stack.deps.db.task.count({ where: { visitorId } })).toBe(0);
  }, 120_000);

});
