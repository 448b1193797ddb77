import type { BusinessType, ProductType } from '#shared/billing/catalogue';

/** The payment popup's variants (the spec's channels landingq, landingm, landingn, landinga, else default). */
export type PayVariant = 'default' | 'landingq' | 'landingm' | 'landingn' | 'landinga';

export interface PayVariantSpec {
  /** Which plans the popup sells. */
  businessType: BusinessType;
  /** The plans it lists, in this order. */
  productTypes: readonly ProductType[];
  /** The plan selected when it opens. */
  preselect: ProductType;
}

/**
 * The one place a channel becomes a variant. Landing pages bring buyers with a promise: the
 * quarterly page's plan first (landingq), the monthly one (landingm), every plan Lifetime included
 * (landingn), the AI plan (landinga); anyone else gets the default: monthly, yearly and Lifetime.
 */
export const PAY_VARIANTS: Record<PayVariant, PayVariantSpec> = {
  default: { businessType: 'pdf', productTypes: ['MONTH', 'YEAR', 'FOREVER'], preselect: 'YEAR' },
  landingq: { businessType: 'pdf', productTypes: ['QUARTERLY', 'MONTH', 'YEAR'], preselect: 'QUARTERLY' },
  landingm: { businessType: 'pdf', productTypes: ['MONTH', 'YEAR'], preselect: 'MONTH' },
  landingn: { businessType: 'pdf', productTypes: ['MONTH', 'QUARTERLY', 'YEAR', 'FOREVER'], preselect: 'YEAR' },
  landinga: { businessType: 'ai_pdf_single', productTypes: ['MONTH', 'YEAR'], preselect: 'YEAR' },
};

/** The variant of a stored channel, compared without letter case. */
export function payVariantOf(channel: string | undefined): PayVariant {
  const id = channel?.toLowerCase();
  return id && id !== 'default' && id in PAY_VARIANTS ? (id as PayVariant) : 'default';
}
