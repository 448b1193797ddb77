import type Stripe from 'stripe';
import type { AbandonResult, CheckPayResult, CheckPayStatus } from '#shared/billing/api';
import { currencyOf, lookupKey, recurringOf, type BusinessType, type Currency } from '#shared/billing/catalogue';
import { isEntitled } from '#shared/billing/vip';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { amountOf } from '../../presenters/pricing-presenter';
import { entitlementSources } from './entitlement-service';
import { callStripe, stripeOf } from './stripe-calls';
import { syncCheckoutSession } from './stripe-sync';

type Lang = 'en' | 'fr';

/** One of the user's orders; another user's is NOT_FOUND, as if it did not exist. */
async function ownOrder(deps: Deps, userId: string, orderId: string) {
  const order = await deps.db.order.findUnique({ where: { id: orderId }, include: { product: true } });
  if (!order || order.userId !== userId) throw new AppError('NOT_FOUND', `order ${orderId}`);
  return order;
}

/**
 * An order of a catalogue product, priced from the catalogue in the language's currency: the
 * spec's payId. Refused while the user holds a live plan of the same kind (Pro, or AI).
 */
export async function createOrder(deps: Deps, userId: string, req: { productId: string; channel?: string; returnPath?: string; lang: Lang }): Promise<{ payId: string }> {
  stripeOf(deps);
  const product = await deps.db.product.findFirst({ where: { id: req.productId, active: true } });
  if (!product) throw new AppError('NOT_FOUND', `product ${req.productId}`);
  const now = deps.now();
  const live = (await entitlementSources(deps, userId)).some((s) => s.businessType === (product.businessType as BusinessType) && isEntitled(s, now));
  if (live) throw new AppError('PLAN_ALREADY_ACTIVE', `user ${userId} holds a live ${product.businessType} plan`);
  const currency: Currency = currencyOf(req.lang);
  const order = await deps.db.order.create({
    data: { userId, productId: product.id, amountCents: amountOf(product, currency), currency, channel: req.channel, returnPath: req.returnPath, lang: req.lang },
  });
  return { payId: order.id };
}

/** The catalogue price in Stripe when `billing sync` made it with the same amount; otherwise the price inline. */
async function lineItem(stripe: Stripe, product: { code: string; name: string; productType: 'MONTH' | 'QUARTERLY' | 'YEAR' | 'FOREVER' }, currency: Currency, amount: number) {
  const key = lookupKey(product.code, currency);
  const found = (await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 })).data[0];
  if (found && found.unit_amount === amount && found.currency === currency.toLowerCase()) return { price: found.id, quantity: 1 };
  const recurring = recurringOf(product.productType);
  return {
    price_data: { currency: currency.toLowerCase(), unit_amount: amount, product_data: { name: product.name }, ...(recurring ? { recurring } : {}) },
    quantity: 1,
  };
}

/** The user's Stripe customer, made at the first checkout. */
async function customerOf(deps: Deps, stripe: Stripe, userId: string): Promise<string> {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: userId } });
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe.customers.create({ email: user.email, name: user.name, metadata: { userId } });
  const claimed = await deps.db.user.updateMany({ where: { id: userId, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
  if (claimed.count === 1) return customer.id;
  // A concurrent checkout made one first: use that one, so the user has a single customer.
  return (await deps.db.user.findUniqueOrThrow({ where: { id: userId } })).stripeCustomerId!;
}

/** Whether this user may still have a free trial: one per user, ever. */
async function trialAvailable(deps: Deps, userId: string): Promise<boolean> {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: userId }, select: { trialUsedAt: true } });
  if (user.trialUsedAt) return false;
  return (await deps.db.subscription.count({ where: { userId, trialEnd: { not: null } } })) === 0;
}

/**
 * A Stripe Checkout Session for an open order: a subscription (with the 3-day trial unless this
 * user had one) or, for Lifetime, one payment; in the order's language, returning to /pay-fwd.
 */
export async function createPay(deps: Deps, userId: string, payId: string): Promise<{ url: string }> {
  const stripe = stripeOf(deps);
  const order = await ownOrder(deps, userId, payId);
  if (order.status !== 'CREATED') throw new AppError('ILLEGAL_INPUT', `order ${order.id} is ${order.status}`);
  const recurring = order.product.productType !== 'FOREVER';
  const trial = recurring && order.product.trialDays > 0 && (await trialAvailable(deps, userId));
  const lang = order.lang === 'fr' ? 'fr' : 'en';
  const back = `${deps.env.PUBLIC_URL}${lang === 'fr' ? '/fr' : ''}/pay-fwd?payId=${encodeURIComponent(order.id)}`;
  const metadata = { orderId: order.id };
  const session = await callStripe('checkout session', async () =>
    stripe.checkout.sessions.create({
      mode: recurring ? 'subscription' : 'payment',
      customer: await customerOf(deps, stripe, userId),
      client_reference_id: order.id,
      metadata,
      line_items: [await lineItem(stripe, order.product, order.currency as Currency, order.amountCents)],
      success_url: back,
      cancel_url: `${back}&canceled=1`,
      locale: lang,
      ...(recurring
        ? { subscription_data: { metadata, ...(trial ? { trial_period_days: order.product.trialDays } : {}) } }
        : { payment_intent_data: { metadata } }),
    }),
  );
  await deps.db.order.update({ where: { id: order.id }, data: { stripeSessionId: session.id, trial } });
  if (!session.url) throw new AppError('PAYMENT_UNREACHABLE', `session ${session.id} has no url`);
  return { url: session.url };
}

const STATUS_OF_ORDER: Record<'CREATED' | 'PAID' | 'FAILED' | 'REFUNDED', CheckPayStatus> = { CREATED: 'PENDING', PAID: 'PAID', FAILED: 'FAILED', REFUNDED: 'PAID' };

/**
 * Where an order stands. While it is pending, Stripe is asked (the session re-read and written as the
 * webhook would) rather than waiting for the webhook alone; Stripe unreachable is PAYMENT_UNREACHABLE.
 */
export async function checkPay(deps: Deps, userId: string, payId: string): Promise<CheckPayResult> {
  let order = await ownOrder(deps, userId, payId);
  if (order.status === 'CREATED' && order.stripeSessionId) {
    const sessionId = order.stripeSessionId;
    const session = await callStripe('checkout session', () => stripeOf(deps).checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }));
    await syncCheckoutSession(deps, session);
    order = await ownOrder(deps, userId, payId);
  }
  return {
    status: STATUS_OF_ORDER[order.status],
    businessType: order.product.businessType as BusinessType,
    productType: order.product.productType,
    returnPath: order.returnPath,
  };
}

/**
 * The user came back through cancel_url: the open session is expired at Stripe so it can no longer
 * be paid, and the order fails. A session paid meanwhile is recorded as paid instead.
 */
export async function abandonOrder(deps: Deps, userId: string, payId: string): Promise<AbandonResult> {
  const order = await ownOrder(deps, userId, payId);
  if (order.status === 'CREATED' && order.stripeSessionId) {
    const stripe = stripeOf(deps);
    const sessionId = order.stripeSessionId;
    let session = await callStripe('checkout session', () => stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }));
    if (session.status === 'open') session = await callStripe('expire session', () => stripe.checkout.sessions.expire(sessionId, { expand: ['subscription'] }));
    await syncCheckoutSession(deps, session);
  } else if (order.status === 'CREATED') {
    await deps.db.order.updateMany({ where: { id: order.id, status: 'CREATED' }, data: { status: 'FAILED' } });
  }
  const now = await ownOrder(deps, userId, payId);
  return { status: STATUS_OF_ORDER[now.status] };
}
