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

/** Where a key stands without counting a hit: `exceeded` once no hit is left (a lane that counts only failures looks first). */
export async function peekWindow(deps: Deps, key: string, limit: number, windowSeconds: number): Promise<RateWindow> {
  const redisKey = `${deps.env.QUEUE_PREFIX}:rl:${key}`;
  await whenReady(deps.redis, CONNECT_WAIT_MS);
  const [[, count], [, ttl]] = (await deps.redis.multi().get(redisKey).ttl(redisKey).exec()) as [[null, string | null], [null, number]];
  const hits = Number(count ?? 0);
  return { limit, remaining: Math.max(0, limit - hits), resetSeconds: ttl < 0 ? windowSeconds : Math.max(1, ttl), exceeded: hits >= limit };
}

/** Throws TOO_FREQUENT (the spec's code 410) once `limit` hits happened within `windowSeconds`. */
export async function rateLimit(deps: Deps, key: string, limit: number, windowSeconds: number): Promise<void> {
  const window = await countHit(deps, key, limit, windowSeconds);
  if (!window.exceeded) return;
  const refused = new AppError('TOO_FREQUENT', `${key}: over ${limit} in ${windowSeconds}s`);
  refused.retryAfterSeconds = window.resetSeconds;
  throw refused;
}

/** The window nearer its limit: an exceeded one first, then the one with the fewest hits left. */
export const nearerLimit = (a: RateWindow, b: RateWindow): RateWindow =>
  a.exceeded !== b.exceeded ? (a.exceeded ? a : b) : a.remaining <= b.remaining ? a : b;

/** Counts a hit against each key and answers the window nearest its limit: what the RateLimit-* headers report. */
export async function tightestWindow(deps: Deps, keys: readonly string[], limit: number, windowSeconds: number): Promise<RateWindow> {
  const windows = await Promise.all(keys.map((key) => countHit(deps, key, limit, windowSeconds)));
  return windows.reduce(nearerLimit);
}

/** A limit one action counts against: at most `limit` within `windowSeconds`. */
export interface Budget {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** Gives back one hit to each key still counting (a key whose window has ended is left alone, not recreated without expiry). */
const REFUND = `for i, key in ipairs(KEYS) do if redis.call('exists', key) == 1 then redis.call('decr', key) end end`;

/**
 * Takes one hit from every budget at once, or none: past any of them, the hits are given back and
 * TOO_FREQUENT says when the last exceeded window ends. The caller gives them back too (`refund`)
 * when the action it counted did not happen, so that only what was really done is counted.
 */
export async function takeHits(deps: Deps, budgets: readonly Budget[]): Promise<{ refund(): Promise<void> }> {
  const keys = budgets.map((b) => `${deps.env.QUEUE_PREFIX}:rl:${b.key}`);
  await whenReady(deps.redis, CONNECT_WAIT_MS);
  const multi = deps.redis.multi();
  for (const key of keys) multi.incr(key).ttl(key);
  const replies = (await multi.exec()) as [null, number][];
  let retryAfter = 0;
  for (const [i, budget] of budgets.entries()) {
    const count = replies[2 * i][1];
    const ttl = replies[2 * i + 1][1];
    if (ttl < 0) await deps.redis.expire(keys[i], budget.windowSeconds);
    if (count > budget.limit) retryAfter = Math.max(retryAfter, ttl < 0 ? budget.windowSeconds : Math.max(1, ttl));
  }
  const refund = async () => {
    await deps.redis.eval(REFUND, keys.length, ...keys);
  };
  if (retryAfter > 0) {
    await refund();
    const refused = new AppError('TOO_FREQUENT', `${budgets.map((b) => b.key).join(', ')}: a limit is reached for ${retryAfter}s`);
    refused.retryAfterSeconds = retryAfter;
    throw refused;
  }
  return { refund };
}
