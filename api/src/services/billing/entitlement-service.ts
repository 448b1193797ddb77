import type { VipInfo } from '#shared/billing/api';
import type { BusinessType, ProductType } from '#shared/billing/catalogue';
import { vipInfoOf, type EntitlementSource } from '#shared/billing/vip';
import type { Deps } from '#shared/server/deps';

/** A user's plans as vipInfoOf reads them: every subscription and Lifetime purchase not yet ended. */
export async function entitlementSources(deps: Deps, userId: string): Promise<EntitlementSource[]> {
  const rows = await deps.db.subscription.findMany({
    where: { userId, status: { in: ['TRIALING', 'ACTIVE', 'PAST_DUE'] } },
    select: { status: true, currentPeriodEnd: true, product: { select: { name: true, businessType: true, productType: true } } },
  });
  return rows.map((s) => ({
    name: s.product.name,
    businessType: s.product.businessType as BusinessType,
    productType: s.product.productType as ProductType,
    status: s.status,
    currentPeriodEnd: s.currentPeriodEnd,
  }));
}

/** The spec's vipInfo of a user, now. */
export async function vipInfoFor(deps: Deps, userId: string): Promise<VipInfo> {
  return vipInfoOf(await entitlementSources(deps, userId), deps.now());
}
