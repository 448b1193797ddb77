import { createHash } from 'node:crypto';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import type { Requester } from '../middleware/requester';

/**
 * A browser that signed in to an address keeps a proof of it: a random id (the routes keep it in an
 * HttpOnly cookie), and in Redis the id's hash beside each address it signed in to. The proof
 * outlives sign-out (that is when a person needs a new link) and gives no access to anything; it
 * only lets the owner's link requests be counted apart from everyone else's, so strangers asking for
 * links cannot lock them out.
 */
const PROOF_DAYS = 30;
const PROOF_ID = /^[A-Za-z0-9]{32}$/;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const proofKey = (deps: Deps, proof: string, email: string) => `${deps.env.QUEUE_PREFIX}:proof:${hash(proof)}:${email}`;
/** The browser's proof, when it holds a well-formed one. */
const validProof = (value: string | undefined): string | undefined => (value && PROOF_ID.test(value) ? value : undefined);

/** A proof for the browser to keep, and for how long (ms). */
export interface AddressProof {
  proof: string;
  maxAge: number;
}

/**
 * Records that the browser holding `proof` (a new one when it holds none) has just signed in to
 * `email` (normalized), and returns the proof it should keep.
 */
export async function rememberOwnedAddress(deps: Deps, proof: string | undefined, email: string): Promise<AddressProof> {
  const kept = validProof(proof) ?? randomId(32);
  const maxAge = PROOF_DAYS * 24 * 3600 * 1000;
  await deps.redis.set(proofKey(deps, kept, email), '1', 'PX', maxAge);
  return { proof: kept, maxAge };
}

/**
 * Who, among the requesters that proved they own `email` (normalized), is asking: a session of that
 * address, or a browser holding a proof it signed in to it within PROOF_DAYS. Null for anyone else.
 */
export async function provenOwner(deps: Deps, proof: string | undefined, who: Requester, email: string): Promise<string | null> {
  if (who.userId) {
    const user = await deps.db.user.findUnique({ where: { id: who.userId }, select: { email: true } });
    if (user?.email === email) return `user:${who.userId}`;
  }
  const valid = validProof(proof);
  if (valid && (await deps.redis.exists(proofKey(deps, valid, email))) === 1) return `proof:${hash(valid)}`;
  return null;
}
