import { describe, expect, it } from 'vitest';
import { loadCatalogue, lookupKey, ZCatalogueProduct } from '#shared/billing/catalogue';
import { isEntitled, planLabel, vipInfoOf, type EntitlementSource } from '#shared/billing/vip';
import { presentPricingProduct } from '../../api/src/presenters/pricing-presenter';

const NOW = new Date('2026-11-26T12:00:00Z');
const later = new Date('2026-12-26T12:00:00Z');
const earlier = new Date('2026-11-01T12:00:00Z');
const plan = (patch: Partial<EntitlementSource>): EntitlementSource => ({ name: 'Pro Monthly', businessType: 'pdf', productType: 'MONTH', status: 'ACTIVE', currentPeriodEnd: later, ...patch });

describe('vipInfoOf', () => {
  it('is Free with no plan', () => {
    expect(vipInfoOf([], NOW)).toEqual({ isVip: false, isTimeVip: false, isAiTimeVip: false, vipName: '', aiVipName: '', isSubscript: false });
  });

  it('counts a trial as Pro, and Pro includes AI', () => {
    expect(vipInfoOf([plan({ status: 'TRIALING' })], NOW)).toEqual({ isVip: true, isTimeVip: true, isAiTimeVip: true, vipName: 'Pro Monthly', aiVipName: 'Pro Monthly', isSubscript: true });
  });

  it('gives the AI plan AI only', () => {
    expect(vipInfoOf([plan({ name: 'AI Yearly', businessType: 'ai_pdf_single', productType: 'YEAR' })], NOW)).toMatchObject({ isVip: false, isTimeVip: false, isAiTimeVip: true, vipName: '', aiVipName: 'AI Yearly' });
  });

  it('makes Lifetime a time VIP that never ends and is no subscription', () => {
    expect(vipInfoOf([plan({ name: 'Pro Lifetime', productType: 'FOREVER', currentPeriodEnd: null })], NOW)).toMatchObject({ isVip: true, isTimeVip: true, vipName: 'Pro Lifetime', isSubscript: false });
  });

  it('does not entitle past due, canceled or past-period plans', () => {
    for (const s of [plan({ status: 'PAST_DUE' }), plan({ status: 'CANCELED' }), plan({ status: 'EXPIRED' }), plan({ currentPeriodEnd: earlier })]) {
      expect(isEntitled(s, NOW)).toBe(false);
      expect(vipInfoOf([s], NOW).isVip).toBe(false);
    }
  });

  it('names the longest-lasting Pro plan when there are several', () => {
    expect(vipInfoOf([plan({}), plan({ name: 'Pro Lifetime', productType: 'FOREVER', currentPeriodEnd: null })], NOW).vipName).toBe('Pro Lifetime');
  });
});

describe('planLabel', () => {
  it("follows the spec's rule on the plan name", () => {
    expect(['Pro Monthly', 'Pro Quarterly', 'Pro Yearly', 'Pro Lifetime', 'AI Monthly', ''].map(planLabel)).toEqual(['Monthly', 'Quarterly', 'Yearly', 'Lifetime', 'Monthly', 'Free']);
  });
});

describe('catalogue', () => {
  it('holds the six plans with USD and EUR amounts and the trial on the recurring ones only', () => {
    const c = loadCatalogue();
    expect(c.map((p) => p.code)).toEqual(['pro_month', 'pro_quarter', 'pro_year', 'pro_lifetime', 'ai_month', 'ai_year']);
    for (const p of c) expect(p.trialDays).toBe(p.productType === 'FOREVER' ? 0 : 3);
    expect(lookupKey('pro_month', 'USD')).toBe('sheaf_pro_month_usd');
  });

  it('refuses a Lifetime plan with a trial and a list price below the price', () => {
    const base = { code: 'x', name: 'X', businessType: 'pdf', productType: 'FOREVER', amount: { USD: 100, EUR: 100 }, listPrice: { USD: 200, EUR: 200 }, trialDays: 0 };
    expect(ZCatalogueProduct.safeParse(base).success).toBe(true);
    expect(ZCatalogueProduct.safeParse({ ...base, trialDays: 3 }).success).toBe(false);
    expect(ZCatalogueProduct.safeParse({ ...base, listPrice: { USD: 50, EUR: 200 } }).success).toBe(false);
  });
});

describe('presentPricingProduct', () => {
  const row = { id: 'p1', code: 'pro_quarter', name: 'Pro Quarterly', businessType: 'pdf', productType: 'QUARTERLY' as const, amountUsd: 2499, amountEur: 2299, listPriceUsd: 2997, listPriceEur: 2997, trialDays: 3 };

  it('gives a 3-day TRIAL cycle then the REGULAR one every 3 months, in the currency asked', () => {
    const p = presentPricingProduct(row, 'EUR', 'QUARTERLY');
    expect(p.billing_cycles).toEqual([
      { tenure_type: 'TRIAL', sequence: 1, total_cycles: 1, frequency: { interval_unit: 'DAY', interval_count: 3 }, pricing_scheme: { fixed_price: { value: '0.00', currency_code: 'EUR' } } },
      { tenure_type: 'REGULAR', sequence: 2, total_cycles: 0, frequency: { interval_unit: 'MONTH', interval_count: 3 }, pricing_scheme: { fixed_price: { value: '22.99', currency_code: 'EUR' } } },
    ]);
    expect(p).toMatchObject({ regularPrice: 22.99, listPrice: 29.97, discountPercent: 23, trialDay: 3, frequencyFree: true, active: true, aiChecked: false });
  });

  it('gives Lifetime one REGULAR cycle and no frequency', () => {
    const p = presentPricingProduct({ ...row, productType: 'FOREVER', trialDays: 0 }, 'USD', 'MONTH');
    expect(p.billing_cycles).toHaveLength(1);
    expect(p.billing_cycles[0]).toMatchObject({ tenure_type: 'REGULAR', sequence: 1, total_cycles: 1, frequency: null });
    expect(p).toMatchObject({ frequency: null, active: false, frequencyFree: false });
  });
});
