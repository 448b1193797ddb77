import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { cookieBase, type Requester } from '../middleware/requester';

/**
 * A browser that signed in to an address keeps a proof of it: a random id in an HttpOnly cookie,
 * and in Redis the id's hash beside each address it signed in to. The proof outlives sign-out (that
 * is when a person needs a new link) and gives no access to anything; it only lets the owner's link
 * requests be counted apart from everyone else's, so strangers asking for links cannot lock them out.
 */
export const PROOF_COOKIE = 'sheafLoginProof';
const PROOF_DAYS = 30;
const PROOF_ID = /^[A-Za-z0-9]{32}$/;
// Only the sign-in calls need it.
const PROOF_PATH = '/api/user';

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const proofKey = (deps: Deps, proof: string, email: string) => `${deps.env.QUEUE_PREFIX}:proof:${hash(proof)}:${email}`;
const proofOf = (req: Request): string | undefined => {
  const value = req.cookies?.[PROOF_COOKIE] as string | undefined;
  return value && PROOF_ID.test(value) ? value : undefined;
};

/** Records that this browser has just signed in to `email` (normalized). */
export async function rememberOwnedAddress(deps: Deps, req: Request, res: Response, email: string): Promise<void> {
  const proof = proofOf(req) ?? randomId(32);
  const maxAge = PROOF_DAYS * 24 * 3600 * 1000;
  await deps.redis.set(proofKey(deps, proof, email), '1', 'PX', maxAge);
  res.cookie(PROOF_COOKIE, proof, { ...cookieBase(deps.env, req), path: PROOF_PATH, maxAge });
}

/**
 * Who, among the requesters that proved they own `email` (normalized), is asking: a session of that
 * address, or a browser that signed in to it within PROOF_DAYS. Null for anyone else.
 */
export async function provenOwner(deps: Deps, req: Request, who: Requester, email: string): Promise<string | null> {
  if (who.userId) {
    const user = await deps.db.user.findUnique({ where: { id: who.userId }, select: { email: true } });
    if (user?.email === email) return `user:${who.userId}`;
  }
  const proof = proofOf(req);
  if (proof && (await deps.redis.exists(proofKey(deps, proof, email))) === 1) return `proof:${hash(proof)}`;
  return null;
}
