import type { VipInfo } from '#shared/billing/api';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { isValidName } from '#shared/validation';
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

/** Changes the name the account goes by (the avatar's letter, the mails' greeting); 2–20 characters. */
export async function renameUser(deps: Deps, userId: string, name: string): Promise<UserAccount> {
  const trimmed = name.trim();
  if (!isValidName(trimmed)) throw new AppError('INVALID_NAME', name);
  await deps.db.user.update({ where: { id: userId }, data: { name: trimmed } });
  return loadAccount(deps, userId);
}
