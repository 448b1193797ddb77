import type { BillingCycle, Frequency, PricingProduct } from '#shared/billing/api';
import type { BusinessType, Currency, ProductType } from '#shared/billing/catalogue';

/** A Product row as the pricing calls read it. */
export interface ProductRow {
  id: string;
  code: string;
  name: string;
  businessType: string;
  productType: ProductType;
  amountUsd: number;
  amountEur: number;
  listPriceUsd: number;
  listPriceEur: number;
  trialDays: number;
}

const FREQUENCY: Record<ProductType, Frequency | null> = {
  MONTH: { interval_unit: 'MONTH', interval_count: 1 },
  QUARTERLY: { interval_unit: 'MONTH', interval_count: 3 },
  YEAR: { interval_unit: 'YEAR', interval_count: 1 },
  FOREVER: null,
};

export const amountOf = (p: Pick<ProductRow, 'amountUsd' | 'amountEur'>, currency: Currency) => (currency === 'EUR' ? p.amountEur : p.amountUsd);
const listOf = (p: ProductRow, currency: Currency) => (currency === 'EUR' ? p.listPriceEur : p.listPriceUsd);
/** Cents to the currency's units (999 → 9.99). */
export const units = (cents: number) => cents / 100;

/**
 * A product in the spec's thirdPartyProducts shape: a free TRIAL cycle of trialDays days first (the
 * recurring plans), then the REGULAR cycle, repeating until cancelled; Lifetime is one REGULAR cycle.
 */
export function presentPricingProduct(p: ProductRow, currency: Currency, activeType: ProductType): PricingProduct {
  const frequency = FREQUENCY[p.productType];
  const amount = amountOf(p, currency);
  const list = listOf(p, currency);
  const price = (cents: number) => ({ fixed_price: { value: units(cents).toFixed(2), currency_code: currency } });
  const cycles: BillingCycle[] = [];
  if (p.trialDays > 0) {
    cycles.push({ tenure_type: 'TRIAL', sequence: 1, total_cycles: 1, frequency: { interval_unit: 'DAY', interval_count: p.trialDays }, pricing_scheme: price(0) });
  }
  cycles.push({ tenure_type: 'REGULAR', sequence: cycles.length + 1, total_cycles: frequency ? 0 : 1, frequency, pricing_scheme: price(amount) });
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    businessType: p.businessType as BusinessType,
    productType: p.productType,
    currency,
    billing_cycles: cycles,
    frequency,
    regularPrice: units(amount),
    fixed_price: units(amount),
    listPrice: units(list),
    discountPercent: list > amount ? Math.round((1 - amount / list) * 100) : 0,
    trialDay: p.trialDays,
    trialPrice: 0,
    frequencyFree: p.trialDays > 0,
    active: p.productType === activeType,
    checked: false,
    aiChecked: p.businessType === 'ai_pdf_single',
  };
}
