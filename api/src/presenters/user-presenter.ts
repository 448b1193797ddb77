import type { UserAccount } from '../services/user-service';

/** Shapes an account into the spec's user state: userInfo and vipInfo (flags derived from active subscriptions). */
export function presentUser({ user, active }: UserAccount) {
  const pdf = active.find((s) => !s.isAi);
  const ai = active.find((s) => s.isAi);
  const timed = (s: typeof pdf) => !!s && s.product.productType !== 'FOREVER';
  return {
    userInfo: { userName: user.name, email: user.email, id: user.id },
    vipInfo: {
      isVip: !!pdf,
      isTimeVip: timed(pdf),
      isAiTimeVip: timed(ai),
      vipName: pdf?.product.name ?? '',
      aiVipName: ai?.product.name ?? '',
      isSubscript: active.some((s) => s.status === 'ACTIVE' || s.status === 'TRIALING'),
    },
  };
}
