import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';

/**
 * A fixed-window counter in Redis, so the limit holds across api instances. Throws TOO_FREQUENT
 * (the spec's code 410) once `limit` hits happened within `windowSeconds`.
 */
export async function rateLimit(deps: Deps, key: string, limit: number, windowSeconds: number): Promise<void> {
  const redisKey = `${deps.env.QUEUE_PREFIX}:rl:${key}`;
  const [[, count], [, ttl]] = (await deps.redis.multi().incr(redisKey).ttl(redisKey).exec()) as [[null, number], [null, number]];
  if (ttl < 0) await deps.redis.expire(redisKey, windowSeconds);
  if (count > limit) throw new AppError('TOO_FREQUENT', `${key}: ${count} in ${windowSeconds}s`);
}
