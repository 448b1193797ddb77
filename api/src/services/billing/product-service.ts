import type { PricingProduct } from '#shared/billing/api';
import { currencyOf, PRODUCT_ORDER, type BusinessType, type ProductType } from '#shared/billing/catalogue';
import type { Deps } from '#shared/server/deps';
import { presentPricingProduct } from '../../presenters/pricing-presenter';

/** The plans on sale of one kind (Pro by default), in the spec's order, priced in the language's currency. */
export async function pricingProducts(
  deps: Pick<Deps, 'db'>,
  lang: 'en' | 'fr',
  filter: { businessType?: BusinessType; productType?: ProductType } = {},
): Promise<PricingProduct[]> {
  const rows = await deps.db.product.findMany({ where: { active: true, businessType: filter.businessType ?? 'pdf' }, orderBy: { sort: 'asc' } });
  rows.sort((a, b) => PRODUCT_ORDER[a.productType] - PRODUCT_ORDER[b.productType]);
  return rows.map((p) => presentPricingProduct(p, currencyOf(lang), filter.productType ?? 'MONTH'));
}
