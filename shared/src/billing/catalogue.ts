import { z } from 'zod';
import raw from '../../../prisma/seed-data/products.json';

/**
 * The plans on sale: operator-editable data in prisma/seed-data/products.json, validated here. The
 * seed writes it to the Product table (by code) and `npm run billing -- sync` makes the matching
 * Stripe prices; amounts charged always come from here, never from a request.
 */
export const CURRENCIES = ['USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PRODUCT_TYPES = ['MONTH', 'QUARTERLY', 'YEAR', 'FOREVER'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const BUSINESS_TYPES = ['pdf', 'ai_pdf_single'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

const cents = z.number().int().positive();
const perCurrency = z.object({ USD: cents, EUR: cents });

export const ZCatalogueProduct = z
  .object({
    /** Stable key: the seed updates rows by it, Stripe lookup keys are built from it. */
    code: z.string().regex(/^[a-z0-9_]+$/),
    name: z.string().min(1),
    businessType: z.enum(BUSINESS_TYPES),
    productType: z.enum(PRODUCT_TYPES),
    /** Price of one billing period (or of the one payment), in cents. */
    amount: perCurrency,
    /** The crossed-out price the discount label compares with, in cents. */
    listPrice: perCurrency,
    trialDays: z.number().int().min(0),
  })
  .refine((p) => p.productType !== 'FOREVER' || p.trialDays === 0, { message: 'a one-time payment has no trial' })
  .refine((p) => CURRENCIES.every((c) => p.listPrice[c] >= p.amount[c]), { message: 'listPrice is below amount' });
export type CatalogueProduct = z.infer<typeof ZCatalogueProduct>;

const ZCatalogue = z.array(ZCatalogueProduct).refine((ps) => new Set(ps.map((p) => p.code)).size === ps.length, { message: 'codes must be unique' });

/** The spec's product order: MONTH 1, QUARTERLY 2, YEAR 3, FOREVER 4. */
export const PRODUCT_ORDER: Record<ProductType, number> = { MONTH: 1, QUARTERLY: 2, YEAR: 3, FOREVER: 4 };

/** Months one period of a recurring product covers (null for the one-time Lifetime payment). */
export const PERIOD_MONTHS: Record<ProductType, number | null> = { MONTH: 1, QUARTERLY: 3, YEAR: 12, FOREVER: null };

/** The validated catalogue; a bad products.json fails here, at the seed or at boot, not at checkout. */
export function loadCatalogue(): CatalogueProduct[] {
  return ZCatalogue.parse(raw);
}

/** The Stripe lookup key of a catalogue price, e.g. sheaf_pro_month_usd. */
export function lookupKey(code: string, currency: Currency): string {
  return `sheaf_${code}_${currency.toLowerCase()}`;
}

/** Stripe's recurring interval of a product type (null: a one-time payment). */
export function recurringOf(productType: ProductType): { interval: 'month' | 'year'; interval_count: number } | null {
  switch (productType) {
    case 'MONTH':
      return { interval: 'month', interval_count: 1 };
    case 'QUARTERLY':
      return { interval: 'month', interval_count: 3 };
    case 'YEAR':
      return { interval: 'year', interval_count: 1 };
    case 'FOREVER':
      return null;
  }
}

/** English pages show dollars, French pages euros. */
export const currencyOf = (lang: 'en' | 'fr'): Currency => (lang === 'fr' ? 'EUR' : 'USD');
