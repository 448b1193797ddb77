import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import type { Env } from '../env';

/**
 * The one Stripe client every part of Sheaf talks to Stripe through. STRIPE_API_URL is Stripe's own
 * API or a server speaking its protocol (the tests' stand-in, an operator's staging), so host, port
 * and protocol come from it. One retry and a 10-second limit: a payment page must answer, not hang.
 */
export function stripeClient(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error('stripeClient needs STRIPE_SECRET_KEY: billing is not configured');
  const url = new URL(env.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  // Loaded here, only where billing is configured: the library is the largest an idle api would hold.
  const StripeClient = createRequire(import.meta.url)('stripe') as typeof Stripe;
  return new StripeClient(env.STRIPE_SECRET_KEY, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
  });
}
