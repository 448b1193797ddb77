import type Stripe from 'stripe';
import type { SubscriptionStatus } from '#shared/billing/api';
import type { Deps } from '#shared/server/deps';
import { log } from '#shared/server/logger';
import { sendBillingMail } from './billing-mail';
import { callStripe, dateOf, idOf, stripeOf } from './stripe-calls';

/**
 * Writes what Stripe says into our tables. Every caller hands in an object it has just read from
 * Stripe (never an event's payload), so the state written is Stripe's current one; the guards
 * below keep a slower handler holding an older read from undoing a newer one.
 */

const STATUS: Record<Stripe.Subscription.Status, SubscriptionStatus | null> = {
  trialing: 'TRIALING',
  active: 'ACTIVE',
  past_due: 'PAST_DUE',
  unpaid: 'PAST_DUE',
  paused: 'PAST_DUE',
  canceled: 'CANCELED',
  incomplete_expired: 'EXPIRED',
  // Its first payment is still being made: nothing to record until it succeeds or expires.
  incomplete: null,
};
const ENDED = new Set<SubscriptionStatus>(['CANCELED', 'EXPIRED']);

const orderWithUser = { include: { user: { select: { id: true, email: true } }, product: true } } as const;

/** The order a Stripe object belongs to: metadata.orderId, set on the session, its subscription and its payment. */
async function orderOf(deps: Deps, orderId: string | null | undefined) {
  if (!orderId) return null;
  return deps.db.order.findUnique({ where: { id: orderId }, ...orderWithUser });
}

/** The period a subscription is in: on its item since Stripe's 2025 API versions. */
function periodOf(sub: Stripe.Subscription): { start: Date; end: Date | null } {
  const item = sub.items.data[0];
  return { start: dateOf(item?.current_period_start ?? sub.start_date)!, end: dateOf(item?.current_period_end) };
}

/** Marks an order paid once (trialing counts); returns whether this call did it. */
async function markPaid(deps: Deps, orderId: string, data: { stripeSubscriptionId?: string; stripePaymentIntentId?: string }): Promise<boolean> {
  const done = await deps.db.order.updateMany({ where: { id: orderId, status: { in: ['CREATED', 'FAILED'] } }, data: { status: 'PAID', paidAt: deps.now(), ...data } });
  return done.count === 1;
}

/** A Stripe subscription (just read) into our Subscription row, the plan the user holds. */
export async function syncSubscription(deps: Deps, sub: Stripe.Subscription): Promise<void> {
  const status = STATUS[sub.status];
  const order = await orderOf(deps, sub.metadata?.orderId);
  if (!status || !order) {
    if (!order) log.warn('stripe subscription without a known order', { subscription: sub.id });
    return;
  }
  const { start, end } = periodOf(sub);
  const fields = {
    status,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    trialEnd: dateOf(sub.trial_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    endedAt: ENDED.has(status) ? (dateOf(sub.ended_at) ?? deps.now()) : null,
  };
  const existing = await deps.db.subscription.findUnique({ where: { stripeSubscriptionId: sub.id } });
  if (!existing) {
    try {
      await deps.db.subscription.create({
        data: { userId: order.userId, productId: order.productId, orderId: order.id, stripeSubscriptionId: sub.id, amountCents: order.amountCents, currency: order.currency, ...fields },
      });
    } catch (e) {
      // Another delivery created it a moment ago: apply this read as an update of that row instead.
      if (await deps.db.subscription.findUnique({ where: { stripeSubscriptionId: sub.id } })) return syncSubscription(deps, sub);
      // Its account was deleted meanwhile (the deletion cancels the plan at Stripe, which tells us): nothing left to record.
      if (await orderOf(deps, order.id)) throw e;
      log.warn('stripe subscription of a deleted account', { subscription: sub.id });
      return;
    }
  } else {
    // An ended subscription never comes back, and a period never goes back: such a read is older than ours.
    if (existing.endedAt && !fields.endedAt) return;
    if (start < existing.currentPeriodStart) return;
    const changed = await deps.db.subscription.updateMany({
      where: { id: existing.id, currentPeriodStart: { lte: start }, ...(fields.endedAt ? {} : { endedAt: null }) },
      data: fields,
    });
    if (changed.count === 1 && fields.cancelAtPeriodEnd && !existing.cancelAtPeriodEnd && !fields.endedAt) {
      await sendBillingMail(deps, order.user.email, order.lang, { kind: 'canceled', plan: order.product.name, date: end });
    }
  }
  if (status === 'TRIALING' || status === 'ACTIVE') {
    await markPaid(deps, order.id, { stripeSubscriptionId: sub.id });
    if (sub.trial_end) await deps.db.user.updateMany({ where: { id: order.userId, trialUsedAt: null }, data: { trialUsedAt: deps.now() } });
  }
}

/** A Lifetime purchase: the plan that never ends, and its one payment (with its receipt). */
async function recordOneTimePayment(deps: Deps, order: NonNullable<Awaited<ReturnType<typeof orderOf>>>, session: Stripe.Checkout.Session): Promise<void> {
  const paymentIntent = idOf(session.payment_intent);
  await markPaid(deps, order.id, { stripePaymentIntentId: paymentIntent ?? undefined });
  const plan = await deps.db.subscription.upsert({
    where: { orderId: order.id },
    create: { userId: order.userId, productId: order.productId, orderId: order.id, status: 'ACTIVE', amountCents: order.amountCents, currency: order.currency, currentPeriodStart: deps.now() },
    update: {},
  });
  if (!paymentIntent) return;
  const amount = session.amount_total ?? order.amountCents;
  const created = await recordPayment(deps, {
    where: { stripePaymentIntentId: paymentIntent },
    data: { userId: order.userId, productId: order.productId, orderId: order.id, subscriptionId: plan.id, status: 'PAID', amountCents: amount, currency: order.currency, stripePaymentIntentId: paymentIntent, paidAt: deps.now() },
  });
  if (created) await sendBillingMail(deps, order.user.email, order.lang, { kind: 'receipt', plan: order.product.name, amountCents: amount, currency: order.currency, date: deps.now() });
}

/** Creates a Payment row unless one with the same Stripe key exists; returns whether this call created it. */
async function recordPayment(
  deps: Deps,
  args: { where: { stripeInvoiceId: string } | { stripePaymentIntentId: string }; data: Parameters<Deps['db']['payment']['create']>[0]['data'] },
): Promise<boolean> {
  if (await deps.db.payment.findFirst({ where: args.where })) return false;
  try {
    await deps.db.payment.create({ data: args.data });
    return true;
  } catch {
    // The unique Stripe key: a concurrent delivery recorded it first.
    return false;
  }
}

/** A Checkout Session (just read, subscription expanded) into its order: paid, trialing, or expired. */
export async function syncCheckoutSession(deps: Deps, session: Stripe.Checkout.Session): Promise<void> {
  const order = await orderOf(deps, session.metadata?.orderId ?? session.client_reference_id);
  if (!order) return;
  if (session.status === 'expired') {
    await deps.db.order.updateMany({ where: { id: order.id, status: 'CREATED', stripeSessionId: session.id }, data: { status: 'FAILED' } });
    return;
  }
  const settled = session.status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  if (!settled) return;
  if (session.mode === 'payment') return recordOneTimePayment(deps, order, session);
  const subId = idOf(session.subscription);
  if (!subId) return;
  const sub = typeof session.subscription === 'object' && session.subscription ? session.subscription : await callStripe('subscription', () => stripeOf(deps).subscriptions.retrieve(subId));
  await syncSubscription(deps, sub);
}

/** The subscription an invoice bills (Stripe's 2025 API: parent.subscription_details). */
const subscriptionOfInvoice = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription);

/** The payment intent that paid an invoice, for matching its refunds later. */
const paymentIntentOfInvoice = (invoice: Stripe.Invoice) => {
  const payment = invoice.payments?.data.find((p) => p.status === 'paid') ?? invoice.payments?.data[0];
  return idOf(payment?.payment?.payment_intent);
};

/** An invoice (just read): a paid one is a payment with its receipt, a failed one a failed payment. $0 trial invoices are no payment. */
export async function syncInvoice(deps: Deps, invoice: Stripe.Invoice): Promise<void> {
  const subId = subscriptionOfInvoice(invoice);
  if (!subId || !invoice.id) return;
  let plan = await deps.db.subscription.findUnique({ where: { stripeSubscriptionId: subId }, include: { product: true, order: true, user: { select: { email: true } } } });
  if (!plan) {
    await syncSubscription(deps, await callStripe('subscription', () => stripeOf(deps).subscriptions.retrieve(subId)));
    plan = await deps.db.subscription.findUnique({ where: { stripeSubscriptionId: subId }, include: { product: true, order: true, user: { select: { email: true } } } });
  }
  if (!plan) return;
  const paid = invoice.status === 'paid';
  const amount = paid ? invoice.amount_paid : invoice.amount_due;
  if (amount === 0) return;
  const paymentIntent = paymentIntentOfInvoice(invoice);
  const base = { userId: plan.userId, productId: plan.productId, orderId: plan.orderId, subscriptionId: plan.id, amountCents: amount, currency: invoice.currency.toUpperCase() };
  const existing = await deps.db.payment.findUnique({ where: { stripeInvoiceId: invoice.id } });
  if (existing) {
    // A failed attempt later paid (Stripe retried the card): the same invoice, now a payment.
    if (paid && existing.status === 'FAILED') {
      const turned = await deps.db.payment.updateMany({ where: { id: existing.id, status: 'FAILED' }, data: { status: 'PAID', stripePaymentIntentId: paymentIntent, paidAt: deps.now() } });
      if (turned.count === 1) await receipt();
    }
    return;
  }
  const created = await recordPayment(deps, {
    where: { stripeInvoiceId: invoice.id },
    data: { ...base, status: paid ? 'PAID' : 'FAILED', stripeInvoiceId: invoice.id, stripePaymentIntentId: paymentIntent, paidAt: dateOf(invoice.status_transitions?.paid_at) ?? deps.now() },
  });
  if (created && paid) await receipt();

  async function receipt() {
    await sendBillingMail(deps, plan!.user.email, plan!.order?.lang ?? 'en', { kind: 'receipt', plan: plan!.product.name, amountCents: amount, currency: base.currency, date: deps.now() });
  }
}

/** A charge (just read) whose refunds Stripe reports: the payment it paid shows what came back. */
export async function syncRefund(deps: Deps, charge: Stripe.Charge): Promise<void> {
  const paymentIntent = idOf(charge.payment_intent);
  const payment = paymentIntent
    ? await deps.db.payment.findUnique({ where: { stripePaymentIntentId: paymentIntent } })
    : await deps.db.payment.findFirst({ where: { stripeChargeId: charge.id } });
  if (!payment || charge.amount_refunded === 0) return;
  const full = charge.amount_refunded >= payment.amountCents;
  await deps.db.payment.update({
    where: { id: payment.id },
    data: { refundedCents: charge.amount_refunded, status: full ? 'REFUNDED' : 'PARTIALLY_REFUNDED', refundedAt: payment.refundedAt ?? deps.now(), stripeChargeId: charge.id },
  });
  if (!full || !payment.orderId) return;
  await deps.db.order.update({ where: { id: payment.orderId }, data: { status: 'REFUNDED' } });
  // A refunded Lifetime purchase ends the plan it bought; a subscription ends through Stripe's own cancellation.
  await deps.db.subscription.updateMany({ where: { orderId: payment.orderId, stripeSubscriptionId: null, endedAt: null }, data: { status: 'EXPIRED', endedAt: deps.now() } });
}
