import type { VipInfo } from './api';
import type { BusinessType, ProductType } from './catalogue';

/** What vipInfo needs to know of one of a user's subscriptions (or Lifetime purchases). */
export interface EntitlementSource {
  name: string;
  businessType: BusinessType;
  productType: ProductType;
  status: 'TRIALING' | 'ACTIVE' | 'PAST_DUE' | 'CANCELED' | 'EXPIRED';
  /** null for Lifetime: it never ends. */
  currentPeriodEnd: Date | null;
}

/**
 * Whether a subscription grants its plan now: trialing or active, and its period not over. The
 * period check keeps a user from staying Pro when Stripe's last word (the deletion event) never came.
 * Past due is not entitled: Stripe is still retrying the card and the period it paid for is over.
 */
export function isEntitled(s: EntitlementSource, now: Date): boolean {
  return (s.status === 'TRIALING' || s.status === 'ACTIVE') && (s.currentPeriodEnd === null || s.currentPeriodEnd > now);
}

/** Of several live plans, the one that lasts longest (Lifetime first). */
function longest(list: EntitlementSource[]): EntitlementSource | undefined {
  const end = (s: EntitlementSource) => s.currentPeriodEnd?.getTime() ?? Infinity;
  return [...list].sort((a, b) => end(b) - end(a))[0];
}

/**
 * The spec's vipInfo, from our own tables. Pro plans (businessType pdf) include AI; the AI plan
 * gives AI only. Lifetime is a time VIP too: the plan label's "otherwise Lifetime" needs it to be.
 */
export function vipInfoOf(subscriptions: EntitlementSource[], now: Date): VipInfo {
  const live = subscriptions.filter((s) => isEntitled(s, now));
  const pro = longest(live.filter((s) => s.businessType === 'pdf'));
  const ai = longest(live.filter((s) => s.businessType === 'ai_pdf_single')) ?? pro;
  return {
    isVip: !!pro,
    isTimeVip: !!pro,
    isAiTimeVip: !!ai,
    vipName: pro?.name ?? '',
    aiVipName: ai?.name ?? '',
    isSubscript: live.some((s) => s.productType !== 'FOREVER'),
  };
}

export type PlanLabel = 'Free' | 'Monthly' | 'Quarterly' | 'Yearly' | 'Lifetime';

/**
 * The spec's plan label of a vipName (vipName or aiVipName of vipInfo): contains month → Monthly,
 * quarterly → Quarterly, year → Yearly, otherwise Lifetime; an empty name (not a time VIP) → Free.
 */
export function planLabel(vipName: string): PlanLabel {
  const name = vipName.toLowerCase();
  if (!name) return 'Free';
  if (name.includes('month')) return 'Monthly';
  if (name.includes('quarterly')) return 'Quarterly';
  if (name.includes('year')) return 'Yearly';
  return 'Lifetime';
}
