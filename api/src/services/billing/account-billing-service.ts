import type { BillingSubscription, UserBilling } from '#shared/billing/api';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { presentPayment, presentSubscription } from '../../presenters/billing-presenter';
import { callStripe, stripeOf } from './stripe-calls';
import { syncSubscription } from './stripe-sync';

const withProduct = { include: { product: true } } as const;

/** The account's billing tab: its plans (newest first) and its payments. */
export async function userBilling(deps: Deps, userId: string): Promise<UserBilling> {
  const [subscriptions, payments] = await Promise.all([
    deps.db.subscription.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, ...withProduct }),
    deps.db.payment.findMany({ where: { userId }, orderBy: { paidAt: 'desc' }, ...withProduct }),
  ]);
  return { subscriptions: subscriptions.map(presentSubscription), payments: payments.map(presentPayment) };
}

/** One of the user's Stripe subscriptions; another user's, or a Lifetime plan (nothing to cancel), is NOT_FOUND. */
async function ownStripeSubscription(deps: Deps, userId: string, id: string) {
  const row = await deps.db.subscription.findUnique({ where: { id } });
  if (!row || row.userId !== userId || !row.stripeSubscriptionId) throw new AppError('NOT_FOUND', `subscription ${id}`);
  return { ...row, stripeSubscriptionId: row.stripeSubscriptionId };
}

/**
 * Cancels at period end (the plan runs until then, nothing more is charged) or resumes. Stripe's
 * answer is written as the webhook would write it, so the tab shows the change at once.
 */
export async function setCancelAtPeriodEnd(deps: Deps, userId: string, id: string, cancel: boolean): Promise<BillingSubscription> {
  const stripe = stripeOf(deps);
  const row = await ownStripeSubscription(deps, userId, id);
  if (row.endedAt) throw new AppError('ILLEGAL_INPUT', `subscription ${id} has ended`);
  const updated = await callStripe('update subscription', () => stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at_period_end: cancel }));
  await syncSubscription(deps, updated);
  return presentSubscription(await deps.db.subscription.findUniqueOrThrow({ where: { id }, ...withProduct }));
}

/** Stripe's billing portal (change card, invoices), returning to the account's billing tab. */
export async function billingPortal(deps: Deps, userId: string, lang: 'en' | 'fr'): Promise<{ url: string }> {
  const stripe = stripeOf(deps);
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: userId }, select: { stripeCustomerId: true } });
  if (!user.stripeCustomerId) throw new AppError('NOT_FOUND', 'no Stripe customer yet');
  const customer = user.stripeCustomerId;
  const returnUrl = `${deps.env.PUBLIC_URL}${lang === 'fr' ? '/fr' : ''}/account?type=billing`;
  const session = await callStripe('billing portal', () => stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }));
  return { url: session.url };
}
