import type Stripe from 'stripe';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';

/** The Stripe client, or PAYMENT_NOT_CONFIGURED: without keys every Pay answers so and nothing else breaks. */
export function stripeOf(deps: Pick<Deps, 'stripe'>): Stripe {
  if (!deps.stripe) throw new AppError('PAYMENT_NOT_CONFIGURED', 'STRIPE_SECRET_KEY is not set');
  return deps.stripe;
}

/**
 * Runs a call to Stripe; any failure of it (network, timeout, an answer Stripe refuses) becomes
 * PAYMENT_UNREACHABLE ('Failed to get payment') with Stripe's words kept for the log only.
 */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('PAYMENT_UNREACHABLE', `${what}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The id of a field Stripe gives either as an id or, expanded, as the object. */
export const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === 'string' ? v : v.id);

/** Unix seconds to a Date (null stays null). */
export const dateOf = (seconds: number | null | undefined): Date | null => (seconds == null ? null : new Date(seconds * 1000));
