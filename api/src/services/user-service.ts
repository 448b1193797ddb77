import type { VipInfo } from '#shared/billing/api';
import type { Deps } from '#shared/server/deps';
import { vipInfoFor } from './billing/entitlement-service';

/** A user and what their plans entitle them to now: what the user calls answer with. */
export interface UserAccount {
  user: { id: string; name: string; email: string };
  vipInfo: VipInfo;
}

/** Loads a user and the vipInfo their subscriptions give. */
export async function loadAccount(deps: Deps, userId: string): Promise<UserAccount> {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, name: true, email: true } });
  return { user, vipInfo: await vipInfoFor(deps, userId) };
}
