import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomId } from '#shared/server/ids';
import { STALE_TMP_AFTER_MS, sweepExpiredFiles, VISITOR_AI_DOCUMENT_DAYS } from '../../worker/src/jobs/retention';
import { createUser } from '../support/factories';
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

  it("deletes a visitor's AI documents and their copies after VISITOR_AI_DOCUMENT_DAYS, never an account's", async () => {
    clock = new Date();
    const user = await createUser(stack.deps);
    const aiDocument = async (owner: { userId?: string; visitorId?: string }, ageDays: number) => {
      const storageKey = `ai-${randomId(16)}`;
      // The store takes the file it is given (a rename): a copy of the fixture.
      const copy = path.join(stack.deps.env.tmpDir, `${storageKey}.pdf`);
      fs.copyFileSync(fixture('pdf/pdfjs_tracemonkey.pdf'), copy);
      await stack.deps.store.putFromPath(storageKey, copy);
      const doc = await stack.deps.db.aiDocument.create({
        data: { ...owner, documentId: randomId(24), token: randomId(32), title: 'paper', status: 'ready', storageKey, createdAt: new Date(clock.getTime() - ageDays * 86_400_000) },
      });
      await stack.deps.db.aiChunk.create({ data: { documentId: doc.id, ordinal: 0, page: 1, text: 'passage' } });
      return { id: doc.id, storageKey };
    };
    const old = await aiDocument({ visitorId: randomId(16) }, VISITOR_AI_DOCUMENT_DAYS + 1);
    const recent = await aiDocument({ visitorId: randomId(16) }, VISITOR_AI_DOCUMENT_DAYS - 1);
    const account = await aiDocument({ userId: user.id }, 10 * VISITOR_AI_DOCUMENT_DAYS);

    await sweepExpiredFiles(stack.deps);
    const kept = await stack.deps.db.aiDocument.findMany({ where: { id: { in: [old.id, recent.id, account.id] } }, select: { id: true } });
    expect(kept.map((d) => d.id).sort()).toEqual([recent.id, account.id].sort());
    expect(await stack.deps.db.aiChunk.count({ where: { documentId: old.id } })).toBe(0);
    const stored = (key: string) => fs.existsSync(path.join(stack.deps.env.filesDir, key.slice(0, 2), key));
    expect([old, recent, account].map((d) => stored(d.storageKey))).toEqual([false, true, true]);
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
