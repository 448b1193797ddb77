import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueProduct, createSession, createUser } from '../support/factories';
import { fixture } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';
import { startStripeStandIn, TEST_CARDS, type StripeStandIn } from '../support/stripe-stand-in';

describe('deleting an account: its queued tasks, its paid plan', () => {
  let standIn: StripeStandIn;
  let stack: Stack;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stack = await startStack({ ...standIn.env, billingConfigured: true }, { worker: false, web: false });
    standIn.setWebhookUrl(`${stack.baseUrl}/api/billing/stripe/webhook`);
  });
  afterAll(async () => {
    await standIn?.close();
    await stack?.stop();
  });

  it('cancels the subscription at Stripe, so the card is not charged again, and deletes the plan rows', async () => {
    const user = await createUser(stack.deps);
    const { cookie } = await createSession(stack.deps, user.id);
    const post = (url: string, body: object) => request(stack.baseUrl).post(url).set('cookie', cookie).send(body);
    const product = await catalogueProduct(stack.deps, 'pro_month');
    const payId = (await post('/api/uc/order/create', { productId: product.id })).body.data.payId as string;
    expect((await post('/api/uc/order/createPay', { payId })).status).toBe(200);
    const order = await stack.deps.db.order.findUniqueOrThrow({ where: { id: payId } });
    expect((await standIn.pay(order.stripeSessionId!, TEST_CARDS.succeeds)).status).toBe('paid');
    const sub = await stack.deps.db.subscription.findFirstOrThrow({ where: { userId: user.id } });
    expect(sub.status).toBe('TRIALING');

    const before = standIn.events.length;
    const deleted = await post('/api/user/deleteAccount', { email: user.email });
    expect(deleted.body).toEqual({ code: 0, data: true });
    expect((await stack.deps.stripe!.subscriptions.retrieve(sub.stripeSubscriptionId!)).status).toBe('canceled');
    // Nothing charges the card later: the trial's end passes with no invoice.
    await standIn.advanceClock(5 * 86_400);
    const later = standIn.events.slice(before);
    expect(later.filter((e) => e.type.startsWith('invoice.')).map((e) => e.type)).toEqual([]);
    const left = await Promise.all([
      stack.deps.db.user.count({ where: { id: user.id } }),
      stack.deps.db.subscription.count({ where: { id: sub.id } }),
      stack.deps.db.order.count({ where: { id: payId } }),
    ]);
    expect(left).toEqual([0, 0, 0]);
    // Stripe's word that the subscription ended reaches a server that no longer has it, and is acknowledged.
    await standIn.webhooksSettled();
    const ended = standIn.deliveries.filter((d) => d.type === 'customer.subscription.deleted');
    expect(ended.length).toBeGreaterThan(0);
    expect(ended.every((d) => d.status === 200)).toBe(true);
  });

  it('takes a waiting task off the queue, and waits while a worker runs one', async () => {
    const user = await createUser(stack.deps);
    const { cookie } = await createSession(stack.deps, user.id);
    const post = (url: string, body: object) => request(stack.baseUrl).post(url).set('cookie', cookie).send(body);
    const split = async () => {
      const up = await request(stack.baseUrl).post('/api/miaohui/file/upload').set('cookie', cookie).attach('file', fixture('pdf/pdfjs_tracemonkey.pdf'));
      return (await post('/api/miaohui/file/transfer', { toolType: 'split-pdf', token: up.body.token, splitcount: 7 })).body.id as string;
    };
    // This stack has no worker: the test's own takes the first job and holds it.
    const first = await split();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const connection = new Redis(stack.deps.env.REDIS_URL, { maxRetriesPerRequest: null });
    const worker = new Worker(stack.deps.quickTasks.name, () => held, { connection, prefix: stack.deps.env.QUEUE_PREFIX });
    try {
      await expect.poll(async () => (await stack.deps.quickTasks.getJob(first))?.isActive(), { timeout: 15_000 }).toBe(true);
      const refused = await post('/api/user/deleteAccount', { email: user.email });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: 'ACCOUNT_TASKS_RUNNING' });
      expect(await stack.deps.db.user.count({ where: { id: user.id } })).toBe(1);
    } finally {
      release();
      await worker.close();
      await connection.quit();
    }

    const waiting = await split();
    expect(await (await stack.deps.quickTasks.getJob(waiting))?.getState()).toBe('waiting');
    expect((await post('/api/user/deleteAccount', { email: user.email })).body).toEqual({ code: 0, data: true });
    expect(await stack.deps.quickTasks.getJob(waiting)).toBeUndefined();
    expect(await stack.deps.db.task.count({ where: { id: { in: [first, waiting] } } })).toBe(0);
  });
});
