import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { getTool } from '#shared/tools';
import { availableTools, probeEngines } from '../../worker/src/engines/capabilities';
import { isPasswordRequired } from '../../worker/src/engines/qpdf';
import { processTree } from '../../worker/src/sandbox/process-tree';
import { runTool } from './harness';
import { OWNER_ONLY, PASSWORD_PROTECTED, pdfFixture } from './pdf-checks';

describe('engine probe', () => {
  const path = process.env.PATH;
  afterEach(() => {
    process.env.PATH = path;
  });

  it('finds the engines the built tools need on this machine', async () => {
    const engines = await probeEngines();
    expect(engines).toMatchObject({ qpdf: true, gs: true, pdftoppm: true, pdftotext: true });
    expect(availableTools(engines)).toEqual(expect.arrayContaining(['compress-pdf', 'merge-pdf', 'split-pdf']));
  });

  it('reports engines missing when they are not on the PATH', async () => {
    process.env.PATH = '/nonexistent';
    const engines = await probeEngines();
    expect(engines).toMatchObject({ qpdf: false, gs: false, pdftoppm: false, pdftotext: false, soffice: false, 'ebook-convert': false });
    // Only tools that need no engine from the PATH are left (Chromium is probed at /usr/bin/chromium).
    expect(availableTools(engines).filter((id) => getTool(id)!.engines.some((e) => e !== 'chromium'))).toEqual([]);
  });
});

describe('qpdf.isPasswordRequired', () => {
  it.each(PASSWORD_PROTECTED)('says $name needs a password', async (f) => {
    expect(await isPasswordRequired(f.file)).toBe(true);
  });
  it.each([...OWNER_ONLY, pdfFixture('pdfjs_tracemonkey.pdf'), pdfFixture('pdfjs_bug1795263_no-xref.pdf')])(
    'says $name opens without one',
    async (f) => {
      expect(await isPasswordRequired(f.file)).toBe(false);
    },
  );
});

/** Live processes below this one (a zombie left to an init that does not reap it is not running). */
const runningChildren = () =>
  processTree(process.pid)
    .slice(1)
    .filter((pid) => {
      try {
        return !/^\S+ \(.*\) Z/s.test(fs.readFileSync(`/proc/${pid}/stat`, 'latin1'));
      } catch {
        return false; // gone while we looked
      }
    });

// How soon it stops is measured by `npm run bench -- stopping`, not asserted here.
it('stops the running engine when the task is aborted', async () => {
  const controller = new AbortController();
  const before = new Set(runningChildren());
  let atAbort: number[] = [];
  // Compressing this 65-page report keeps the engines busy for seconds; the abort comes once one of
  // them runs (polled, so a loaded machine that starts it late does not abort before it exists).
  const run = runTool('compress-pdf', [pdfFixture('plumber_chelsea_pdta.pdf').file], { compress: 'high' }, controller.signal);
  const poll = setInterval(() => {
    atAbort = runningChildren().filter((pid) => !before.has(pid));
    if (atAbort.length > 0) {
      clearInterval(poll);
      controller.abort(new Error('task time limit'));
    }
  }, 50);
  void run.finally(() => clearInterval(poll)).catch(() => undefined);
  await expect(run).rejects.toMatchObject({ code: 'TASK_FAILED', detail: expect.stringMatching(/aborted: task time limit/) });
  // The engines that were running when the abort came are gone once the task has failed.
  expect(atAbort.length).toBeGreaterThan(0);
  expect(runningChildren().filter((pid) => atAbort.includes(pid))).toEqual([]);
});
