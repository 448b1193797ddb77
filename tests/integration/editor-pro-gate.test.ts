import fs from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '#shared/env';
import { visitor } from '../support/api-client';
import { createSession, createSubscription, createUser } from '../support/factories';
import { fixture } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';

const PDF = fixture('pdf/pdfjs_tracemonkey.pdf');
const edits = (...operations: object[]) => JSON.stringify({ version: 1, operations });
const replaceText = { type: 'replaceText', page: 1, rect: [0.1, 0.1, 0.5, 0.03], text: 'A rewritten line' };
const whiteout = { type: 'whiteout', page: 1, rect: [0.1, 0.5, 0.2, 0.1] };

/** A signed-in user, optionally holding a plan, with the upload and transfer calls. */
async function member(stack: Stack, plan?: 'ACTIVE' | 'TRIALING') {
  const user = await createUser(stack.deps);
  if (plan) await createSubscription(stack.deps, user.id, { status: plan });
  const { cookie } = await createSession(stack.deps, user.id);
  const api = request(stack.app);
  return {
    user,
    async edit(operations: string) {
      const up = await api.post('/api/miaohui/file/upload').set('cookie', cookie).attach('file', fs.readFileSync(PDF), 'paper.pdf').field('toolType', 'edit-pdf');
      expect(up.status).toBe(200);
      return api.post('/api/miaohui/file/transfer').set('cookie', cookie).send({ toolType: 'edit-pdf', token: up.body.token, operations });
    },
  };
}

async function visitorEdit(stack: Stack, operations: string) {
  const v = visitor(stack.app);
  return v.transfer({ toolType: 'edit-pdf', token: await v.uploadToken(PDF, 'edit-pdf'), operations });
}

describe('editing existing text with billing configured', () => {
  let standIn: StripeStandIn;
  let stack: Stack;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    const overrides: Partial<Env> = { ...standIn.env, billingConfigured: true, DOWNLOAD_POLICY: 'pro' };
    stack = await startStack(overrides, { worker: false, web: false });
  });
  afterAll(async () => {
    await standIn?.close();
    await stack?.stop();
  });

  it("refuses a visitor and a Free user with PRO_FEATURE, and makes no task nor uses one of the day's conversions", async () => {
    const before = await stack.deps.db.task.count();
    const free = await member(stack);
    for (const res of [await visitorEdit(stack, edits(whiteout, replaceText)), await free.edit(edits(replaceText))]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'PRO_FEATURE', message: 'Editing existing text is a Pro feature. Upgrade to Pro or start the free trial to use it.' });
    }
    expect(await stack.deps.db.task.count()).toBe(before);
    expect(await stack.deps.db.usageCounter.count({ where: { userId: free.user.id } })).toBe(0);
    // The same user's free edit counts one.
    expect((await free.edit(edits(whiteout))).status).toBe(200);
    expect(await stack.deps.db.usageCounter.findMany({ where: { userId: free.user.id }, select: { count: true } })).toEqual([{ count: 1 }]);
  });

  it('leaves every other edit free for a visitor', async () => {
    const res = await visitorEdit(stack, edits(whiteout, { type: 'rotatePage', page: 1, rect: [0, 0, 0, 0], angle: 90 }));
    expect(res.status).toBe(200);
    expect(await stack.deps.db.task.findUnique({ where: { id: res.body.id } })).toMatchObject({ tool: 'edit-pdf', status: 'DOING' });
  });

  it('accepts the edit from a Pro user and from a user in the trial', async () => {
    for (const plan of ['ACTIVE', 'TRIALING'] as const) {
      const res = await (await member(stack, plan)).edit(edits(replaceText));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await stack.deps.db.task.findUnique({ where: { id: res.body.id } })).toMatchObject({ tool: 'edit-pdf' });
    }
  });
});

describe('editing existing text without billing', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, billingConfigured: false, DOWNLOAD_POLICY: 'login' }, { worker: false, web: false });
  });
  afterAll(() => stack.stop());

  it('is free: nobody could buy it', async () => {
    const res = await visitorEdit(stack, edits(replaceText));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stack.deps.db.task.findUnique({ where: { id: res.body.id } })).toMatchObject({ tool: 'edit-pdf' });
  });
});
