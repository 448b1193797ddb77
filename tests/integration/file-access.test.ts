import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '#shared/env';
import { ERRORS } from '#shared/errors';
import { thumbKey } from '#shared/server/jobs';
import { visitor } from '../support/api-client';
import { fixture } from '../support/fixtures';
import { createSubscription } from '../support/factories';
import { latestLoginLink } from '../support/outbox';
import { startStack, type Stack } from '../support/stack';

const unique = (name: string) => `${name}.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
const PDF = fixture('pdf/pdfjs_tracemonkey.pdf');
const EXPIRED = { code: ERRORS.FILE_EXPIRED.code, error: 'FILE_EXPIRED', message: ERRORS.FILE_EXPIRED.message };
type Visitor = ReturnType<typeof visitor>;

describe('file access: expiry, history deletion, thumbnails, download names', () => {
  let stack: Stack;
  let tmp: string;
  let clock = new Date();
  beforeAll(async () => {
    stack = await startStack();
    stack.deps.now = () => clock;
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-access-'));
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const appWith = (env: Partial<Env>) => stack.anotherApp({ ...stack.deps, env: { ...stack.deps.env, ...env } });
  const onDisk = (key: string) => fs.existsSync(path.join(stack.deps.env.filesDir, key.slice(0, 2), key));
  const thumb = (v: Visitor, token: string, page = 1) => v.agent.get(`/api/miaohui/file/thumb/${token}/${page}`);
  const tokenOf = (url: string) => url.split('/').pop()!;

  /** A visitor signed in through the emailed link, on `app`. */
  async function signedIn(app: Stack['app'], name: string) {
    const v = visitor(app);
    const email = unique(name);
    await v.agent.post('/api/user/emailLogin').send({ email, name: 'Sam' });
    const link = latestLoginLink(stack.deps.env.DATA_DIR, email);
    expect((await v.agent.post('/api/user/emailLogin').send({ email, token: link.searchParams.get('token') })).body.code).toBe(0);
    return { v, user: await stack.deps.db.user.findUniqueOrThrow({ where: { email } }) };
  }

  /** Uploads the 14-page fixture and splits it in two: the input's token and the task's answer. */
  async function splitInTwo(v: Visitor) {
    const input = await v.uploadToken(PDF);
    const task = await v.waitForTask((await v.transfer({ toolType: 'split-pdf', token: input, splitcount: 7 })).body.id);
    expect(task.result.pdfurls).toHaveLength(2);
    return { input, task, outputs: task.result.pdfurls!.map(tokenOf) };
  }

  it('answers FILE_EXPIRED once a file is past its retention, before the sweep has removed it', async () => {
    clock = new Date();
    const v = visitor(stack.app);
    const { input, task, outputs } = await splitInTwo(v);
    expect((await v.agent.get(task.result.pdfurls![0])).status).toBe(200);
    expect((await thumb(v, input)).status).toBe(200);
    expect((await thumb(v, outputs[0])).status).toBe(200);

    clock = new Date(Date.now() + 61 * 60_000);
    const answers = {
      output: await v.agent.get(task.result.pdfurls![0]),
      input: await v.agent.get(`/api/miaohui/file/download/${input}`),
      zip: await v.agent.get(task.result.zipurl!),
      inputThumb: await thumb(v, input),
      outputThumb: await thumb(v, outputs[0]),
      transfer: await v.transfer({ toolType: 'split-pdf', token: input, splitcount: 7 }),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.status, what).toBe(410);
      expect(res.body, what).toEqual(EXPIRED);
    }
    // The api refused on its own: the files are still on disk until the sweep runs.
    const rows = await stack.deps.db.file.findMany({ where: { token: { in: [input, ...outputs] } } });
    expect(rows.every((r) => r.deletedAt === null && onDisk(r.storageKey))).toBe(true);
    clock = new Date();
  });

  it('deletes a task’s input and outputs, thumbnails too, when the user deletes it from the history', async () => {
    clock = new Date();
    const { v } = await signedIn(stack.app, 'history');
    const { input, task, outputs } = await splitInTwo(v);
    for (const token of [input, ...outputs]) expect((await thumb(v, token)).status).toBe(200);
    const rows = await stack.deps.db.file.findMany({ where: { token: { in: [input, ...outputs] } } });
    const keys = rows.flatMap((r) => [r.storageKey, thumbKey(r.storageKey, 1)]);
    expect(keys.every(onDisk)).toBe(true);

    expect((await v.agent.post('/api/miaohui/file/deleteTasks').send({ ids: [task.id] })).body).toEqual({ code: 0, data: 1 });
    expect(keys.filter(onDisk)).toEqual([]);
    const after = await stack.deps.db.file.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
    expect(after.every((r) => r.deletedAt !== null)).toBe(true);
    expect((await v.agent.get(`/api/miaohui/file/download/${input}`)).status).toBe(410);
    expect((await v.agent.get(task.result.pdfurls![0])).status).toBe(410);
    expect((await thumb(v, input)).status).toBe(410);
  });

  it('shows an output’s pages only to whoever may download it; one’s own uploads always', async () => {
    clock = new Date();
    // DOWNLOAD_POLICY=login: a visitor sees the pages of the file they uploaded, not of the result.
    const loginOnly = appWith({ DOWNLOAD_POLICY: 'login' });
    const guest = visitor(loginOnly);
    const made = await splitInTwo(guest);
    expect((await thumb(guest, made.input)).status).toBe(200);
    const refused = await thumb(guest, made.outputs[0]);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('NOT_SIGNED_IN');
    expect((await guest.agent.get(made.task.result.pdfurls![0])).status).toBe(401);
    const member = await signedIn(loginOnly, 'login-policy');
    const mine = await splitInTwo(member.v);
    expect((await thumb(member.v, mine.outputs[1])).status).toBe(200);

    // DOWNLOAD_POLICY=pro: a free account sees its upload's pages, not the result's, until it has Pro.
    const proOnly = appWith({ DOWNLOAD_POLICY: 'pro' });
    const { v, user } = await signedIn(proOnly, 'pro-policy');
    const { input, outputs } = await splitInTwo(v);
    expect((await thumb(v, input)).status).toBe(200);
    const free = await thumb(v, outputs[0]);
    expect(free.status).toBe(403);
    expect(free.body.error).toBe('PRO_REQUIRED');
    await createSubscription(stack.deps, user.id);
    const paid = await thumb(v, outputs[0]);
    expect(paid.status).toBe(200);
    expect(paid.headers['content-type']).toBe('image/jpeg');
  });

  it('saves an output under its name without control or bidirectional characters', async () => {
    clock = new Date();
    const v = visitor(stack.app);
    const { task, outputs } = await splitInTwo(v);
    // A converted document can name its output after its own title, whatever that holds.
    await stack.deps.db.file.update({ where: { token: outputs[0] }, data: { name: 'invoice\u202Efdp.exe\u0007\u2066.pdf' } });
    await stack.deps.db.file.update({ where: { token: outputs[1] }, data: { name: '\u200F\u061C\u202A\u0085.pdf' } });

    const one = await v.download(task.result.pdfurls![0], path.join(tmp, 'one.pdf'));
    expect(one.headers['content-disposition']).toBe(`attachment; filename="invoicefdp.exe.pdf"; filename*=UTF-8''invoicefdp.exe.pdf`);
    const zip = await v.download(task.result.zipurl!, path.join(tmp, 'all.zip'));
    expect(zip.headers['content-disposition']).toMatch(/^attachment; /);
    expect(execFileSync('zipinfo', ['-1', zip.path], { encoding: 'utf8' }).trim().split('\n').sort()).toEqual(['.pdf', 'invoicefdp.exe.pdf']);
  });
});
