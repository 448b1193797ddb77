import type Stripe from 'stripe';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { log } from '#shared/server/logger';
import { callStripe, stripeOf } from './stripe-calls';
import { syncCheckoutSession, syncInvoice, syncRefund, syncSubscription } from './stripe-sync';

/** Re-reads the object an event is about and writes Stripe's current state of it. */
async function handle(deps: Deps, event: Stripe.Event): Promise<void> {
  const stripe = stripeOf(deps);
  const id = (event.data.object as { id: string }).id;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.expired':
      return syncCheckoutSession(deps, await callStripe('session', () => stripe.checkout.sessions.retrieve(id, { expand: ['subscription'] })));
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      return syncSubscription(deps, await callStripe('subscription', () => stripe.subscriptions.retrieve(id)));
    case 'invoice.paid':
    case 'invoice.payment_failed':
      // Stripe lists an invoice's payments (its payment intent) only when asked for them.
      return syncInvoice(deps, await callStripe('invoice', () => stripe.invoices.retrieve(id, { expand: ['payments'] })));
    case 'charge.refunded':
      return syncRefund(deps, await callStripe('charge', () => stripe.charges.retrieve(id)));
    default:
      // Events the endpoint was not set up for change nothing.
      return;
  }
}

/**
 * A webhook delivery: the signature checked against the raw body (a bad one is ILLEGAL_INPUT, 400,
 * and nothing is read or written), then each event id handled once. The id is claimed before the
 * work and released when the work fails, so Stripe's retry of a failed delivery is handled again.
 */
export async function receiveStripeEvent(deps: Deps, rawBody: Buffer, signature: string | undefined): Promise<void> {
  const stripe = stripeOf(deps);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? '', deps.env.STRIPE_WEBHOOK_SECRET!);
  } catch (e) {
    throw new AppError('ILLEGAL_INPUT', `stripe webhook signature: ${e instanceof Error ? e.message : String(e)}`);
  }
  const claimed = await deps.db.stripeEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
  if (claimed.count === 0) {
    log.info('stripe event already handled', { id: event.id, type: event.type });
    return;
  }
  try {
    await handle(deps, event);
  } catch (e) {
    await deps.db.stripeEvent.delete({ where: { id: event.id } }).catch(() => undefined);
    throw e;
  }
}
