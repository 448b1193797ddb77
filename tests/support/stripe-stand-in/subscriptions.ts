import type Stripe from 'stripe';
import { days, periodEnd, type Interval } from './clock';
import type { ApiRoute, StandIn } from './context';
import { invalidRequest, noSuch } from './errors';
import { bool, mergeMetadata, str } from './form-body';
import { createInvoice, payInvoice } from './invoices';
import { expanded, getOr404, listOf, newId, stripeObject, type StandInSubscription } from './store';
import { previousAttributes } from './webhooks';

export interface NewSubscription {
  customer: string;
  price: Stripe.Price;
  trialDays: number | null;
  metadata: Record<string, string>;
  paymentMethod: string;
}

const nextPeriodEnd = (sub: StandInSubscription, from: number) => {
  const { interval, interval_count } = sub.items.data[0].price.recurring!;
  // Prices are only made with the four intervals Stripe knows (catalog.ts checks them).
  let n = 1;
  while (periodEnd(sub.billing_cycle_anchor, interval as Interval, interval_count, n) <= from) n += 1;
  return periodEnd(sub.billing_cycle_anchor, interval as Interval, interval_count, n);
};

function setPeriod(sub: StandInSubscription, start: number, end: number) {
  sub.current_period_start = start;
  sub.current_period_end = end;
  sub.items.data[0].current_period_start = start;
  sub.items.data[0].current_period_end = end;
}

/**
 * A subscription as Checkout starts it: trialing with a $0 invoice when there is a trial (Stripe
 * sends invoice.paid for it too), else active with its first period's invoice paid with the card.
 */
export function createSubscription(standIn: StandIn, request: NewSubscription) {
  const { store, clock } = standIn;
  const now = clock.now();
  const trialEnd = request.trialDays ? now + days(request.trialDays) : null;
  const id = newId('sub');
  const sub = stripeObject<StandInSubscription>({
    id,
    object: 'subscription',
    customer: request.customer,
    status: trialEnd ? 'trialing' : 'active',
    currency: request.price.currency,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [
        stripeObject<Stripe.SubscriptionItem>({
          id: newId('si', 14),
          object: 'subscription_item',
          price: structuredClone(request.price),
          quantity: 1,
          subscription: id,
          metadata: {},
          discounts: [],
          tax_rates: [],
          created: now,
        }),
      ],
    },
    billing_cycle_anchor: trialEnd ?? now,
    start_date: now,
    trial_start: trialEnd ? now : null,
    trial_end: trialEnd,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    default_payment_method: request.paymentMethod,
    metadata: request.metadata,
    latest_invoice: null,
    description: null,
    discounts: [],
    pause_collection: null,
    pending_update: null,
    schedule: null,
    test_clock: null,
    livemode: false,
    created: now,
  });
  setPeriod(sub, now, trialEnd ?? nextPeriodEnd(sub, now));
  const invoice = createInvoice(standIn, sub, trialEnd ? 0 : request.price.unit_amount!, 'subscription_create', { start: now, end: sub.current_period_end });
  // Checkout has already checked that the card pays (or, for a trial, that it can be saved).
  payInvoice(standIn, invoice, request.paymentMethod);
  sub.latest_invoice = invoice.id;
  store.subscriptions.set(id, sub);
  return { subscription: sub, invoice };
}

/** Asks for the subscription to end (or no longer end) when its current period does. */
export function setCancelAtPeriodEnd({ clock, webhooks }: StandIn, sub: StandInSubscription, cancel: boolean) {
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  const before = structuredClone(sub);
  sub.cancel_at_period_end = cancel;
  sub.cancel_at = cancel ? sub.current_period_end : null;
  // Stripe records when the cancellation was asked for, not when it takes effect.
  sub.canceled_at = cancel ? clock.now() : null;
  sub.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: cancel ? 'cancellation_requested' : null };
  const previous = previousAttributes(before, sub);
  if (Object.keys(previous).length) webhooks.emit('customer.subscription.updated', sub, previous);
}

export function cancelNow({ clock, webhooks }: StandIn, sub: StandInSubscription, at = clock.now()) {
  sub.status = 'canceled';
  sub.canceled_at ??= at;
  sub.ended_at = at;
  sub.cancellation_details = { comment: null, feedback: null, feedback_option: null, reason: 'cancellation_requested' };
  webhooks.emit('customer.subscription.deleted', sub, undefined, at);
}

/** When the subscription next changes by itself (its trial or period ends), or null. */
export function nextChangeAt(sub: StandInSubscription): number | null {
  return sub.status === 'trialing' || sub.status === 'active' ? sub.current_period_end : null;
}

/**
 * What happens at the end of a trial or period, in Stripe's order: a subscription set to cancel
 * ends (customer.subscription.deleted); any other moves to its next period and is invoiced
 * (customer.subscription.updated, then invoice.paid, or invoice.payment_failed and past_due).
 */
export function periodEnds(standIn: StandIn, sub: StandInSubscription, at: number) {
  const { webhooks } = standIn;
  if (sub.cancel_at_period_end) return cancelNow(standIn, sub, at);
  const before = structuredClone(sub);
  const start = sub.current_period_end;
  setPeriod(sub, start, nextPeriodEnd(sub, start));
  sub.status = 'active';
  const invoice = createInvoice(standIn, sub, sub.items.data[0].price.unit_amount!, 'subscription_cycle', { start, end: sub.current_period_end }, at);
  const paid = payInvoice(standIn, invoice, sub.default_payment_method as string | null, at);
  sub.latest_invoice = invoice.id;
  webhooks.emit('customer.subscription.updated', sub, previousAttributes(before, sub), at);
  if (paid) {
    webhooks.emit('invoice.paid', invoice, undefined, at);
    return;
  }
  webhooks.emit('invoice.payment_failed', invoice, undefined, at);
  const active = structuredClone(sub);
  sub.status = 'past_due';
  webhooks.emit('customer.subscription.updated', sub, previousAttributes(active, sub), at);
}

/** A new card pays what a past_due subscription owes, and the subscription is active again. */
export function retryPastDue(standIn: StandIn, sub: StandInSubscription) {
  const invoice = standIn.store.invoices.get(sub.latest_invoice as string);
  if (sub.status !== 'past_due' || invoice?.status !== 'open') return;
  if (!payInvoice(standIn, invoice, sub.default_payment_method as string | null)) {
    standIn.webhooks.emit('invoice.payment_failed', invoice);
    return;
  }
  const before = structuredClone(sub);
  sub.status = 'active';
  standIn.webhooks.emit('invoice.paid', invoice);
  standIn.webhooks.emit('customer.subscription.updated', sub, previousAttributes(before, sub));
}

export function subscriptionRoutes(standIn: StandIn): ApiRoute[] {
  const { store, webhooks } = standIn;
  const subscription = (id: string) => getOr404(store.subscriptions, id, () => noSuch('subscription', id));
  return [
    { method: 'GET', path: '/v1/subscriptions/:id', handle: ({ path, params }) => expanded(store, subscription(path.id), params) },
    {
      method: 'GET',
      path: '/v1/subscriptions',
      handle: ({ params, url }) => {
        const customer = str(params, 'customer');
        const price = str(params, 'price');
        // Like Stripe, a list without a status leaves out canceled subscriptions.
        const status = str(params, 'status');
        const found = [...store.subscriptions.values()].filter(
          (s) =>
            (!customer || s.customer === customer) &&
            (!price || s.items.data[0].price.id === price) &&
            (status === 'all' || (status ? s.status === status : s.status !== 'canceled')),
        );
        return expanded(store, listOf(found, params, url), params);
      },
    },
    {
      method: 'POST',
      path: '/v1/subscriptions/:id',
      handle: ({ path, params }) => {
        const sub = subscription(path.id);
        const cancel = bool(params, 'cancel_at_period_end');
        if (cancel !== undefined) setCancelAtPeriodEnd(standIn, sub, cancel);
        if (params.metadata !== undefined) {
          const before = structuredClone(sub);
          sub.metadata = mergeMetadata(sub.metadata, params);
          const previous = previousAttributes(before, sub);
          if (Object.keys(previous).length) webhooks.emit('customer.subscription.updated', sub, previous);
        }
        return expanded(store, sub, params);
      },
    },
    {
      method: 'DELETE',
      path: '/v1/subscriptions/:id',
      handle: ({ path, params }) => {
        const sub = subscription(path.id);
        if (sub.status === 'canceled') throw invalidRequest(`This subscription (${sub.id}) has already been canceled.`);
        cancelNow(standIn, sub);
        return expanded(store, sub, params);
      },
    },
  ];
}
