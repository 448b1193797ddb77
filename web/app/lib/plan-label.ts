import type { VipInfo } from './user-api';

export type PlanLabel = 'free' | 'monthly' | 'yearly' | 'quarterly' | 'lifetime';

/** The spec's label of a plan name: contains month → Monthly, year → Yearly, quarterly → Quarterly, else Lifetime. */
export function labelOfPlanName(name: string): Exclude<PlanLabel, 'free'> {
  const n = name.toLowerCase();
  if (n.includes('month')) return 'monthly';
  if (n.includes('year')) return 'yearly';
  if (n.includes('quarterly')) return 'quarterly';
  return 'lifetime';
}

/**
 * The PDF plan: Free when the user is not a time VIP. A lifetime plan is not timed, so a VIP
 * without a timed plan is Lifetime rather than Free (the spec's rule read literally would call a
 * lifetime buyer Free).
 */
export function pdfPlan(vip: VipInfo | undefined): PlanLabel {
  if (!vip || (!vip.isTimeVip && !vip.isVip)) return 'free';
  return labelOfPlanName(vip.vipName);
}

/** The AI plan: Free when the user is not an AI time VIP. */
export function aiPlan(vip: VipInfo | undefined): PlanLabel {
  if (!vip?.isAiTimeVip) return 'free';
  return labelOfPlanName(vip.aiVipName);
}
