import type { UserAccount } from '../services/user-service';

/** Shapes an account into the spec's user state: userInfo and vipInfo (derived by vipInfoOf). */
export function presentUser({ user, vipInfo }: UserAccount) {
  return {
    userInfo: { userName: user.name, email: user.email, id: user.id },
    vipInfo,
  };
}
