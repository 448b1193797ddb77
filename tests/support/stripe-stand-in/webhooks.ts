import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import type { Clock } from './clock';
import type { ApiRoute } from './context';
import { noSuch } from './errors';
import { str } from './form-body';
import { dropUnasked, getOr404, listOf, newId, type Store } from './store';

export interface Delivery {
  eventId: string;
  type: string;
  status: number | 'unreachable';
}

/**
 * Stripe's events and their delivery: each event is POSTed as JSON to the test's webhook URL,
 * signed as Stripe signs (`Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "<t>.<body>">`), one
 * after another in the order they happened, retried once when the answer is not a 2xx.
 */
export class Webhooks {
  /** Every event, in the order it happened, whether delivered yet or not. */
  readonly events: Stripe.Event[] = [];
  /** Every delivery attempt and its answer. */
  readonly deliveries: Delivery[] = [];
  private url: string | undefined;
  private held: Stripe.Event[] | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly secret: string,
    webhookUrl?: string,
  ) {
    this.url = webhookUrl;
  }

  setUrl(url: string) {
    this.url = url;
  }

  /**
   * Records an event about `object` as it is now (a snapshot: later changes do not alter it) and
   * sends it. `previous` holds the values of the fields an update changed, as Stripe shows them.
   */
  emit(type: Stripe.Event.Type, object: { id: string }, previous?: Record<string, unknown>, at = this.clock.now()): Stripe.Event {
    const snapshot = structuredClone(object);
    dropUnasked(snapshot);
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: at,
      data: { object: snapshot, ...(previous && { previous_attributes: structuredClone(previous) }) },
      livemode: false,
      pending_webhooks: this.url ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    } as Stripe.Event;
    this.events.push(event);
    this.store.events.set(event.id, event);
    // Stripe sends to the endpoints that exist when the event happens.
    if (!this.url) return event;
    if (this.held) this.held.push(event);
    else this.send(event);
    return event;
  }

  hold() {
    this.held ??= [];
  }

  /** Sends what was held, in order (or in reverse, to test out-of-order handling), and resumes live delivery. */
  async release(opts: { reverse?: boolean } = {}) {
    const held = this.held ?? [];
    this.held = null;
    for (const event of opts.reverse ? [...held].reverse() : held) this.send(event);
    await this.settled();
  }

  /** Sends an event again, as Stripe does when it is unsure the first delivery arrived. */
  async redeliver(eventId: string) {
    const event = this.store.events.get(eventId);
    if (!event) throw new Error(`No such event: ${eventId}`);
    this.send(event);
    await this.settled();
  }

  /** Resolves once every queued delivery has been answered. */
  async settled() {
    let current: Promise<void>;
    do {
      current = this.queue;
      await current;
    } while (current !== this.queue);
  }

  private send(event: Stripe.Event) {
    const url = this.url;
    if (!url) return;
    this.queue = this.queue.then(async () => {
      if (!(await this.attempt(url, event))) await this.attempt(url, event);
    });
  }

  private async attempt(url: string, event: Stripe.Event): Promise<boolean> {
    const body = JSON.stringify(event, null, 2);
    // The signature's time is the wall clock: receivers check it against their own within a tolerance.
    const t = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', this.secret).update(`${t}.${body}`).digest('hex');
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': `t=${t},v1=${signature}`, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      this.deliveries.push({ eventId: event.id, type: event.type, status: res.status });
      return res.ok;
    } catch {
      this.deliveries.push({ eventId: event.id, type: event.type, status: 'unreachable' });
      return false;
    }
  }
}

/** The fields of `before` whose values `after` changed: Stripe's `previous_attributes`. */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const changed = Object.keys({ ...was, ...now }).filter((k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]));
  return Object.fromEntries(changed.map((k) => [k, was[k] ?? null]));
}

export function eventRoutes(store: Store): ApiRoute[] {
  return [
    { method: 'GET', path: '/v1/events/:id', handle: ({ path }) => getOr404(store.events, path.id, () => noSuch('event', path.id)) },
    {
      method: 'GET',
      path: '/v1/events',
      handle: ({ params, url }) => {
        const type = str(params, 'type');
        return listOf([...store.events.values()].filter((e) => !type || e.type === type), params, url);
      },
    },
  ];
}
