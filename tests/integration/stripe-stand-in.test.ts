import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, TEST_CARDS, type StripeStandIn } from '../support/stripe-stand-in';

const DAY = 86_400;

/** A webhook endpoint that accepts only what `stripe.webhooks.constructEvent` verifies. */
async function startReceiver(stripe: Stripe, secret: () => string) {
  const events: Stripe.Event[] = [];
  const rejected: string[] = [];
  let failNext = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      try {
        const event = stripe.webhooks.constructEvent(body, req.headers['stripe-signature'] as string, secret());
        if (failNext > 0) {
          failNext -= 1;
          res.writeHead(500).end();
          return;
        }
        events.push(event);
        res.writeHead(200).end('{}');
      } catch (err) {
        rejected.push(String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    events,
    rejected,
    types: () => events.map((e) => e.type),
    /** The types of the events about one subscription (the subscription itself or its invoices). */
    typesFor: (subId: string) =>
      events
        .filter((e) => {
          const o = e.data.object as { id: string; parent?: Stripe.Invoice.Parent | null };
          return o.id === subId || o.parent?.subscription_details?.subscription === subId;
        })
        .map((e) => e.type),
    failNextAnswers(n: number) {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const prices: Record<'monthUsd' | 'monthEur' | 'lifetimeUsd', Stripe.Price> = {} as never;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  const { hostname, port } = new URL(standIn.env.STRIPE_API_URL);
  stripe = new Stripe(standIn.env.STRIPE_SECRET_KEY, { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: 1, timeout: 10_000 });
  receiver = await startReceiver(stripe, () => standIn.env.STRIPE_WEBHOOK_SECRET);
  standIn.setWebhookUrl(receiver.url);
  const pro = await stripe.products.create({ name: 'Pro Monthly', metadata: { code: 'pro_month' } });
  const lifetime = await stripe.products.create({ name: 'Pro Lifetime' });
  prices.monthUsd = await stripe.prices.create({ product: pro.id, currency: 'usd', unit_amount: 999, recurring: { interval: 'month', interval_count: 1 }, lookup_key: 'sheaf_pro_month_usd' });
  prices.monthEur = await stripe.prices.create({ product: pro.id, currency: 'eur', unit_amount: 899, recurring: { interval: 'month' }, lookup_key: 'sheaf_pro_month_eur' });
  prices.lifetimeUsd = await stripe.prices.create({ product: lifetime.id, currency: 'usd', unit_amount: 9900, lookup_key: 'sheaf_pro_lifetime_usd' });
});

afterAll(async () => {
  await standIn?.close();
  await receiver?.close();
});

beforeEach(() => {
  receiver.events.length = 0;
});

const subscriptionCheckout = (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: prices.monthUsd.id, quantity: 1 }],
    customer_email: 'ada@example.com',
    client_reference_id: 'order-1',
    metadata: { orderId: 'order-1' },
    subscription_data: { trial_period_days: 3, metadata: { orderId: 'order-1' } },
    success_url: 'http://sheaf.test/pay-fwd?payId=order-1&session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://sheaf.test/pay-fwd?payId=order-1&canceled=1',
    locale: 'en',
    ...extra,
  });

const submitCard = (url: string, card: string) =>
  fetch(url, { method: 'POST', body: new URLSearchParams({ email: 'ada@example.com', cardNumber: card }), redirect: 'manual' });

describe('the Stripe stand-in', () => {
  it('answers a wrong secret key with 401 in Stripe’s error shape', async () => {
    const { hostname, port } = new URL(standIn.url);
    const intruder = new Stripe('sk_test_wrong', { host: hostname, port: Number(port), protocol: 'http' });
    await expect(intruder.customers.create({ email: 'x@example.com' })).rejects.toMatchObject({ statusCode: 401, type: 'StripeAuthenticationError' });
    const raw = await fetch(`${standIn.url}/v1/customers`, { headers: { Authorization: 'Bearer sk_test_wrong' } });
    expect(raw.status).toBe(401);
    expect((await raw.json()).error).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining('Invalid API Key') });
  });

  it('answers an unknown id with 404 resource_missing', async () => {
    await expect(stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('finds prices by lookup key and moves a key only when asked to transfer it', async () => {
    const found = await stripe.prices.list({ lookup_keys: ['sheaf_pro_month_usd', 'sheaf_pro_month_eur'], active: true, expand: ['data.product'] });
    expect(found.data.map((p) => p.id).sort()).toEqual([prices.monthUsd.id, prices.monthEur.id].sort());
    expect((found.data[0].product as Stripe.Product).name).toBe('Pro Monthly');
    expect(found.data.find((p) => p.id === prices.monthUsd.id)?.recurring).toMatchObject({ interval: 'month', interval_count: 1 });

    const product = await stripe.products.create({ name: 'Pro Quarterly' });
    const first = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 2499, recurring: { interval: 'month', interval_count: 3 }, lookup_key: 'sheaf_pro_quarter_usd' });
    await expect(stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 1999, recurring: { interval: 'month', interval_count: 3 }, lookup_key: 'sheaf_pro_quarter_usd' })).rejects.toMatchObject({ statusCode: 400 });
    const second = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 1999, recurring: { interval: 'month', interval_count: 3 }, lookup_key: 'sheaf_pro_quarter_usd', transfer_lookup_key: true });
    await stripe.prices.update(first.id, { active: false });
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull();
    const byKey = await stripe.prices.list({ lookup_keys: ['sheaf_pro_quarter_usd'] });
    expect(byKey.data.map((p) => p.id)).toEqual([second.id]);
    expect((await stripe.prices.list({ product: product.id, active: false })).data.map((p) => p.id)).toEqual([first.id]);
    expect((await stripe.products.update(product.id, { name: 'Pro Quarterly (old)' })).name).toBe('Pro Quarterly (old)');
  });

  it('reads bracket notation with empty brackets and nested objects, as any form client writes it', async () => {
    const headers = { Authorization: `Bearer ${standIn.env.STRIPE_SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' };
    const listed = await (await fetch(`${standIn.url}/v1/prices?lookup_keys[]=sheaf_pro_month_usd&lookup_keys[]=sheaf_pro_lifetime_usd&expand[]=data.product`, { headers })).json();
    expect(listed.data.map((p: Stripe.Price) => (p.product as Stripe.Product).name).sort()).toEqual(['Pro Lifetime', 'Pro Monthly']);
    const body = [
      'mode=payment',
      'line_items[0][price_data][currency]=EUR',
      'line_items[0][price_data][unit_amount]=500',
      'line_items[0][price_data][product_data][name]=Extra%20pages',
      'line_items[0][quantity]=1',
      'metadata[orderId]=order-9',
      'payment_intent_data[metadata][orderId]=order-9',
      'success_url=http%3A%2F%2Fsheaf.test%2Fok',
      'expand[]=line_items',
    ].join('&');
    const created = await (await fetch(`${standIn.url}/v1/checkout/sessions`, { method: 'POST', headers, body })).json();
    expect(created).toMatchObject({ metadata: { orderId: 'order-9' }, currency: 'eur', amount_total: 500, line_items: { data: [{ description: 'Extra pages', quantity: 1 }] } });
  });

  it('keeps customers with their metadata', async () => {
    const customer = await stripe.customers.create({ email: 'grace@example.com', metadata: { userId: 'u1' } });
    expect(customer.id).toMatch(/^cus_/);
    await stripe.customers.update(customer.id, { metadata: { plan: 'pro' } });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ email: 'grace@example.com', metadata: { userId: 'u1', plan: 'pro' } });
  });

  it('honours an Idempotency-Key: the same key gets the same answer', async () => {
    const a = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'key-1' });
    const b = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'key-1' });
    expect(b.id).toBe(a.id);
    expect((await stripe.customers.list({ email: 'once@example.com' })).data).toHaveLength(1);
    await expect(stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'key-1' })).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });

  it('starts a trial through the hosted page: trialing subscription, signed events, redirect to success_url', async () => {
    const session = await subscriptionCheckout();
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', url: `${standIn.url}/pay/${session.id}` });
    expect(session.id).toMatch(/^cs_/);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('<title>Pro Monthly — $9.99</title>');
    expect(page).toContain('Card number');
    expect(page).toContain('Start trial');
    expect(page).toContain('href="http://sheaf.test/pay-fwd?payId=order-1&amp;canceled=1"');

    const answer = await submitCard(session.url!, '4242 4242 4242 4242');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`http://sheaf.test/pay-fwd?payId=order-1&session=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required', client_reference_id: 'order-1', metadata: { orderId: 'order-1' } });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({ object: 'subscription', status: 'trialing', metadata: { orderId: 'order-1' }, customer: done.customer });
    expect(sub.trial_end! - sub.trial_start!).toBe(3 * DAY);
    expect(sub.items.data[0]).toMatchObject({ price: { id: prices.monthUsd.id }, current_period_end: sub.trial_end });
    expect(receiver.types()).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    expect(receiver.rejected).toEqual([]);
    const completed = receiver.events[2].data.object as Stripe.Checkout.Session;
    expect(completed.subscription).toBe(sub.id);
    expect((await stripe.events.retrieve(receiver.events[2].id)).type).toBe('checkout.session.completed');
  });

  it('shows a French page in euros when the session’s locale is fr', async () => {
    const session = await subscriptionCheckout({ line_items: [{ price: prices.monthEur.id, quantity: 1 }], locale: 'fr' });
    const page = await (await fetch(session.url!)).text();
    expect(page).toMatch(/<title>Pro Monthly — 8,99\s€<\/title>/);
    expect(page).toContain('Numéro de carte');
    expect(page).toContain('Commencer l’essai');
    expect(page).toContain('>Retour</a>');
  });

  it('declines 4000 0000 0000 0002 on the page and keeps the session open', async () => {
    const session = await subscriptionCheckout({ customer_email: undefined, subscription_data: { metadata: { orderId: 'order-2' } } });
    const answer = await submitCard(session.url!, '4000 0000 0000 0002');
    expect(answer.status).toBe(402);
    const page = await answer.text();
    expect(page).toContain('Your card was declined.');
    // The address typed stays, still editable, for the next try.
    expect(page).toMatch(/<input id="email" [^>]*value="ada@example.com">/);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(receiver.events).toEqual([]);
  });

  it('takes a one-time payment: payment intent, charge, then partial and full refunds with charge.refunded', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: prices.lifetimeUsd.id, quantity: 1 }],
      customer_email: 'lin@example.com',
      payment_intent_data: { metadata: { orderId: 'order-3' } },
      success_url: 'http://sheaf.test/ok',
      cancel_url: 'http://sheaf.test/back',
    });
    expect(await (await fetch(session.url!)).text()).toContain('<title>Pro Lifetime — $99.00</title>');
    expect(await standIn.pay(session.id)).toMatchObject({ status: 'paid' });
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    const pi = done.payment_intent as Stripe.PaymentIntent;
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', subscription: null });
    expect(pi).toMatchObject({ object: 'payment_intent', status: 'succeeded', amount: 9900, currency: 'usd', metadata: { orderId: 'order-3' } });
    expect(receiver.types()).toEqual(['checkout.session.completed']);

    const partial = await stripe.refunds.create({ payment_intent: pi.id, amount: 2000 });
    expect(partial).toMatchObject({ object: 'refund', amount: 2000, status: 'succeeded' });
    const rest = await stripe.refunds.create({ charge: pi.latest_charge as string });
    expect(rest.amount).toBe(7900);
    expect(await stripe.charges.retrieve(pi.latest_charge as string)).toMatchObject({ amount_refunded: 9900, refunded: true });
    await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({ code: 'charge_already_refunded' });
    await standIn.webhooksSettled();
    const refunds = receiver.events.filter((e) => e.type === 'charge.refunded');
    expect(refunds.map((e) => (e.data.object as Stripe.Charge).amount_refunded)).toEqual([2000, 9900]);
    expect(refunds[1].data.previous_attributes).toMatchObject({ amount_refunded: 2000, refunded: false });
  });

  it('cancels at period end, resumes, cancels again, and ends the subscription when the period ends', async () => {
    const session = await subscriptionCheckout({ subscription_data: { metadata: { orderId: 'order-4' } } });
    await standIn.pay(session.id);
    const subId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const sub = await stripe.subscriptions.retrieve(subId);
    expect(sub.status).toBe('active');
    expect(receiver.types()).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    expect((receiver.events[1].data.object as Stripe.Invoice).amount_paid).toBe(999);

    const canceling = await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({ cancel_at_period_end: true, cancel_at: sub.items.data[0].current_period_end, status: 'active' });
    expect((await stripe.subscriptions.update(subId, { cancel_at_period_end: false })).cancel_at).toBeNull();
    await stripe.subscriptions.update(subId, { cancel_at_period_end: true });
    await standIn.webhooksSettled();
    const updates = receiver.events.filter((e) => e.type === 'customer.subscription.updated');
    expect(updates.map((e) => e.data.previous_attributes?.cancel_at_period_end)).toEqual([false, true, false]);

    await standIn.advanceClock(32 * DAY);
    const ended = await stripe.subscriptions.retrieve(subId);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: sub.items.data[0].current_period_end });
    expect(receiver.types().at(-1)).toBe('customer.subscription.deleted');
    expect((await stripe.subscriptions.list({ customer: sub.customer as string })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: sub.customer as string, status: 'all' })).data).toHaveLength(1);
  });

  it('ends a trial with a paid invoice and renews each period', async () => {
    const session = await subscriptionCheckout({ subscription_data: { trial_period_days: 3, metadata: { orderId: 'order-5' } } });
    await standIn.pay(session.id);
    const subId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
    const trialEnd = (await stripe.subscriptions.retrieve(subId)).trial_end!;
    receiver.events.length = 0;

    await standIn.advanceClock(3 * DAY + 60);
    const sub = await stripe.subscriptions.retrieve(subId, { expand: ['latest_invoice'] });
    const events = receiver.events.filter((e) => (e.data.object as { id: string }).id === subId);
    expect(sub.status).toBe('active');
    expect(sub.items.data[0].current_period_start).toBe(trialEnd);
    // Older readers find the period on the subscription itself too.
    expect(sub).toMatchObject({ current_period_start: trialEnd });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 999, billing_reason: 'subscription_cycle', parent: { subscription_details: { subscription: subId, metadata: { orderId: 'order-5' } } } });
    // As in Stripe, an invoice's payments come only when asked for.
    expect(invoice.payments).toBeUndefined();
    const withPayments = await stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
    const intent = await stripe.paymentIntents.retrieve(withPayments.payments!.data[0].payment.payment_intent as string, { expand: ['latest_charge'] });
    expect(intent).toMatchObject({ status: 'succeeded', amount: 999, latest_charge: { object: 'charge', status: 'succeeded', amount: 999 } });
    expect(receiver.typesFor(subId)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    expect(events[0].data.previous_attributes).toMatchObject({ status: 'trialing' });

    await standIn.advanceClock(31 * DAY);
    expect(receiver.typesFor(subId)).toEqual(['customer.subscription.updated', 'invoice.paid', 'customer.subscription.updated', 'invoice.paid']);
    const invoices = await stripe.invoices.list({ subscription: subId });
    expect(invoices.data.map((i) => i.amount_paid)).toEqual([999, 999, 0]);
  });

  it('puts a trial paid with 4000 0000 0000 0341 past_due when it ends, and a new card in the portal pays it', async () => {
    const session = await subscriptionCheckout({ subscription_data: { trial_period_days: 3, metadata: { orderId: 'order-6' } } });
    expect(await standIn.pay(session.id, TEST_CARDS.failsLater)).toMatchObject({ status: 'paid' });
    const { subscription: subId, customer } = await stripe.checkout.sessions.retrieve(session.id);
    receiver.events.length = 0;

    await standIn.advanceClock(3 * DAY + 60);
    expect((await stripe.subscriptions.retrieve(subId as string)).status).toBe('past_due');
    expect(receiver.typesFor(subId as string)).toEqual(['customer.subscription.updated', 'invoice.payment_failed', 'customer.subscription.updated']);

    const portal = await stripe.billingPortal.sessions.create({ customer: customer as string, return_url: 'http://sheaf.test/account?type=billing' });
    expect(portal.url).toBe(`${standIn.url}/portal/${portal.id}`);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Payment failed');
    expect(page).toContain('href="http://sheaf.test/account?type=billing"');
    const declined = await fetch(`${portal.url}/card`, { method: 'POST', body: new URLSearchParams({ cardNumber: TEST_CARDS.declined }), redirect: 'manual' });
    expect(await declined.text()).toContain('Your card was declined.');
    const updated = await fetch(`${portal.url}/card`, { method: 'POST', body: new URLSearchParams({ cardNumber: TEST_CARDS.succeeds }), redirect: 'manual' });
    expect(updated.status).toBe(303);
    expect((await stripe.subscriptions.retrieve(subId as string)).status).toBe('active');
    expect(receiver.typesFor(subId as string).slice(-2)).toEqual(['invoice.paid', 'customer.subscription.updated']);
  });

  it('cancels and resumes at period end from the billing portal', async () => {
    const session = await subscriptionCheckout({ subscription_data: { metadata: { orderId: 'order-7' } } });
    await standIn.pay(session.id);
    const { subscription: subId, customer } = await stripe.checkout.sessions.retrieve(session.id);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer as string, return_url: 'http://sheaf.test/account' });
    expect(await (await fetch(portal.url)).text()).toContain('Cancel at period end');
    await fetch(`${portal.url}/subscriptions/${subId}`, { method: 'POST', body: new URLSearchParams({ action: 'cancel' }), redirect: 'manual' });
    expect((await stripe.subscriptions.retrieve(subId as string)).cancel_at_period_end).toBe(true);
    expect(await (await fetch(portal.url)).text()).toContain('Resume');
    await fetch(`${portal.url}/subscriptions/${subId}`, { method: 'POST', body: new URLSearchParams({ action: 'resume' }), redirect: 'manual' });
    expect((await stripe.subscriptions.retrieve(subId as string)).cancel_at_period_end).toBe(false);
    expect(receiver.types().filter((t) => t === 'customer.subscription.updated')).toHaveLength(2);
  });

  it('expires an open session with checkout.session.expired, and its page says so', async () => {
    const session = await subscriptionCheckout();
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await standIn.webhooksSettled();
    expect(receiver.types()).toEqual(['checkout.session.expired']);
    expect(await (await fetch(session.url!)).text()).toContain('This checkout session has expired.');
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('holds events, releases them in order or reversed, redelivers one, and retries a failed delivery once', async () => {
    const customer = await stripe.customers.create({ email: 'held@example.com' });
    standIn.holdWebhooks();
    const session = await subscriptionCheckout({ customer: customer.id, customer_email: undefined });
    await standIn.pay(session.id);
    await stripe.subscriptions.update((await stripe.checkout.sessions.retrieve(session.id)).subscription as string, { cancel_at_period_end: true });
    expect(receiver.events).toEqual([]);
    await standIn.releaseWebhooks({ reverse: true });
    expect(receiver.types()).toEqual(['customer.subscription.updated', 'checkout.session.completed', 'invoice.paid', 'customer.subscription.created']);

    const first = receiver.events[0];
    await standIn.redeliver(first.id);
    expect(receiver.events.at(-1)?.id).toBe(first.id);

    receiver.failNextAnswers(1);
    receiver.events.length = 0;
    const expired = await stripe.checkout.sessions.expire((await subscriptionCheckout()).id);
    await standIn.webhooksSettled();
    expect(receiver.types()).toEqual(['checkout.session.expired']);
    const attempts = standIn.deliveries.filter((d) => d.eventId === receiver.events[0].id);
    expect(attempts.map((d) => d.status)).toEqual([500, 200]);
    expect((receiver.events[0].data.object as Stripe.Checkout.Session).id).toBe(expired.id);
  });

  it('drops connections while unreachable', async () => {
    standIn.setUnreachable(true);
    try {
      await expect(stripe.customers.create({ email: 'lost@example.com' })).rejects.toMatchObject({ type: 'StripeConnectionError' });
    } finally {
      standIn.setUnreachable(false);
    }
    expect((await stripe.customers.create({ email: 'back@example.com' })).id).toMatch(/^cus_/);
  });
});
