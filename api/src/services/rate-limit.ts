import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { whenReady } from '#shared/server/redis';

/** How long a count waits for a Redis connection still being opened (the api just started) before it fails. */
const CONNECT_WAIT_MS = 2000;

/** Where a key stands in its current window, for the RateLimit-* headers. */
export interface RateWindow {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
  exceeded: boolean;
}

/** Counts one hit of `key` in a fixed window kept in Redis, so the limit holds across api instances. */
export async function countHit(deps: Deps, key: string, limit: number, windowSeconds: number): Promise<RateWindow> {
  const redisKey = `${deps.env.QUEUE_PREFIX}:rl:${key}`;
  await whenReady(deps.redis, CONNECT_WAIT_MS);
  const [[, count], [, ttl]] = (await deps.redis.multi().incr(redisKey).ttl(redisKey).exec()) as [[null, number], [null, number]];
  if (ttl < 0) await deps.redis.expire(redisKey, windowSeconds);
  return { limit, remaining: Math.max(0, limit - count), resetSeconds: ttl < 0 ? windowSeconds : Math.max(1, ttl), exceeded: count > limit };
}

/** Throws TOO_FREQUENT (the spec's code 410) once `limit` hits happened within `windowSeconds`. */
export async function rateLimit(deps: Deps, key: string, limit: number, windowSeconds: number): Promise<void> {
  const window = await countHit(deps, key, limit, windowSeconds);
  if (window.exceeded) throw new AppError('TOO_FREQUENT', `${key}: over ${limit} in ${windowSeconds}s`);
}

/** The window nearer its limit: an exceeded one first, then the one with the fewest hits left. */
export const nearerLimit = (a: RateWindow, b: RateWindow): RateWindow =>
  a.exceeded !== b.exceeded ? (a.exceeded ? a : b) : a.remaining <= b.remaining ? a : b;

/** Counts a hit against each key and answers the window nearest its limit: what the RateLimit-* headers report. */
export async function tightestWindow(deps: Deps, keys: readonly string[], limit: number, windowSeconds: number): Promise<RateWindow> {
  const windows = await Promise.all(keys.map((key) => countHit(deps, key, limit, windowSeconds)));
  return windows.reduce(nearerLimit);
}
