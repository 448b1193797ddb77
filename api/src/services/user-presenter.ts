import type { Deps } from '#shared/server/deps';

/** The spec's user state: userInfo and vipInfo (flags derived from active subscriptions). */
export async function presentUser(deps: Deps, userId: string) {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: userId } });
  const active = await deps.db.subscription.findMany({
    where: { userId, status: { in: ['ACTIVE', 'TRIALING'] }, OR: [{ currentPeriodEnd: null }, { currentPeriodEnd: { gt: deps.now() } }] },
    include: { product: true },
  });
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
