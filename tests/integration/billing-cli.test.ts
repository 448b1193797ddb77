import type Stripe from 'stripe';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCIES, loadCatalogue, lookupKey } from '#shared/billing/catalogue';
import { loadEnv, type Env } from '#shared/env';
import { makeDeps } from '#shared/server/make-deps';
import { stripeClient } from '#shared/server/stripe-client';
import { catalogueProduct, createSession, createUser } from '../support/factories';
import { runCaptured, type CapturedRun } from '../support/run-captured';
import { startStack, type Stack } from '../support/stack';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';

const DAY = 86_400_000;
const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * The billing command in its own process, with `input` typed at its prompt: what `npm run billing`
 * runs, started by node directly (npm and tsx's launcher cost seconds per run on a busy machine).
 */
function billing(args: string[], env: NodeJS.ProcessEnv, input = '', via: 'node' | 'npm' = 'node'): Promise<CapturedRun> {
  const [command, ...argv] = via === 'npm' ? ['npm', 'run', '--silent', 'billing', '--', ...args] : ['node', '--import', 'tsx', 'scripts/billing.ts', ...args];
  return runCaptured(command, argv, { cwd: ROOT, env, input });
}

describe('npm run billing', () => {
  const deps = makeDeps(loadEnv());
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let env: NodeJS.ProcessEnv;
  const catalogue = loadCatalogue();
  const keys = catalogue.flatMap((p) => CURRENCIES.map((c) => lookupKey(p.code, c)));

  const pricesByKey = async () => {
    const found = new Map<string, Stripe.Price>();
    for (let i = 0; i < keys.length; i += 10) {
      for (const p of (await stripe.prices.list({ lookup_keys: keys.slice(i, i + 10), limit: 100 })).data) found.set(p.lookup_key!, p);
    }
    return found;
  };

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = stripeClient(standIn.env);
    env = { ...process.env, ...standIn.env };
  });
  afterAll(async () => {
    await standIn?.close();
    await deps.close();
  });

  it('refuses with the reason when billing is not configured', async () => {
    const { STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _secret, ...unconfigured } = env;
    const run = await billing(['sync'], unconfigured);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Billing is not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    expect((await stripe.products.list({ limit: 100 })).data).toHaveLength(0);
  });

  it('lists its commands through npm run billing', async () => {
    const run = await billing(['help'], env, '', 'npm');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\s+sync\b/m);
    expect(run.stdout).toMatch(/^\s+refund <orderId> \[--yes\] \[--by <name>\]/m);
  });

  it('says so when Stripe cannot be reached', async () => {
    standIn.setUnreachable(true);
    try {
      const run = await billing(['sync'], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Stripe could not be reached at ${standIn.url}`);
    } finally {
      standIn.setUnreachable(false);
    }
    expect((await stripe.products.list({ limit: 100 })).data).toHaveLength(0);
  });

  // In order, on one stand-in: the first run creates everything, the next ones find it.
  describe('sync', () => {
    it('creates the 6 products and their 12 prices, found by lookup key', async () => {
      const run = await billing(['sync'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.match(/ created +price_/g)).toHaveLength(12);
      expect(run.stdout).toContain('12 prices: 12 created; 6 products created or updated.');

      const prices = await pricesByKey();
      expect([...prices.keys()].sort()).toEqual([...keys].sort());
      for (const plan of catalogue) {
        const usd = prices.get(lookupKey(plan.code, 'USD'))!;
        const eur = prices.get(lookupKey(plan.code, 'EUR'))!;
        expect(usd).toMatchObject({ active: true, currency: 'usd', unit_amount: plan.amount.USD });
        expect(eur).toMatchObject({ active: true, currency: 'eur', unit_amount: plan.amount.EUR });
        expect(usd.product).toBe(eur.product);
        const product = await stripe.products.retrieve(usd.product as string);
        expect(product).toMatchObject({ name: plan.name, metadata: { sheaf_code: plan.code } });
        if (plan.productType === 'FOREVER') expect(usd.recurring).toBeNull();
        else expect(usd.recurring).toMatchObject({ interval: plan.productType === 'YEAR' ? 'year' : 'month', interval_count: plan.productType === 'QUARTERLY' ? 3 : 1 });
      }
      expect((await stripe.products.list({ limit: 100 })).data).toHaveLength(6);
    });

    it('changes nothing the second time, and says so', async () => {
      const before = await pricesByKey();
      const run = await billing(['sync'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Nothing changed: Stripe already matches the catalogue (12 prices).');
      const after = await pricesByKey();
      expect([...after.values()].map((p) => p.id)).toEqual([...before.values()].map((p) => p.id));
      expect((await stripe.prices.list({ limit: 100 })).data).toHaveLength(12);
      expect((await stripe.products.list({ limit: 100 })).data).toHaveLength(6);
    });

    it('moves the lookup key to a new price when the amount differs from the catalogue, and deactivates the old price', async () => {
      // Stripe holds another amount for Pro Monthly in dollars, as after the operator edits products.json.
      const key = lookupKey('pro_month', 'USD');
      const current = (await pricesByKey()).get(key)!;
      const stale = await stripe.prices.create({ product: current.product as string, currency: 'usd', unit_amount: 1299, recurring: { interval: 'month' }, lookup_key: key, transfer_lookup_key: true });
      await stripe.prices.update(current.id, { active: false });

      const run = await billing(['sync'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`${key}\\s+Pro Monthly\\s+12\\.99 USD -> 9\\.99 USD\\s+moved`));
      expect(run.stdout.match(/ unchanged +price_/g)).toHaveLength(11);

      const moved = (await pricesByKey()).get(key)!;
      expect(moved.id).not.toBe(stale.id);
      expect(moved).toMatchObject({ active: true, unit_amount: 999, product: current.product });
      expect(await stripe.prices.retrieve(stale.id)).toMatchObject({ active: false, lookup_key: null });
      expect((await billing(['sync'], env)).stdout).toContain('Nothing changed');
    });

    it('names a product of ours that left the catalogue and leaves it as it is', async () => {
      const gone = await stripe.products.create({ name: 'Pro Weekly', metadata: { sheaf_code: 'pro_week' } });
      const run = await billing(['sync'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`product Pro Weekly (${gone.id}): no longer in the catalogue`);
      expect(run.stdout).toContain('Nothing changed');
      expect((await stripe.products.retrieve(gone.id)).active).toBe(true);
    });
  });

  describe('refund', () => {
    beforeAll(async () => {
      const run = await billing(['sync'], env);
      expect(run.code, run.stderr).toBe(0);
    });

    const priceId = async (key: string) => (await stripe.prices.list({ lookup_keys: [key] })).data[0].id;

    /** An order for `productKey` paid through the stand-in's checkout; the finished session as Stripe returns it. */
    async function paidCheckout(productKey: 'pro_lifetime' | 'pro_year', paidAt: Date) {
      const user = await createUser(deps);
      const product = await catalogueProduct(deps, productKey);
      const order = await deps.db.order.create({ data: { userId: user.id, productId: product.id, amountCents: product.amountUsd, currency: 'USD', status: 'PAID', paidAt } });
      const session = await stripe.checkout.sessions.create({
        mode: productKey === 'pro_lifetime' ? 'payment' : 'subscription',
        line_items: [{ price: await priceId(lookupKey(productKey, 'USD')), quantity: 1 }],
        client_reference_id: order.id,
        success_url: 'http://localhost/pay-fwd',
      });
      await standIn.pay(session.id);
      return { user, product, order, paid: await stripe.checkout.sessions.retrieve(session.id) };
    }

    /** A Lifetime order paid at `paidAt`, recorded as the checkout webhook records it. */
    async function paidLifetimeOrder(paidAt: Date) {
      const { user, product, order, paid } = await paidCheckout('pro_lifetime', paidAt);
      const paymentIntent = paid.payment_intent as string;
      await deps.db.order.update({ where: { id: order.id }, data: { stripeSessionId: paid.id, stripePaymentIntentId: paymentIntent } });
      const payment = await deps.db.payment.create({
        data: { userId: user.id, productId: product.id, orderId: order.id, status: 'PAID', amountCents: product.amountUsd, currency: 'USD', stripePaymentIntentId: paymentIntent, paidAt },
      });
      const charge = (await stripe.paymentIntents.retrieve(paymentIntent)).latest_charge as string;
      return { order, payment, charge };
    }

    /** A yearly subscription whose first invoice was paid at `paidAt`, recorded as the webhooks record it. */
    async function paidYearlyOrder(paidAt: Date) {
      const { user, product, order, paid } = await paidCheckout('pro_year', paidAt);
      const stripeSubscriptionId = paid.subscription as string;
      await deps.db.order.update({ where: { id: order.id }, data: { stripeSessionId: paid.id, stripeSubscriptionId } });
      const subscription = await deps.db.subscription.create({
        data: {
          userId: user.id,
          productId: product.id,
          orderId: order.id,
          status: 'ACTIVE',
          stripeSubscriptionId,
          amountCents: product.amountUsd,
          currency: 'USD',
          currentPeriodStart: paidAt,
          currentPeriodEnd: new Date(paidAt.getTime() + 365 * DAY),
        },
      });
      const payment = await deps.db.payment.create({
        data: { userId: user.id, productId: product.id, subscriptionId: subscription.id, status: 'PAID', amountCents: product.amountUsd, currency: 'USD', stripeInvoiceId: paid.invoice as string, paidAt },
      });
      const invoice = await stripe.invoices.retrieve(paid.invoice as string, { expand: ['payments'] });
      const intent = await stripe.paymentIntents.retrieve(invoice.payments!.data[0].payment.payment_intent as string);
      return { order, payment, charge: intent.latest_charge as string, stripeSubscriptionId };
    }

    it('shows the amount and the rule and refunds nothing when the operator does not confirm', async () => {
      const { order, payment, charge } = await paidLifetimeOrder(new Date());
      const run = await billing(['refund', order.id], env, 'n\n');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Rule     FULL_30_DAYS: Paid 149.99 USD');
      expect(run.stdout).toMatch(/Refund   149\.99 USD \(all of it\), by \S+/);
      expect(run.stdout).toContain('Refund? [y/N]');
      expect(run.stdout).toContain('Nothing refunded.');
      expect((await stripe.charges.retrieve(charge)).amount_refunded).toBe(0);
      expect(await deps.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ refundedBy: null, refundedAt: null });

      // Input that ends without an answer (a script without --yes) is a no, said as such.
      const unanswered = await billing(['refund', order.id], env, 'y');
      expect(unanswered.code, unanswered.stderr).toBe(0);
      expect(unanswered.stdout).toContain('Nothing refunded.');
      expect((await stripe.charges.retrieve(charge)).amount_refunded).toBe(0);
    });

    it('refunds a Lifetime order paid today in full, records who and when, and never refunds it twice', async () => {
      const { order, payment, charge } = await paidLifetimeOrder(new Date());
      const run = await billing(['refund', order.id, '--yes', '--by', 'ops-ada'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Refunded 149.99 USD');
      expect(await stripe.charges.retrieve(charge)).toMatchObject({ amount_refunded: 14999, refunded: true });
      const recorded = await deps.db.payment.findUniqueOrThrow({ where: { id: payment.id } });
      expect(recorded.refundedBy).toBe('ops-ada');
      expect(Math.abs(recorded.refundedAt!.getTime() - Date.now())).toBeLessThan(60_000);

      // Stripe's own record counts even before the charge.refunded webhook updates the payment row.
      const again = await billing(['refund', order.id, '--yes'], env);
      expect(again.stdout).toContain('ALREADY_REFUNDED');
      expect(again.stdout).toContain('Nothing refunded.');
      expect((await stripe.refunds.list({ charge })).data).toHaveLength(1);
    });

    it('refunds a subscription paid today in full through its paid invoice and cancels the subscription', async () => {
      const { order, charge, stripeSubscriptionId } = await paidYearlyOrder(new Date());
      const run = await billing(['refund', order.id, '--yes', '--by', 'ops-ada'], env);
      expect(run.code, run.stderr).toBe(0);
      expect((await stripe.charges.retrieve(charge)).amount_refunded).toBe(5999);
      expect((await stripe.subscriptions.retrieve(stripeSubscriptionId)).status).toBe('canceled');
      expect(run.stdout).toContain(`Canceled subscription ${stripeSubscriptionId}.`);
    });

    it('refunds half of a yearly subscription paid 40 days ago and keeps it running', async () => {
      const { order, charge, stripeSubscriptionId } = await paidYearlyOrder(new Date(Date.now() - 40 * DAY));
      const run = await billing(['refund', order.id, '--yes'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('HALF_BEFORE_HALF_TERM');
      expect((await stripe.charges.retrieve(charge)).amount_refunded).toBe(2999);
      expect((await stripe.subscriptions.retrieve(stripeSubscriptionId)).status).toBe('active');
    });

    it('refunds nothing on an order past half its term, and says why', async () => {
      const { order, payment, charge, stripeSubscriptionId } = await paidYearlyOrder(new Date(Date.now() - 200 * DAY));
      const run = await billing(['refund', order.id, '--yes'], env);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Rule {5}NONE_AFTER_HALF_TERM: .*no refund\./);
      expect(run.stdout).toContain('Nothing refunded.');
      expect((await stripe.charges.retrieve(charge)).amount_refunded).toBe(0);
      expect((await stripe.refunds.list({ charge })).data).toHaveLength(0);
      expect((await stripe.subscriptions.retrieve(stripeSubscriptionId)).status).toBe('active');
      expect((await deps.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).refundedBy).toBeNull();
    });

    it('says so when the order does not exist', async () => {
      const run = await billing(['refund', 'no-such-order', '--yes'], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('No order no-such-order.');
    });
  });

  describe('refund with the api receiving Stripe\'s webhooks', () => {
    let live: StripeStandIn;
    let liveEnv: NodeJS.ProcessEnv;
    let stack: Stack;
    beforeAll(async () => {
      live = await startStripeStandIn();
      liveEnv = { ...process.env, ...live.env };
      const overrides: Partial<Env> = { ...live.env, billingConfigured: true, DOWNLOAD_POLICY: 'pro' };
      stack = await startStack(overrides, { worker: false, web: false });
      live.setWebhookUrl(`${stack.baseUrl}/api/billing/stripe/webhook`);
      const run = await billing(['sync'], liveEnv);
      expect(run.code, run.stderr).toBe(0);
    });
    afterAll(async () => {
      await live?.close();
      await stack?.stop();
    });

    /** A signed-in user who ordered `code` through the api and paid at the stand-in's checkout. */
    async function buyer(code: string) {
      const user = await createUser(stack.deps);
      const { cookie } = await createSession(stack.deps, user.id);
      const api = (url: string, body: object = {}) => request(stack.baseUrl).post(url).set({ cookie, lang: 'en' }).send(body);
      const product = await catalogueProduct(stack.deps, code);
      const payId = (await api('/api/uc/order/create', { productId: product.id })).body.data.payId as string;
      expect((await api('/api/uc/order/createPay', { payId })).status).toBe(200);
      const { stripeSessionId } = await stack.deps.db.order.findUniqueOrThrow({ where: { id: payId } });
      expect((await live.pay(stripeSessionId!)).status).toBe('paid');
      const vip = async () => (await request(stack.baseUrl).get('/api/user/getUserInfo').set({ cookie })).body.data.vipInfo;
      return { user, payId, vip };
    }

    it('refunds a Lifetime purchase in full; the charge.refunded webhook then marks it refunded and the user Free', async () => {
      const { user, payId, vip } = await buyer('pro_lifetime');
      expect((await vip()).isVip).toBe(true);
      const run = await billing(['refund', payId, '--yes', '--by', 'ops-ada'], liveEnv);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Refunded 149.99 USD');
      await live.webhooksSettled();
      const payment = await stack.deps.db.payment.findFirstOrThrow({ where: { orderId: payId } });
      expect(payment).toMatchObject({ status: 'REFUNDED', refundedCents: 14999, refundedBy: 'ops-ada' });
      expect((await stack.deps.db.order.findUniqueOrThrow({ where: { id: payId } })).status).toBe('REFUNDED');
      expect(await stack.deps.db.subscription.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({ status: 'EXPIRED' });
      expect((await vip()).isVip).toBe(false);
    });

    it('refunds nothing during the free trial, and the first invoice in full once the trial has ended, cancelling the plan', async () => {
      const { user, payId, vip } = await buyer('pro_month');
      const trial = await billing(['refund', payId, '--yes'], liveEnv);
      expect(trial.code, trial.stderr).toBe(0);
      expect(trial.stdout).toContain('NOTHING_PAID');
      expect(trial.stdout).toContain('Nothing refunded.');

      await live.advanceClock(3 * 86_400 + 60);
      const paid = await stack.deps.db.payment.findFirstOrThrow({ where: { userId: user.id } });
      expect(paid).toMatchObject({ status: 'PAID', amountCents: 999 });
      const run = await billing(['refund', payId, '--yes', '--by', 'ops-ada'], liveEnv);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Refunded 9.99 USD');
      await live.webhooksSettled();
      expect(await stack.deps.db.payment.findUniqueOrThrow({ where: { id: paid.id } })).toMatchObject({ status: 'REFUNDED', refundedCents: 999, refundedBy: 'ops-ada' });
      expect((await stack.deps.db.subscription.findFirstOrThrow({ where: { userId: user.id } })).status).toMatch(/CANCELED|EXPIRED/);
      expect((await vip()).isVip).toBe(false);
    });
  });
});
