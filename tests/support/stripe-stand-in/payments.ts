import type Stripe from 'stripe';
import { refusesCharge } from './cards';
import type { ApiRoute, StandIn } from './context';
import { invalidRequest, noSuch, StripeApiError } from './errors';
import { int, mergeMetadata, str, type Params } from './form-body';
import { expanded, getOr404, listOf, newId, stripeObject } from './store';
import { previousAttributes } from './webhooks';

const DECLINE_MESSAGE = { card_declined: 'Your card was declined.', incorrect_number: 'Your card number is incorrect.' };

export interface ChargeRequest {
  customer: string;
  paymentMethod: string;
  amount: number;
  currency: string;
  metadata?: Record<string, string>;
  description?: string;
}

/** A payment intent and its charge, as Stripe makes them when it charges a saved card; `paid` says how it went. */
export function chargeCard({ store, clock }: StandIn, request: ChargeRequest) {
  const card = store.cards.get(request.paymentMethod) ?? '';
  const refusal = refusesCharge(card);
  const created = clock.now();
  const paymentIntent = stripeObject<Stripe.PaymentIntent>({
    id: newId('pi'),
    object: 'payment_intent',
    amount: request.amount,
    amount_received: refusal ? 0 : request.amount,
    amount_capturable: 0,
    currency: request.currency,
    customer: request.customer,
    description: request.description ?? null,
    metadata: request.metadata ?? {},
    payment_method: request.paymentMethod,
    payment_method_types: ['card'],
    capture_method: 'automatic',
    confirmation_method: 'automatic',
    status: refusal ? 'requires_payment_method' : 'succeeded',
    last_payment_error: refusal ? ({ type: 'card_error', code: refusal, decline_code: 'generic_decline', message: DECLINE_MESSAGE[refusal] } as Stripe.PaymentIntent.LastPaymentError) : null,
    canceled_at: null,
    cancellation_reason: null,
    livemode: false,
    created,
  });
  paymentIntent.client_secret = `${paymentIntent.id}_secret_${newId('x').slice(2)}`;
  const charge = stripeObject<Stripe.Charge>({
    id: newId('ch'),
    object: 'charge',
    amount: request.amount,
    amount_captured: refusal ? 0 : request.amount,
    amount_refunded: 0,
    refunded: false,
    captured: !refusal,
    paid: !refusal,
    status: refusal ? 'failed' : 'succeeded',
    failure_code: refusal,
    failure_message: refusal ? DECLINE_MESSAGE[refusal] : null,
    currency: request.currency,
    customer: request.customer,
    description: request.description ?? null,
    metadata: request.metadata ?? {},
    payment_intent: paymentIntent.id,
    payment_method: request.paymentMethod,
    payment_method_details: { type: 'card', card: { brand: 'visa', last4: card.slice(-4) } } as Stripe.Charge.PaymentMethodDetails,
    disputed: false,
    receipt_url: null,
    livemode: false,
    created,
  });
  paymentIntent.latest_charge = charge.id;
  store.paymentIntents.set(paymentIntent.id, paymentIntent);
  store.charges.set(charge.id, charge);
  return { paymentIntent, charge, paid: !refusal, refusal };
}

/** The card error Checkout and the portal answer with when a card is refused. */
export const cardError = (refusal: keyof typeof DECLINE_MESSAGE) => new StripeApiError(402, 'card_error', DECLINE_MESSAGE[refusal], refusal);

export function paymentRoutes(standIn: StandIn): ApiRoute[] {
  const { store, clock, webhooks } = standIn;
  const charge = (id: string, param = 'id') => getOr404(store.charges, id, () => noSuch('charge', id, param));
  const paymentIntent = (id: string, param = 'id') => getOr404(store.paymentIntents, id, () => noSuch('payment_intent', id, param));

  /** A refund of all or part of what is left on a charge; `charge.refunded` reports it. */
  function refund(params: Params): Stripe.Refund {
    const piId = str(params, 'payment_intent');
    const chargeId = str(params, 'charge') ?? (piId ? (paymentIntent(piId, 'payment_intent').latest_charge as string | null) : undefined);
    if (!chargeId) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.');
    const ch = charge(chargeId, 'charge');
    if (ch.status !== 'succeeded') throw invalidRequest(`This charge (${ch.id}) has not been paid and cannot be refunded.`, 'charge');
    const left = ch.amount - ch.amount_refunded;
    if (left === 0) throw invalidRequest(`Charge ${ch.id} has already been refunded.`, 'charge', 'charge_already_refunded');
    const amount = int(params, 'amount') ?? left;
    if (amount <= 0) throw invalidRequest('Invalid positive integer', 'amount');
    if (amount > left) throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, 'amount', 'amount_too_large');
    const made = stripeObject<Stripe.Refund>({
      id: newId('re'),
      object: 'refund',
      amount,
      charge: ch.id,
      payment_intent: ch.payment_intent,
      currency: ch.currency,
      customer: ch.customer as string | null,
      metadata: mergeMetadata({}, params),
      reason: (str(params, 'reason') as Stripe.Refund.Reason | undefined) ?? null,
      status: 'succeeded',
      receipt_number: null,
      balance_transaction: null,
      created: clock.now(),
    });
    store.refunds.set(made.id, made);
    const before = structuredClone(ch);
    ch.amount_refunded += amount;
    ch.refunded = ch.amount_refunded === ch.amount;
    webhooks.emit('charge.refunded', ch, previousAttributes(before, ch));
    return made;
  }

  return [
    { method: 'GET', path: '/v1/payment_intents/:id', handle: ({ path, params }) => expanded(store, paymentIntent(path.id), params) },
    {
      method: 'GET',
      path: '/v1/payment_intents',
      handle: ({ params, url }) => {
        const customer = str(params, 'customer');
        return expanded(store, listOf([...store.paymentIntents.values()].filter((p) => !customer || p.customer === customer), params, url), params);
      },
    },
    { method: 'GET', path: '/v1/charges/:id', handle: ({ path, params }) => expanded(store, charge(path.id), params) },
    {
      method: 'GET',
      path: '/v1/charges',
      handle: ({ params, url }) => {
        const customer = str(params, 'customer');
        const pi = str(params, 'payment_intent');
        const found = [...store.charges.values()].filter((c) => (!customer || c.customer === customer) && (!pi || c.payment_intent === pi));
        return expanded(store, listOf(found, params, url), params);
      },
    },
    { method: 'POST', path: '/v1/refunds', handle: ({ params }) => refund(params) },
    { method: 'GET', path: '/v1/refunds/:id', handle: ({ path, params }) => expanded(store, getOr404(store.refunds, path.id, () => noSuch('refund', path.id)), params) },
    {
      method: 'GET',
      path: '/v1/refunds',
      handle: ({ params, url }) => {
        const ch = str(params, 'charge');
        const pi = str(params, 'payment_intent');
        const found = [...store.refunds.values()].filter((r) => (!ch || r.charge === ch) && (!pi || r.payment_intent === pi));
        return expanded(store, listOf(found, params, url), params);
      },
    },
  ];
}
