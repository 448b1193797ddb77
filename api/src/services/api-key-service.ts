import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { API_KEYS_PER_USER, newApiKey } from '#shared/server/api-keys';

/** A user's live keys (revoked ones are gone from the list), newest first. */
export function listApiKeys(deps: Deps, userId: string) {
  return deps.db.apiKey.findMany({
    where: { userId, revokedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: API_KEYS_PER_USER,
  });
}

/**
 * Creates a key: only its hash is kept, so the key (and its webhook secret, shown beside it) can be
 * handed out this once. Past API_KEYS_PER_USER live keys, API_KEY_LIMIT: a revoked one frees a place.
 */
export async function createApiKey(deps: Deps, userId: string, name: string) {
  const fresh = newApiKey();
  const row = await deps.db.$transaction(async (tx) => {
    // One creation at a time per user: two at once cannot both take the last place.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`api-keys:${userId}`}))`;
    const live = await tx.apiKey.count({ where: { userId, revokedAt: null } });
    if (live >= API_KEYS_PER_USER) throw new AppError('API_KEY_LIMIT', `user ${userId} holds ${live} keys`);
    return tx.apiKey.create({
      data: { userId, name, prefix: fresh.prefix, hash: fresh.hash, webhookSecret: fresh.webhookSecret, createdAt: deps.now() },
    });
  });
  return { row, key: fresh.key, webhookSecret: fresh.webhookSecret };
}

/** Revokes one of the user's live keys; another user's, an unknown or an already revoked one is answered as missing. */
export async function revokeApiKey(deps: Deps, userId: string, id: string) {
  const { count } = await deps.db.apiKey.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: deps.now() } });
  if (count === 0) throw new AppError('NOT_FOUND', `api key ${id}`);
}
