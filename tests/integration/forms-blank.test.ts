import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { pdfText, qpdfPages } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

const W9_NAME = 'topmostSubform[0].Page1[0].f1_01[0]';

/** A form field's value as qpdf reads it from the file. */
function fieldValue(file: string, name: string): string | undefined {
  const { acroform } = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=acroform', file], { encoding: 'utf8' })) as { acroform: { fields: { fullname: string; value: string }[] } };
  return acroform.fields.find((f) => f.fullname === name)?.value.replace(/^u:/, '');
}

describe("a form page's blank opened in the editor", () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack({}, { web: false });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-forms-'));
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('makes the W-9 blank the visitor\'s own upload, which an edit-pdf transfer fills', async () => {
    const v = visitor(stack.app);
    const opened = await v.agent.post('/api/forms/open').send({ form: 'w9' });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ code: 1000, data: { name: 'fw9.pdf', kind: 'pdf', size: fs.statSync('web/public/forms/fw9.pdf').size } });
    const row = await stack.deps.db.file.findUniqueOrThrow({ where: { token: opened.body.token } });
    expect(row).toMatchObject({ role: 'INPUT', userId: null });
    expect(row.visitorId).not.toBeNull();
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(stack.deps.env.FILE_RETENTION_MINUTES * 60_000);

    const field = { type: 'field', page: 1, rect: [0, 0, 0, 0], name: W9_NAME, value: 'Ada Lovelace' };
    const start = await v.transfer({ toolType: 'edit-pdf', token: opened.body.token, operations: JSON.stringify({ version: 1, operations: [field] }) });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const done = await v.waitForTask(start.body.id, 140_000);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done' } });
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'w9.pdf'));
    expect(qpdfPages(out.path)).toBe(6);
    expect(pdfText(out.path)).toContain('Ada Lovelace');
    expect(fieldValue(out.path, W9_NAME)).toBe('Ada Lovelace');
    // Every field's appearance is drawn again in the embedded font: on a busy machine that takes a while.
  }, 150_000);

  it('opens the DS-11, which has no fields, and keeps the blank to its opener', async () => {
    const v = visitor(stack.app);
    const opened = await v.agent.post('/api/forms/open').send({ form: 'ds11' });
    expect(opened.status).toBe(200);
    const other = visitor(stack.app);
    const steal = await other.transfer({ toolType: 'edit-pdf', token: opened.body.token, operations: JSON.stringify({ version: 1, operations: [] }) });
    expect(steal.status).toBe(404);
  });

  it('answers 404 for a form without a blank and Illegal input for anything but a form id', async () => {
    const v = visitor(stack.app);
    const none = await v.agent.post('/api/forms/open').send({ form: '1099' });
    expect(none.status).toBe(404);
    for (const form of ['../../package.json', 'fw9.pdf', 'W9']) {
      const bad = await v.agent.post('/api/forms/open').send({ form });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('ILLEGAL_INPUT');
      expect(bad.body.message).toMatch(/^form /);
    }
    expect((await v.agent.post('/api/forms/open').send({ form: 'w9', path: '/etc/passwd' })).status).toBe(400);
    expect(await stack.deps.db.file.count({ where: { name: { in: ['package.json', 'passwd'] } } })).toBe(0);
  });
});
