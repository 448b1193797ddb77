import express, { Router } from 'express';
import type { Deps } from '#shared/server/deps';
import { receiveStripeEvent } from '../../services/billing/webhook-service';

/**
 * Stripe's webhook. Mounted before the JSON parser: the signature covers the raw bytes, which a
 * parsed-and-reserialised body would not match.
 */
export function billingWebhookRouter(deps: Deps): Router {
  const r = Router();
  r.post('/stripe/webhook', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    await receiveStripeEvent(deps, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.get('stripe-signature'));
    res.json({ code: 0, data: { received: true } });
  });
  return r;
}
