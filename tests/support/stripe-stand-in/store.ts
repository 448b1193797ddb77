import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { invalidRequest } from './errors';
import { int, str, strings, type Params } from './form-body';

/**
 * Stripe's objects carry many fields a billing integration never reads. The stand-in fills the
 * ones it does (with Stripe's names, checked against the package's types) and leaves the rest out.
 */
export const stripeObject = <T extends { id: string; object: string }>(fields: Partial<T> & Pick<T, 'id' | 'object'>) => fields as T;

/** Stripe API 2025+ keeps the period on the subscription item; older readers look for it on the subscription. */
export type StandInSubscription = Stripe.Subscription & { current_period_start: number; current_period_end: number };

/** What a Checkout Session was created with that Stripe does not show on the session itself. */
export interface SessionPlan {
  lines: { price: string; quantity: number }[];
  trialDays: number | null;
  subscriptionMetadata: Record<string, string>;
  paymentIntentMetadata: Record<string, string>;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newId(prefix: string, length = 24): string {
  return `${prefix}_${[...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

/** Every object the stand-in holds, in memory, by id; Maps keep creation order, which lists rely on. */
export class Store {
  products = new Map<string, Stripe.Product>();
  prices = new Map<string, Stripe.Price>();
  customers = new Map<string, Stripe.Customer>();
  paymentMethods = new Map<string, Stripe.PaymentMethod>();
  /** The card number behind each payment method, which decides how its charges go. */
  cards = new Map<string, string>();
  sessions = new Map<string, Stripe.Checkout.Session>();
  sessionPlans = new Map<string, SessionPlan>();
  subscriptions = new Map<string, StandInSubscription>();
  invoices = new Map<string, Stripe.Invoice>();
  paymentIntents = new Map<string, Stripe.PaymentIntent>();
  charges = new Map<string, Stripe.Charge>();
  refunds = new Map<string, Stripe.Refund>();
  portalSessions = new Map<string, Stripe.BillingPortal.Session>();
  events = new Map<string, Stripe.Event>();

  private all(): Map<string, { id: string }>[] {
    return [
      this.products,
      this.prices,
      this.customers,
      this.paymentMethods,
      this.sessions,
      this.subscriptions,
      this.invoices,
      this.paymentIntents,
      this.charges,
      this.refunds,
      this.portalSessions,
      this.events,
    ];
  }

  /** Any object by its id, whatever its kind (ids never collide: each kind has its prefix). */
  find(id: string): { id: string } | undefined {
    for (const map of this.all()) {
      const found = map.get(id);
      if (found) return found;
    }
    return undefined;
  }
}

/**
 * A page of a list, newest first as Stripe lists are, with `limit` (default 10),
 * `starting_after` and `ending_before`.
 */
export function listOf<T extends { id: string }>(items: Iterable<T>, params: Params, url: string): Stripe.ApiList<T> {
  const all = [...items].reverse();
  const limit = int(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest('This value must be between 1 and 100.', 'limit');
  let from = 0;
  let to = all.length;
  const after = str(params, 'starting_after');
  const before = str(params, 'ending_before');
  if (after) from = all.findIndex((o) => o.id === after) + 1;
  if (before) to = Math.max(0, all.findIndex((o) => o.id === before));
  const window = before ? all.slice(Math.max(from, to - limit), to) : all.slice(from, from + limit);
  const hasMore = before ? to - limit > from : from + limit < to;
  return { object: 'list', data: window, has_more: hasMore, url };
}

/**
 * Applies `expand[]` paths (`subscription`, `data.product`, `latest_invoice.payments`) to a copy
 * of `value`: each id met on a path is replaced by the object it names.
 */
export function expanded<T>(store: Store, value: T, params: Params): T {
  const copy = structuredClone(value);
  const paths = strings(params, 'expand');
  for (const path of paths) expandPath(store, copy, path.split('.'));
  dropUnasked(copy, paths);
  return copy;
}

/** Fields Stripe leaves out unless `expand[]` names them (its "includable" fields), by object type. */
const INCLUDABLE: Record<string, string[]> = { invoice: ['payments'] };

/** Removes, in place, the includable fields the caller did not ask for; events never carry them. */
export function dropUnasked(value: unknown, paths: string[] = [], prefix = '') {
  if (!value || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach((item) => dropUnasked(item, paths, prefix));
    return;
  }
  const record = value as Record<string, unknown>;
  for (const field of INCLUDABLE[record.object as string] ?? []) if (!paths.includes(prefix + field)) delete record[field];
  for (const [key, child] of Object.entries(record)) dropUnasked(child, paths, `${prefix}${key}.`);
}

function expandPath(store: Store, holder: unknown, path: string[]) {
  if (!holder || typeof holder !== 'object' || path.length === 0) return;
  if (Array.isArray(holder)) {
    holder.forEach((item) => expandPath(store, item, path));
    return;
  }
  const record = holder as Record<string, unknown>;
  const [key, ...rest] = path;
  const current = record[key];
  if (typeof current === 'string') {
    const found = store.find(current);
    if (!found) return;
    record[key] = structuredClone(found);
  }
  expandPath(store, record[key], rest);
}

export function getOr404<T>(map: Map<string, T>, id: string, onMissing: () => Error): T {
  const found = map.get(id);
  if (!found) throw onMissing();
  return found;
}
