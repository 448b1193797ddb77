/**
 * The Pro plans on sale and their prices. The spec names the plan types and the trial but no
 * amounts; these are the project's list prices, one per currency (dollars in English copy, euros
 * in French copy). The pricing page shows them; the payments issue creates its products from them.
 */
export type Currency = 'USD' | 'EUR';
export type PlanType = 'MONTH' | 'YEAR';

export interface Plan {
  type: PlanType;
  /** Price of one billing period, per user. */
  price: Record<Currency, number>;
  /** Months one billing period covers. */
  months: number;
}

/** The spec's free trial: 3 days, then billed unless cancelled at least 24 hours before it ends. */
export const TRIAL_DAYS = 3;
export const TRIAL_CANCEL_HOURS = 24;

export const PLANS: readonly Plan[] = [
  { type: 'MONTH', price: { USD: 9.99, EUR: 9.99 }, months: 1 },
  { type: 'YEAR', price: { USD: 59.99, EUR: 59.99 }, months: 12 },
];

/** Percentage saved by a plan against paying monthly for the same months: the yearly plan's label. */
export function discountPercent(plan: Plan, currency: Currency): number {
  const monthly = PLANS.find((p) => p.type === 'MONTH')!;
  const full = monthly.price[currency] * plan.months;
  return Math.round((1 - plan.price[currency] / full) * 100);
}
