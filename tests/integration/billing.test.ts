import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '#shared/env';
import { createSession, createSubscription, createUser, catalogueProduct } from '../support/factories';
import { fixture } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';
import { startStripeStandIn, TEST_CARDS, type StripeStandIn } from '../support/stripe-stand-in';

const DAY = 86_400;

/** The mails the outbox mailer wrote to `email`, decoded enough to read subjects and text. */
function mailsTo(stack: Stack, email: string): string[] {
  const dir = path.join(stack.deps.env.DATA_DIR, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
    .filter((raw) => raw.includes(`To: ${email}`));
}
const subjects = (stack: Stack, email: string) => mailsTo(stack, email).map((raw) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? '');

/** A signed-in user with helpers for the billing calls. */
async function member(stack: Stack, lang: 'en' | 'fr' = 'en') {
  const user = await createUser(stack.deps);
  const { cookie } = await createSession(stack.deps, user.id);
  const api = request(stack.baseUrl);
  const headers = { cookie, lang };
  return {
    user,
    post: (url: string, body: object = {}) => api.post(url).set(headers).send(body),
    get: (url: string) => api.get(url).set(headers),
    async order(code = 'pro_month', returnPath?: string) {
      const product = await catalogueProduct(stack.deps, code);
      const created = await this.post('/api/uc/order/create', { productId: product.id, returnPath });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      return created.body.data.payId as string;
    },
    /** Order and Checkout Session: the session id to pay at the stand-in. */
    async checkout(code = 'pro_month', returnPath?: string) {
      const payId = await this.order(code, returnPath);
      const pay = await this.post('/api/uc/order/createPay', { payId });
      expect(pay.status, JSON.stringify(pay.body)).toBe(200);
      const order = await stack.deps.db.order.findUniqueOrThrow({ where: { id: payId } });
      return { payId, url: pay.body.data.url as string, sessionId: order.stripeSessionId! };
    },
    async vip() {
      return (await this.get('/api/user/getUserInfo')).body.data.vipInfo;
    },
  };
}

describe('billing not configured', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, billingConfigured: false, DOWNLOAD_POLICY: 'login' }, { worker: false, web: false });
  });
  afterAll(() => stack.stop());

  it('lists the plans but offers no payment method and answers every Pay with PAYMENT_NOT_CONFIGURED', async () => {
    const m = await member(stack);
    expect((await m.post('/api/uc/order/getPayType')).body.data).toEqual([]);
    const plans = await m.post('/api/product/thirdPartyProducts');
    expect(plans.body.data.map((p: { productType: string }) => p.productType)).toEqual(['MONTH', 'QUARTERLY', 'YEAR', 'FOREVER']);
    const product = await catalogueProduct(stack.deps, 'pro_month');
    const created = await m.post('/api/uc/order/create', { productId: product.id });
    expect(created.status).toBe(503);
    expect(created.body.message).toBe('Payment method not configured');
    expect((await m.post('/api/uc/order/createPaypal', { payId: 'x' })).body.error).toBe('PAYMENT_NOT_CONFIGURED');
    expect(await stack.deps.db.order.count({ where: { userId: m.user.id } })).toBe(0);
    // Nothing else breaks: the user is Free, and conversions are not counted without billing.
    expect((await m.vip()).isVip).toBe(false);
    for (let i = 0; i < 8; i++) expect((await m.post('/api/user/deductTimes')).status).toBe(200);
  });
});

describe('billing with Stripe', () => {
  let standIn: StripeStandIn;
  let stack: Stack;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    const overrides: Partial<Env> = { ...standIn.env, billingConfigured: true, DOWNLOAD_POLICY: 'pro', FREE_DAILY_TASKS: 2 };
    stack = await startStack(overrides, { worker: false, web: false });
    standIn.setWebhookUrl(`${stack.baseUrl}/api/billing/stripe/webhook`);
  });
  afterAll(async () => {
    await standIn?.close();
    await stack?.stop();
  });

  it('prices the plans in dollars for English and euros for French, with the trial cycle first', async () => {
    const m = await member(stack);
    const en = (await m.post('/api/product/thirdPartyProducts', { productType: 'YEAR' })).body.data;
    expect(en.map((p: { currency: string }) => p.currency)).toEqual(['USD', 'USD', 'USD', 'USD']);
    const month = en[0];
    expect(month.billing_cycles.map((c: { tenure_type: string }) => c.tenure_type)).toEqual(['TRIAL', 'REGULAR']);
    expect(month.billing_cycles[0].frequency).toEqual({ interval_unit: 'DAY', interval_count: 3 });
    expect(month.billing_cycles[1].pricing_scheme.fixed_price).toEqual({ value: '9.99', currency_code: 'USD' });
    expect(en.find((p: { active: boolean }) => p.active).productType).toBe('YEAR');
    const lifetime = en[3];
    expect(lifetime.billing_cycles).toHaveLength(1);
    expect(lifetime.billing_cycles[0].total_cycles).toBe(1);
    const fr = (await (await member(stack, 'fr')).post('/api/product/thirdPartyProducts', { businessType: 'ai_pdf_single' })).body.data;
    expect(fr.map((p: { currency: string; code: string }) => `${p.code}:${p.currency}`)).toEqual(['ai_month:EUR', 'ai_year:EUR']);
  });

  it('a trial checkout makes the user Pro, mails nothing charged yet, and refuses a second Pro order', async () => {
    const m = await member(stack);
    expect((await m.post('/api/uc/order/getPayType')).body.data).toEqual(['stripe']);
    const { payId, url, sessionId } = await m.checkout('pro_month', '/merge-pdf?download=/api/miaohui/file/download/abc');
    expect(url.startsWith(standIn.url)).toBe(true);
    expect((await m.get(`/api/uc/order/checkPay/${payId}`)).body.data.status).toBe('PENDING');
    expect((await standIn.pay(sessionId, TEST_CARDS.succeeds)).status).toBe('paid');
    const check = await m.get(`/api/uc/order/checkPay/${payId}`);
    expect(check.body.data).toEqual({ status: 'PAID', businessType: 'pdf', productType: 'MONTH', returnPath: '/merge-pdf?download=/api/miaohui/file/download/abc' });
    expect(await m.vip()).toEqual({ isVip: true, isTimeVip: true, isAiTimeVip: true, vipName: 'Pro Monthly', aiVipName: 'Pro Monthly', isSubscript: true });
    const billing = (await m.get('/api/product/getUserBilling')).body.data;
    expect(billing.subscriptions).toHaveLength(1);
    expect(billing.subscriptions[0]).toMatchObject({ status: 'TRIALING', name: 'Pro Monthly', price: 9.99, currency: 'USD', cancelAtPeriodEnd: false });
    expect(billing.subscriptions[0].trialEnd).not.toBeNull();
    // The $0 trial invoice is no payment.
    expect(billing.payments).toEqual([]);
    const again = await m.post('/api/uc/order/create', { productId: (await catalogueProduct(stack.deps, 'pro_year')).id });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('PLAN_ALREADY_ACTIVE');
    // The AI plan is another kind: it may still be bought.
    expect((await m.post('/api/uc/order/create', { productId: (await catalogueProduct(stack.deps, 'ai_month')).id })).status).toBe(200);
  });

  it('mails the trial reminder once, charges at the trial end with a receipt, and records the payment', async () => {
    const m = await member(stack);
    const { sessionId } = await m.checkout();
    await standIn.pay(sessionId);
    const row = await stack.deps.db.subscription.findFirstOrThrow({ where: { userId: m.user.id } });
    const { sendTrialReminders } = await import('../../api/src/services/billing/trial-reminder-service');
    const realNow = stack.deps.now;
    stack.deps.now = () => new Date(row.trialEnd!.getTime() - 12 * 3600_000);
    try {
      expect(await sendTrialReminders(stack.deps)).toBeGreaterThanOrEqual(1);
      expect(await sendTrialReminders(stack.deps)).toBe(0);
    } finally {
      stack.deps.now = realNow;
    }
    expect(subjects(stack, m.user.email)).toEqual(['Your Sheaf free trial ends in 24 hours']);
    await standIn.advanceClock(3 * DAY + 60);
    const after = await stack.deps.db.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.status).toBe('ACTIVE');
    const payments = (await m.get('/api/product/getUserBilling')).body.data.payments;
    expect(payments).toMatchObject([{ productName: 'Pro Monthly', amount: 9.99, currency: 'USD', status: 'PAID', refundedAmount: 0 }]);
    expect(subjects(stack, m.user.email)).toContain('Your Sheaf receipt: Pro Monthly');
  });

  it('a declined card leaves the user Free, and coming back through cancel_url fails the order', async () => {
    const m = await member(stack);
    const { payId, sessionId } = await m.checkout();
    expect((await standIn.pay(sessionId, TEST_CARDS.declined)).status).toBe('refused');
    expect((await m.get(`/api/uc/order/checkPay/${payId}`)).body.data.status).toBe('PENDING');
    expect((await m.post('/api/uc/order/abandon', { payId })).body.data).toEqual({ status: 'FAILED' });
    expect((await m.get(`/api/uc/order/checkPay/${payId}`)).body.data.status).toBe('FAILED');
    expect((await m.vip()).isVip).toBe(false);
    expect(await stack.deps.db.subscription.count({ where: { userId: m.user.id } })).toBe(0);
  });

  it('with the webhook held back, checkPay asks Stripe itself; the late events then change nothing', async () => {
    const m = await member(stack);
    const { payId, sessionId } = await m.checkout();
    standIn.holdWebhooks();
    try {
      await standIn.pay(sessionId);
      expect((await m.get(`/api/uc/order/checkPay/${payId}`)).body.data.status).toBe('PAID');
      expect((await m.vip()).isVip).toBe(true);
    } finally {
      await standIn.releaseWebhooks({ reverse: true });
    }
    expect(await stack.deps.db.subscription.count({ where: { userId: m.user.id } })).toBe(1);
    expect((await stack.deps.db.subscription.findFirstOrThrow({ where: { userId: m.user.id } })).status).toBe('TRIALING');
  });

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const m = await member(stack);
    const { payId, sessionId } = await m.checkout();
    standIn.holdWebhooks();
    await standIn.pay(sessionId);
    const completed = standIn.events.find((e) => e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === sessionId)!;
    const before = await stack.deps.db.stripeEvent.count();
    const body = JSON.stringify(completed);
    const t = Math.floor(Date.now() / 1000);
    const forged = await request(stack.baseUrl).post('/api/billing/stripe/webhook').set('content-type', 'application/json').set('stripe-signature', `t=${t},v1=${'0'.repeat(64)}`).send(body);
    expect(forged.status).toBe(400);
    const unsigned = await request(stack.baseUrl).post('/api/billing/stripe/webhook').set('content-type', 'application/json').send(body);
    expect(unsigned.status).toBe(400);
    expect(await stack.deps.db.stripeEvent.count()).toBe(before);
    expect((await stack.deps.db.order.findUniqueOrThrow({ where: { id: payId } })).status).toBe('CREATED');
    await standIn.releaseWebhooks();
    expect((await stack.deps.db.order.findUniqueOrThrow({ where: { id: payId } })).status).toBe('PAID');
  });

  it('handles a redelivered event once: one payment, one receipt', async () => {
    const m = await member(stack);
    const { sessionId } = await m.checkout('pro_lifetime');
    await standIn.pay(sessionId);
    expect(await m.vip()).toMatchObject({ isVip: true, isTimeVip: true, vipName: 'Pro Lifetime', isSubscript: false });
    const completed = standIn.events.find((e) => e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === sessionId)!;
    await standIn.redeliver(completed.id);
    await standIn.webhooksSettled();
    const last = standIn.deliveries.filter((d) => d.eventId === completed.id);
    expect(last.length).toBeGreaterThanOrEqual(2);
    expect(last.every((d) => d.status === 200)).toBe(true);
    expect(await stack.deps.db.payment.count({ where: { userId: m.user.id } })).toBe(1);
    expect(subjects(stack, m.user.email).filter((s) => s.startsWith('Your Sheaf receipt'))).toHaveLength(1);
  });

  it('events delivered in reverse order leave the state Stripe has now', async () => {
    const m = await member(stack);
    const { sessionId } = await m.checkout();
    await standIn.pay(sessionId);
    const sub = await stack.deps.db.subscription.findFirstOrThrow({ where: { userId: m.user.id } });
    standIn.holdWebhooks();
    // Through Stripe directly (as the billing portal would): cancel, then resume.
    const stripe = stack.deps.stripe!;
    await stripe.subscriptions.update(sub.stripeSubscriptionId!, { cancel_at_period_end: true });
    await stripe.subscriptions.update(sub.stripeSubscriptionId!, { cancel_at_period_end: false });
    await standIn.releaseWebhooks({ reverse: true });
    const after = await stack.deps.db.subscription.findUniqueOrThrow({ where: { id: sub.id } });
    expect(after.cancelAtPeriodEnd).toBe(false);
    expect(after.status).toBe('TRIALING');
  });

  it('cancel at period end keeps Pro until the end, mails the confirmation, then the user is Free', async () => {
    const m = await member(stack);
    const { sessionId } = await m.checkout();
    await standIn.pay(sessionId);
    const sub = await stack.deps.db.subscription.findFirstOrThrow({ where: { userId: m.user.id } });
    const canceled = await m.post('/api/product/cancelSubscription', { subscriptionId: sub.id });
    expect(canceled.body.data).toMatchObject({ id: sub.id, cancelAtPeriodEnd: true, status: 'TRIALING' });
    expect((await m.vip()).isVip).toBe(true);
    expect(subjects(stack, m.user.email)).toContain('Your Sheaf subscription is canceled');
    const resumed = await m.post('/api/product/resumeSubscription', { subscriptionId: sub.id });
    expect(resumed.body.data.cancelAtPeriodEnd).toBe(false);
    await m.post('/api/product/cancelSubscription', { subscriptionId: sub.id });
    await standIn.advanceClock(4 * DAY);
    expect((await stack.deps.db.subscription.findUniqueOrThrow({ where: { id: sub.id } })).status).toBe('CANCELED');
    expect((await m.vip()).isVip).toBe(false);
    // The trial was used: a new checkout has none.
    const again = await m.checkout();
    expect((await stack.deps.db.order.findUniqueOrThrow({ where: { id: again.payId } })).trial).toBe(false);
    await standIn.pay(again.sessionId);
    expect((await stack.deps.db.subscription.findFirstOrThrow({ where: { userId: m.user.id, orderId: again.payId } })).status).toBe('ACTIVE');
  });

  it('checks a French user out in French and in euros, back under /fr', async () => {
    const m = await member(stack, 'fr');
    const { payId, sessionId } = await m.checkout('pro_year');
    const session = await stack.deps.stripe!.checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({ locale: 'fr', currency: 'eur', amount_total: 5999, mode: 'subscription' });
    expect(session.success_url).toBe(`${stack.baseUrl}/fr/pay-fwd?payId=${payId}`);
    expect(session.cancel_url).toBe(`${stack.baseUrl}/fr/pay-fwd?payId=${payId}&canceled=1`);
  });

  it('a refund Stripe reports shows on the payment, and a refunded Lifetime purchase ends the plan', async () => {
    const m = await member(stack);
    const { sessionId } = await m.checkout('pro_lifetime');
    await standIn.pay(sessionId);
    const payment = await stack.deps.db.payment.findFirstOrThrow({ where: { userId: m.user.id } });
    await stack.deps.stripe!.refunds.create({ payment_intent: payment.stripePaymentIntentId!, amount: 5000 });
    await standIn.webhooksSettled();
    expect((await m.get('/api/product/getUserBilling')).body.data.payments[0]).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedAmount: 50 });
    expect((await m.vip()).isVip).toBe(true);
    await stack.deps.stripe!.refunds.create({ payment_intent: payment.stripePaymentIntentId! });
    await standIn.webhooksSettled();
    expect((await m.get('/api/product/getUserBilling')).body.data.payments[0]).toMatchObject({ status: 'REFUNDED', refundedAmount: 149.99 });
    expect((await m.vip()).isVip).toBe(false);
  });

  it("answers another user's order with 404", async () => {
    const alice = await member(stack);
    const bob = await member(stack);
    const payId = await alice.order();
    expect((await bob.get(`/api/uc/order/checkPay/${payId}`)).status).toBe(404);
    expect((await bob.post('/api/uc/order/createPay', { payId })).status).toBe(404);
    expect((await bob.post('/api/uc/order/abandon', { payId })).status).toBe(404);
    const sub = await createSubscription(stack.deps, alice.user.id);
    expect((await bob.post('/api/product/cancelSubscription', { subscriptionId: sub.id })).status).toBe(404);
  });

  it('Stripe unreachable: checkPay answers PAYMENT_UNREACHABLE (502)', async () => {
    const m = await member(stack);
    const { payId } = await m.checkout();
    standIn.setUnreachable(true);
    try {
      const res = await m.get(`/api/uc/order/checkPay/${payId}`);
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Failed to get payment');
    } finally {
      standIn.setUnreachable(false);
    }
  });

  it('counts a Free user to FREE_DAILY_TASKS a day and never counts Pro', async () => {
    const free = await member(stack);
    expect((await free.post('/api/user/deductTimes')).body.data).toEqual({ used: 1, limit: 2 });
    expect((await free.post('/api/user/deductTimes')).body.data).toEqual({ used: 2, limit: 2 });
    const over = await free.post('/api/user/deductTimes');
    expect(over.status).toBe(429);
    expect(over.body.error).toBe('DAILY_LIMIT');
    // Starting a task is counted on the server too: the limit holds without the page's call.
    const upload = await request(stack.baseUrl)
      .post('/api/miaohui/file/upload')
      .set('cookie', (await createSession(stack.deps, free.user.id)).cookie)
      .attach('file', fs.readFileSync(fixture('pdf/pdfjs_tracemonkey.pdf')), 'paper.pdf')
      .field('toolType', 'compress-pdf');
    const transfer = await free.post('/api/miaohui/file/transfer', { toolType: 'compress-pdf', token: upload.body.token });
    expect(transfer.status).toBe(429);
    expect(transfer.body.error).toBe('DAILY_LIMIT');
    const pro = await member(stack);
    await createSubscription(stack.deps, pro.user.id);
    for (let i = 0; i < 4; i++) expect((await pro.post('/api/user/deductTimes')).body.data.used).toBe(0);
  });

  it('download policy pro: a visitor 401, a Free user 403 PRO_REQUIRED, a Pro user the file', async () => {
    const output = async (owner: { userId?: string; visitorId?: string }) => {
      const token = `t${Math.random().toString(36).slice(2, 14)}`;
      const tmp = path.join(stack.deps.env.tmpDir, `${token}.txt`);
      fs.writeFileSync(tmp, 'result');
      await stack.deps.store.putFromPath(`${token}txt`, tmp);
      await stack.deps.db.file.create({
        data: { token, name: 'result.txt', kind: 'txt', size: 6n, storageKey: `${token}txt`, role: 'OUTPUT', ...owner, expiresAt: new Date(Date.now() + 3600_000) },
      });
      return `/api/miaohui/file/download/${token}`;
    };
    const visitorId = 'V'.repeat(32);
    const visitor = await request(stack.baseUrl).get(await output({ visitorId })).set('cookie', `sheafVisitor=${visitorId}`);
    expect(visitor.status).toBe(401);
    expect(visitor.body.error).toBe('NOT_SIGNED_IN');
    const m = await member(stack);
    const url = await output({ userId: m.user.id });
    const free = await m.get(url);
    expect(free.status).toBe(403);
    expect(free.body.error).toBe('PRO_REQUIRED');
    await createSubscription(stack.deps, m.user.id, { status: 'TRIALING' });
    const pro = await m.get(url);
    expect(pro.status).toBe(200);
    expect(pro.text).toBe('result');
  });
});
