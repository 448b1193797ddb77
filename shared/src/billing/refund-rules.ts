/**
 * The spec's refund rules (section 9), applied by the operator's `npm run billing -- refund`:
 * full within 30 days of the payment; 50% after that but before half of the term the payment
 * bought; none from half the term on; a Lifetime plan nothing after 30 days. Pure: the order and
 * the clock come in, the amount and the rule that gave it come out.
 */
import { PERIOD_MONTHS, type ProductType } from './catalogue';

export type RefundRule =
  | 'FULL_30_DAYS'
  | 'HALF_BEFORE_HALF_TERM'
  | 'NONE_AFTER_HALF_TERM'
  | 'LIFETIME_NONE_AFTER_30_DAYS'
  | 'ALREADY_REFUNDED'
  | 'NOTHING_PAID';

export interface RefundableOrder {
  /** What the payment took, in cents. */
  amountCents: number;
  currency: string;
  productType: ProductType;
  /** When the payment being refunded was taken; null when nothing was paid yet (a trial). */
  paidAt: Date | null;
  /** The term that payment bought (a subscription's current period); unset, reckoned from paidAt and the plan. */
  periodStart?: Date | null;
  periodEnd?: Date | null;
  /** Cents of that payment already given back. */
  refundedCents: number;
}

export interface RefundDecision {
  amountCents: number;
  rule: RefundRule;
  /** One sentence for the operator: why this amount. */
  explanation: string;
}

/** The money-back window: a payment is refunded in full for this long. */
export const FULL_REFUND_DAYS = 30;

const DAY_MS = 86_400_000;

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
const day = (d: Date) => d.toISOString().slice(0, 10);

function addMonths(d: Date, months: number): Date {
  const out = new Date(d);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
}

/**
 * What may be refunded of `order` at `now`. The 30-day window comes first: a monthly plan, whose
 * half term falls before day 30, is refunded in full for 30 days and has no 50% tier. Exactly at
 * half the term nothing is refunded ("before half"). Half of an odd amount rounds down.
 */
export function refundFor(order: RefundableOrder, now: Date): RefundDecision {
  const paid = order.amountCents;
  if (!order.paidAt || paid <= 0) {
    return { amountCents: 0, rule: 'NOTHING_PAID', explanation: 'Nothing was paid on this order (not paid yet, or still in its free trial).' };
  }
  const paidAt = order.paidAt;
  const windowEnd = new Date(paidAt.getTime() + FULL_REFUND_DAYS * DAY_MS);
  const daysAgo = Math.max(0, Math.floor((now.getTime() - paidAt.getTime()) / DAY_MS));
  const paidLine = `Paid ${money(paid, order.currency)} on ${day(paidAt)}, ${daysAgo} day${daysAgo === 1 ? '' : 's'} ago`;

  const termMonths = PERIOD_MONTHS[order.productType];
  let entitled: number;
  let rule: RefundRule;
  let why: string;
  if (now <= windowEnd) {
    entitled = paid;
    rule = 'FULL_30_DAYS';
    why = `within ${FULL_REFUND_DAYS} days (until ${day(windowEnd)}): full refund`;
  } else if (termMonths === null) {
    entitled = 0;
    rule = 'LIFETIME_NONE_AFTER_30_DAYS';
    why = `a Lifetime plan past ${FULL_REFUND_DAYS} days (since ${day(windowEnd)}): no refund`;
  } else {
    const start = order.periodStart ?? paidAt;
    const end = order.periodEnd ?? addMonths(start, termMonths);
    const half = new Date(start.getTime() + (end.getTime() - start.getTime()) / 2);
    const term = `the term ${day(start)} to ${day(end)}`;
    if (now < half) {
      entitled = Math.floor(paid / 2);
      rule = 'HALF_BEFORE_HALF_TERM';
      why = `past ${FULL_REFUND_DAYS} days but before half of ${term} (${day(half)}): 50% refund`;
    } else {
      entitled = 0;
      rule = 'NONE_AFTER_HALF_TERM';
      why = `past ${FULL_REFUND_DAYS} days and half of ${term} (${day(half)}): no refund`;
    }
  }

  const already = Math.max(0, order.refundedCents);
  const due = Math.max(0, entitled - already);
  if (entitled > 0 && due === 0) {
    return { amountCents: 0, rule: 'ALREADY_REFUNDED', explanation: `${paidLine}; ${why} of ${money(entitled, order.currency)}, but ${money(already, order.currency)} was already refunded.` };
  }
  const less = already > 0 && due > 0 ? ` of ${money(entitled, order.currency)}, less ${money(already, order.currency)} already refunded` : '';
  return { amountCents: due, rule, explanation: `${paidLine}; ${why}${less}.` };
}
