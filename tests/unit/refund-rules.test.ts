import { describe, expect, it } from 'vitest';
import { refundFor, type RefundableOrder } from '#shared/billing/refund-rules';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
const after = (from: string, days: number, ms = 0) => new Date(at(from).getTime() + days * DAY + ms);

const PAID = '2026-01-01T10:00:00.000Z';
const order = (patch: Partial<RefundableOrder> = {}): RefundableOrder => ({
  amountCents: 5999,
  currency: 'USD',
  productType: 'YEAR',
  paidAt: at(PAID),
  periodStart: at(PAID),
  periodEnd: at('2027-01-01T10:00:00.000Z'),
  refundedCents: 0,
  ...patch,
});

describe('refund rules', () => {
  it('refunds in full up to exactly 30 days after the payment, and half on day 31 of a yearly plan', () => {
    expect(refundFor(order(), after(PAID, 0))).toMatchObject({ amountCents: 5999, rule: 'FULL_30_DAYS' });
    expect(refundFor(order(), after(PAID, 30))).toMatchObject({ amountCents: 5999, rule: 'FULL_30_DAYS' });
    expect(refundFor(order(), after(PAID, 30, 1))).toMatchObject({ amountCents: 2999, rule: 'HALF_BEFORE_HALF_TERM' });
    expect(refundFor(order(), after(PAID, 31))).toMatchObject({ amountCents: 2999, rule: 'HALF_BEFORE_HALF_TERM' });
  });

  it('refunds nothing from exactly half the term on, and half just before it (quarterly)', () => {
    const quarter = order({ amountCents: 2499, productType: 'QUARTERLY', periodEnd: at('2026-04-01T10:00:00.000Z') });
    // 90 days: half falls on day 45.
    const half = after(PAID, 45);
    expect(refundFor(quarter, new Date(half.getTime() - 1))).toMatchObject({ amountCents: 1249, rule: 'HALF_BEFORE_HALF_TERM' });
    expect(refundFor(quarter, half)).toMatchObject({ amountCents: 0, rule: 'NONE_AFTER_HALF_TERM' });
    expect(refundFor(quarter, after(PAID, 80))).toMatchObject({ amountCents: 0, rule: 'NONE_AFTER_HALF_TERM' });
  });

  it('refunds a monthly plan in full for 30 days although half its term comes first, then nothing', () => {
    const month = order({ amountCents: 999, productType: 'MONTH', periodEnd: at('2026-02-01T10:00:00.000Z') });
    expect(refundFor(month, after(PAID, 20))).toMatchObject({ amountCents: 999, rule: 'FULL_30_DAYS' });
    expect(refundFor(month, after(PAID, 30))).toMatchObject({ amountCents: 999, rule: 'FULL_30_DAYS' });
    expect(refundFor(month, after(PAID, 31))).toMatchObject({ amountCents: 0, rule: 'NONE_AFTER_HALF_TERM' });
  });

  it('splits a yearly term at its middle: half on day 182, nothing on day 183', () => {
    // 2026 has 365 days: the middle is day 182 and a half.
    expect(refundFor(order(), after(PAID, 182))).toMatchObject({ amountCents: 2999, rule: 'HALF_BEFORE_HALF_TERM' });
    expect(refundFor(order(), after(PAID, 183))).toMatchObject({ amountCents: 0, rule: 'NONE_AFTER_HALF_TERM' });
  });

  it('measures the term of the period the payment bought, not from the first purchase (a renewal)', () => {
    const renewal = order({ paidAt: at('2027-01-01T10:00:00.000Z'), periodStart: at('2027-01-01T10:00:00.000Z'), periodEnd: at('2028-01-01T10:00:00.000Z') });
    expect(refundFor(renewal, after('2027-01-01T10:00:00.000Z', 10))).toMatchObject({ amountCents: 5999, rule: 'FULL_30_DAYS' });
    expect(refundFor(renewal, after('2027-01-01T10:00:00.000Z', 100))).toMatchObject({ amountCents: 2999, rule: 'HALF_BEFORE_HALF_TERM' });
  });

  it('reckons the term from the payment and the plan when the period is unknown', () => {
    const quarter = order({ productType: 'QUARTERLY', amountCents: 2400, periodStart: null, periodEnd: null });
    expect(refundFor(quarter, after(PAID, 44))).toMatchObject({ amountCents: 1200, rule: 'HALF_BEFORE_HALF_TERM' });
    expect(refundFor(quarter, after(PAID, 46))).toMatchObject({ amountCents: 0, rule: 'NONE_AFTER_HALF_TERM' });
  });

  it('refunds a Lifetime plan in full for 30 days and never after', () => {
    const lifetime = order({ amountCents: 14999, productType: 'FOREVER', periodStart: null, periodEnd: null });
    expect(refundFor(lifetime, after(PAID, 30))).toMatchObject({ amountCents: 14999, rule: 'FULL_30_DAYS' });
    expect(refundFor(lifetime, after(PAID, 31))).toMatchObject({ amountCents: 0, rule: 'LIFETIME_NONE_AFTER_30_DAYS' });
    expect(refundFor(lifetime, after(PAID, 400))).toMatchObject({ amountCents: 0, rule: 'LIFETIME_NONE_AFTER_30_DAYS' });
  });

  it('gives back only what is left of the entitlement when part was already refunded', () => {
    expect(refundFor(order({ refundedCents: 2000 }), after(PAID, 5))).toMatchObject({ amountCents: 3999, rule: 'FULL_30_DAYS' });
    expect(refundFor(order({ refundedCents: 1000 }), after(PAID, 40))).toMatchObject({ amountCents: 1999, rule: 'HALF_BEFORE_HALF_TERM' });
    expect(refundFor(order({ refundedCents: 2999 }), after(PAID, 40))).toMatchObject({ amountCents: 0, rule: 'ALREADY_REFUNDED' });
    expect(refundFor(order({ refundedCents: 5999 }), after(PAID, 5))).toMatchObject({ amountCents: 0, rule: 'ALREADY_REFUNDED' });
  });

  it('refunds nothing on an order nothing was paid for (a trial)', () => {
    expect(refundFor(order({ paidAt: null }), after(PAID, 1))).toMatchObject({ amountCents: 0, rule: 'NOTHING_PAID' });
    expect(refundFor(order({ amountCents: 0 }), after(PAID, 1))).toMatchObject({ amountCents: 0, rule: 'NOTHING_PAID' });
  });

  it('explains the amount with the dates it was reckoned from', () => {
    expect(refundFor(order(), after(PAID, 3)).explanation).toBe('Paid 59.99 USD on 2026-01-01, 3 days ago; within 30 days (until 2026-01-31): full refund.');
    expect(refundFor(order({ currency: 'eur', refundedCents: 1000 }), after(PAID, 40)).explanation).toBe(
      'Paid 59.99 EUR on 2026-01-01, 40 days ago; past 30 days but before half of the term 2026-01-01 to 2027-01-01 (2026-07-02): 50% refund of 29.99 EUR, less 10.00 EUR already refunded.',
    );
    expect(refundFor(order(), after(PAID, 200)).explanation).toContain('no refund');
  });
});
