import type { Deps } from '#shared/server/deps';
import { receiveStripeEvent } from '../../services/billing/webhook-service';
import type { Handlers } from '../endpoint-router';

/** Stripe's webhook: its body comes raw (ownBody `raw`), since the signature covers the bytes a re-serialised body would not match. */
export function billingWebhookHandlers(deps: Deps): Handlers<'stripeWebhook'> {
  return {
    stripeWebhook: async ({ req }) => {
      await receiveStripeEvent(deps, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.get('stripe-signature'));
      return { code: 0, data: { received: true } };
    },
  };
}
