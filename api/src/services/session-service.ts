import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { rememberOwnedAddress, type AddressProof } from './address-proof';
import { loadAccount, type UserAccount } from './user-service';

/** A session token for the browser to keep, and for how long (ms). */
export interface SessionGrant {
  token: string;
  maxAge: number;
}

/** Starts a session: a random token in the database and, through the caller, in the HttpOnly cookie, nowhere else. */
export async function startSession(deps: Deps, userId: string, meta: { clientId?: string; userAgent?: string }): Promise<SessionGrant> {
  const token = randomId(48);
  const maxAge = deps.env.SESSION_DAYS * 24 * 3600 * 1000;
  await deps.db.session.create({
    data: { token, userId, clientId: meta.clientId?.slice(0, 128), userAgent: meta.userAgent?.slice(0, 300), expiresAt: new Date(deps.now().getTime() + maxAge) },
  });
  return { token, maxAge };
}

/** Revokes the session of this token, if any. */
export async function endSession(deps: Deps, token: string | undefined): Promise<void> {
  if (token) await deps.db.session.updateMany({ where: { token, revokedAt: null }, data: { revokedAt: deps.now() } });
}

/**
 * What a visitor made before signing in (files, tasks) becomes the account's. Called only when the
 * sign-in is that visitor's own doing (see `consumeLoginLink`); the caller then renews the visitor
 * id, so once the account is signed out that work is out of the browser's reach.
 */
export async function adoptVisitorWork(deps: Deps, visitorId: string, userId: string): Promise<void> {
  await deps.db.$transaction([
    deps.db.file.updateMany({ where: { visitorId, userId: null }, data: { userId } }),
    deps.db.task.updateMany({ where: { visitorId, userId: null }, data: { userId } }),
    deps.db.aiDocument.updateMany({ where: { visitorId, userId: null }, data: { userId } }),
  ]);
}

export interface SignInRequest {
  userId: string;
  clientId?: string;
  userAgent?: string;
  /** The visitor whose work becomes the account's; none when the sign-in is not that visitor's own doing. */
  adoptFrom?: string;
  /** The browser's address proof, if it holds one (see address-proof). */
  proof?: string;
}

/**
 * Signs a user in: a new session, the visitor's work moved to the account when asked, and the
 * proof that this browser owns the address. Returns what the browser keeps and the account.
 */
export async function signIn(deps: Deps, req: SignInRequest): Promise<{ session: SessionGrant; proof: AddressProof; account: UserAccount }> {
  const session = await startSession(deps, req.userId, { clientId: req.clientId, userAgent: req.userAgent });
  if (req.adoptFrom) await adoptVisitorWork(deps, req.adoptFrom, req.userId);
  const account = await loadAccount(deps, req.userId);
  const proof = await rememberOwnedAddress(deps, req.proof, account.user.email);
  return { session, proof, account };
}
