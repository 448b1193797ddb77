import { planLabel } from '#shared/billing/vip';
import type { VipInfo } from './user-api';

/** A plan's label as a copy key (`account.plans.<label>`). */
export type PlanLabel = 'free' | 'monthly' | 'yearly' | 'quarterly' | 'lifetime';

const KEY = { Free: 'free', Monthly: 'monthly', Quarterly: 'quarterly', Yearly: 'yearly', Lifetime: 'lifetime' } as const satisfies Record<ReturnType<typeof planLabel>, PlanLabel>;

/** The spec's label of a plan name: contains month → Monthly, quarterly → Quarterly, year → Yearly, else Lifetime. */
export function labelOfPlanName(name: string): PlanLabel {
  return KEY[planLabel(name)];
}

/** The PDF plan: Free when the user is not a time VIP (Lifetime is a time VIP too: see vipInfoOf). */
export function pdfPlan(vip: VipInfo | undefined): PlanLabel {
  return vip?.isTimeVip ? labelOfPlanName(vip.vipName) : 'free';
}

/** The AI plan: Free when the user is not an AI time VIP (a Pro plan includes AI). */
export function aiPlan(vip: VipInfo | undefined): PlanLabel {
  return vip?.isAiTimeVip ? labelOfPlanName(vip.aiVipName) : 'free';
}
