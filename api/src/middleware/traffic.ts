import type { NextFunction, Request, Response } from 'express';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { outages } from '#shared/server/outage';
import { whenReady } from '#shared/server/redis';
import { countHit, nearerLimit, tightestWindow, type RateWindow } from '../services/rate-limit';
import { waitingTasks } from '../services/task-service';
import { unavailable } from './error-handler';
import { getRequester } from './requester';
import { discardBody } from './upload';

const WINDOW_SECONDS = 60;
const MB = 1024 * 1024;
/** A busy server asks clients back after 5–15 s: spread out, so they do not all return at once. */
const BUSY_RETRY_MIN_SECONDS = 5;
const BUSY_RETRY_SPREAD_SECONDS = 10;

/** How long a request waits for a Redis connection still being opened (the api just started). */
const CONNECT_WAIT_MS = 2000;

/**
 * For the routes that need Redis (their rate limits, the queue): while it is away, UNAVAILABLE with
 * Retry-After at once, before any work, rather than a failure halfway or a request that hangs on the
 * queue's connection (which waits for Redis to come back).
 */
export function needsRedis(deps: Deps) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (deps.redis.status !== 'ready') {
      const known = outages.isDown('redis');
      const up = !known && (await whenReady(deps.redis, CONNECT_WAIT_MS).then(() => true, () => false));
      if (!up) {
        await discardBody(req, deps.env.MAX_UPLOAD_MB * MB);
        throw unavailable();
      }
    }
    next();
  };
}

/**
 * Uploads and transfers per minute, counted for the requester (the user when signed in, else the
 * visitor) and for the address: past either, TOO_FREQUENT with Retry-After. Every answer carries
 * RateLimit-Limit/-Remaining/-Reset for the nearer of the two (or of an API key's window, when nearer).
 */
export function limitRate(deps: Deps, what: 'upload' | 'transfer') {
  const limit = what === 'upload' ? deps.env.UPLOADS_PER_MINUTE : deps.env.TRANSFERS_PER_MINUTE;
  return async (req: Request, res: Response, next: NextFunction) => {
    const who = getRequester(res);
    const requester = who.userId ? `u:${who.userId}` : `v:${who.visitorId}`;
    const window = await tightestWindow(deps, [`${what}:${requester}`, `${what}:ip:${req.ip}`], limit, WINDOW_SECONDS);
    await answerWindow(deps, req, res, window, `${what}s: over ${limit} a minute for ${requester} or ${req.ip}`);
    next();
  };
}

/** Every request made with an API key counts against that key's API_KEY_REQUESTS_PER_MINUTE; others pass uncounted. */
export function limitApiKeyRate(deps: Deps) {
  const limit = deps.env.API_KEY_REQUESTS_PER_MINUTE;
  return async (req: Request, res: Response, next: NextFunction) => {
    const { apiKeyId } = getRequester(res);
    if (!apiKeyId) return next();
    const window = await countHit(deps, `key:${apiKeyId}`, limit, WINDOW_SECONDS);
    await answerWindow(deps, req, res, window, `API key ${apiKeyId}: over ${limit} requests a minute`);
    next();
  };
}

/**
 * Reports a counted window in the RateLimit-* headers (of all the windows a request counted against,
 * the one nearest its limit) and, once it is exceeded, refuses with TOO_FREQUENT and Retry-After.
 */
async function answerWindow(deps: Deps, req: Request, res: Response, window: RateWindow, why: string) {
  const shown = nearerLimit(window, (res.locals.rateWindow as RateWindow | undefined) ?? window);
  res.locals.rateWindow = shown;
  res.setHeader('RateLimit-Limit', String(shown.limit));
  res.setHeader('RateLimit-Remaining', String(shown.remaining));
  res.setHeader('RateLimit-Reset', String(shown.resetSeconds));
  if (!window.exceeded) return;
  res.setHeader('Retry-After', String(window.resetSeconds));
  // An upload is refused before its body was read: the answer must still reach the client.
  await discardBody(req, deps.env.MAX_UPLOAD_MB * MB);
  throw new AppError('TOO_FREQUENT', why);
}

/** Backpressure: while more tasks wait than QUEUE_BUSY_DEPTH, a new one is refused with SERVICE_BUSY and Retry-After. */
export function refuseWhenBusy(deps: Deps) {
  return async (_req: Request, res: Response, next: NextFunction) => {
    const waiting = await waitingTasks(deps);
    if (waiting <= deps.env.QUEUE_BUSY_DEPTH) return next();
    res.setHeader('Retry-After', String(BUSY_RETRY_MIN_SECONDS + Math.floor(Math.random() * (BUSY_RETRY_SPREAD_SECONDS + 1))));
    throw new AppError('SERVICE_BUSY', `${waiting} tasks waiting`);
  };
}
