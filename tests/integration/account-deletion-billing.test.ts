import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueProduct, createSession, createUser } from '../support/factories';
import { startStack, type Stack } from '../support/stack';
import { startStripeStandIn, TEST_CARDS, type StripeStandIn } from '../support/stripe-stand-in';

describe('deleting an account that pays for a plan', () => {
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
});
