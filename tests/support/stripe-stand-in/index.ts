import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { catalogRoutes } from './catalog';
import { checkoutRoutes, expireSession, submitCheckout, type CheckoutOutcome } from './checkout';
import { checkoutPageRoutes } from './checkout-page';
import { Clock } from './clock';
import type { StandIn } from './context';
import { customerRoutes } from './customers';
import { invoiceRoutes } from './invoices';
import { paymentRoutes } from './payments';
import { portalPageRoutes, portalRoutes } from './portal';
import { createServer } from './server';
import { Store } from './store';
import { nextChangeAt, periodEnds, subscriptionRoutes } from './subscriptions';
import { eventRoutes, Webhooks, type Delivery } from './webhooks';

export { TEST_CARDS } from './cards';
export type { CheckoutOutcome, Delivery };

export interface StripeStandIn {
  url: string;
  env: { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string; STRIPE_API_URL: string };
  setWebhookUrl(url: string): void;
  /** Queues events instead of sending them, until releaseWebhooks. */
  holdWebhooks(): void;
  /** Sends the held events in order (or in reverse, to test out-of-order handling) and waits for the answers. */
  releaseWebhooks(opts?: { reverse?: boolean }): Promise<void>;
  /** Sends an event a second time, as Stripe may. */
  redeliver(eventId: string): Promise<void>;
  /** Every event, in the order it happened, delivered or not. */
  events: Stripe.Event[];
  /** Every delivery attempt with the receiver's HTTP status. */
  deliveries: Delivery[];
  /** Waits until every queued webhook delivery has been answered. */
  webhooksSettled(): Promise<void>;
  /** Moves the stand-in's time on: trials end, periods renew or end, sessions expire, each at its moment and with its events. */
  advanceClock(seconds: number): Promise<void>;
  /** The stand-in's time, in Unix seconds. */
  now(): number;
  /** What submitting the hosted checkout page does, for tests without a browser; resolves once the webhooks are answered. */
  pay(sessionId: string, card?: string): Promise<CheckoutOutcome>;
  /** While down, every API call gets a dropped connection (the hosted pages stay up). */
  setUnreachable(down: boolean): void;
  close(): Promise<void>;
}

/**
 * A local Stripe for tests: the subset of Stripe's REST API Sheaf uses, over HTTP, for the official
 * `stripe` client pointed at it through STRIPE_API_URL; hosted checkout and billing portal pages;
 * signed webhooks; a clock the test moves. State lives in memory.
 */
export async function startStripeStandIn(opts: { webhookUrl?: string } = {}): Promise<StripeStandIn> {
  const secretKey = `sk_test_standin${randomBytes(16).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const store = new Store();
  const clock = new Clock();
  const webhooks = new Webhooks(store, clock, webhookSecret, opts.webhookUrl);
  const standIn: StandIn = { store, clock, webhooks, baseUrl: '' };
  let unreachable = false;

  const server = createServer({
    secretKey,
    unreachable: () => unreachable,
    apiRoutes: [
      ...catalogRoutes(standIn),
      ...customerRoutes(standIn),
      ...checkoutRoutes(standIn),
      ...subscriptionRoutes(standIn),
      ...invoiceRoutes(standIn),
      ...paymentRoutes(standIn),
      ...portalRoutes(standIn),
      ...eventRoutes(store),
    ],
    pageRoutes: [...checkoutPageRoutes(standIn), ...portalPageRoutes(standIn)],
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** The next moment something changes by itself, no later than `until`. */
  function nextChange(until: number) {
    let next: { at: number; apply: () => void } | undefined;
    for (const sub of store.subscriptions.values()) {
      const at = nextChangeAt(sub);
      if (at !== null && at <= until && (!next || at < next.at)) next = { at, apply: () => periodEnds(standIn, sub, at) };
    }
    for (const s of store.sessions.values()) {
      const at = s.expires_at;
      if (s.status === 'open' && at <= until && (!next || at < next.at)) next = { at, apply: () => expireSession(standIn, s, at) };
    }
    return next;
  }

  return {
    url: standIn.baseUrl,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: standIn.baseUrl },
    setWebhookUrl: (url) => webhooks.setUrl(url),
    holdWebhooks: () => webhooks.hold(),
    releaseWebhooks: (o) => webhooks.release(o),
    redeliver: (id) => webhooks.redeliver(id),
    events: webhooks.events,
    deliveries: webhooks.deliveries,
    webhooksSettled: () => webhooks.settled(),
    async advanceClock(seconds) {
      const until = clock.now() + seconds;
      for (let change = nextChange(until); change; change = nextChange(until)) {
        clock.moveTo(change.at);
        change.apply();
      }
      clock.moveTo(until);
      await webhooks.settled();
    },
    now: () => clock.now(),
    async pay(sessionId, card = '4242424242424242') {
      const outcome = submitCheckout(standIn, sessionId, { cardNumber: card, email: 'customer@example.com' });
      await webhooks.settled();
      return outcome;
    },
    setUnreachable(down) {
      unreachable = down;
    },
    async close() {
      await webhooks.settled();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
