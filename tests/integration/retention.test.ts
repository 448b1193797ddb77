import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_TMP_AFTER_MS, sweepExpiredFiles } from '../../worker/src/jobs/retention';
import { visitor } from '../support/api-client';
import { fixture } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

describe('retention sweep', () => {
  let stack: Stack;
  let clock = new Date();
  beforeAll(async () => {
    stack = await startStack();
    stack.deps.now = () => clock;
  });
  afterAll(() => stack.stop());

  it('deletes inputs and outputs FILE_RETENTION_MINUTES after creation and records it', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'));
    const done = await v.waitForTask((await v.transfer({ toolType: 'split-pdf', token, splitcount: 7 })).body.id);
    const files = await stack.deps.db.file.findMany({ where: { OR: [{ token }, { taskId: done.id }] } });
    expect(files).toHaveLength(3);
    const onDisk = (key: string) => fs.existsSync(path.join(stack.deps.env.filesDir, key.slice(0, 2), key));
    expect(files.every((f) => onDisk(f.storageKey))).toBe(true);

    clock = new Date(Date.now() + 59 * 60_000);
    await sweepExpiredFiles(stack.deps);
    expect(files.every((f) => onDisk(f.storageKey))).toBe(true);

    clock = new Date(Date.now() + 61 * 60_000);
    await sweepExpiredFiles(stack.deps);
    expect(files.some((f) => onDisk(f.storageKey))).toBe(false);
    const rows = await stack.deps.db.file.findMany({ where: { id: { in: files.map((f) => f.id) } } });
    expect(rows.every((r) => r.deletedAt !== null)).toBe(true);
    expect((await stack.deps.db.task.findUniqueOrThrow({ where: { id: done.id } })).deletedAt).not.toBeNull();

    const gone = await v.agent.get(done.result.pdfurls![0]);
    expect(gone.status).toBe(410);
    const zip = await v.agent.get(done.result.zipurl!);
    expect(zip.status).toBe(410);
  });

  it('removes the temp folders a killed worker left behind once no task can still be using them', async () => {
    clock = new Date();
    const tmp = stack.deps.env.tmpDir;
    const folder = (name: string, ageMs: number) => {
      const dir = path.join(tmp, name);
      fs.mkdirSync(path.join(dir, 'merge-x'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'merge-x', 'input-1.pdf'), 'partial');
      const at = new Date(clock.getTime() - ageMs);
      fs.utimesSync(dir, at, at);
      return dir;
    };
    // The longest task time limit (pdf-ocr's half hour) is what makes a folder stale.
    expect(STALE_TMP_AFTER_MS).toBe(30 * 60_000);
    const stale = folder('task-stale-abc123', STALE_TMP_AFTER_MS + 60_000);
    const staleThumbs = folder('thumbs-def456', STALE_TMP_AFTER_MS + 60_000);
    const running = folder('task-running-ghi789', STALE_TMP_AFTER_MS - 60_000);
    const other = folder('not-a-task-folder', STALE_TMP_AFTER_MS + 60_000);

    await sweepExpiredFiles(stack.deps);
    expect([stale, staleThumbs, running, other].map((dir) => fs.existsSync(dir))).toEqual([false, false, true, true]);

    clock = new Date(clock.getTime() + 2 * 60_000);
    await sweepExpiredFiles(stack.deps);
    expect(fs.existsSync(running)).toBe(false);
    fs.rmSync(other, { recursive: true });
  });
});
