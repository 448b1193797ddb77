import type { Deps } from '#shared/server/deps';

/** A user and the subscriptions active now: what the user calls answer with. */
export interface UserAccount {
  user: { id: string; name: string; email: string };
  active: Array<{ status: string; isAi: boolean; product: { name: string; productType: string } }>;
}

/** Loads a user and its subscriptions that are active (or trialing) and not past their period. */
export async function loadAccount(deps: Deps, userId: string): Promise<UserAccount> {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, name: true, email: true } });
  const active = await deps.db.subscription.findMany({
    where: { userId, status: { in: ['ACTIVE', 'TRIALING'] }, OR: [{ currentPeriodEnd: null }, { currentPeriodEnd: { gt: deps.now() } }] },
    select: { status: true, isAi: true, product: { select: { name: true, productType: true } } },
  });
  return { user, active };
}
