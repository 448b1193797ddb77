import type { NextFunction, Request, Response } from 'express';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { tightestWindow } from '../services/rate-limit';
import { waitingTasks } from '../services/task-service';
import { getRequester } from './requester';
import { discardBody } from './upload';

const WINDOW_SECONDS = 60;
const MB = 1024 * 1024;
/** A busy server asks clients back after 5–15 s: spread out, so they do not all return at once. */
const BUSY_RETRY_MIN_SECONDS = 5;
const BUSY_RETRY_SPREAD_SECONDS = 10;

/**
 * Uploads and transfers per minute, counted for the requester (the user when signed in, else the
 * visitor) and for the address: past either, TOO_FREQUENT with Retry-After. Every answer carries
 * RateLimit-Limit/-Remaining/-Reset for the nearer of the two.
 */
export function limitRate(deps: Deps, what: 'upload' | 'transfer') {
  const limit = what === 'upload' ? deps.env.UPLOADS_PER_MINUTE : deps.env.TRANSFERS_PER_MINUTE;
  return async (req: Request, res: Response, next: NextFunction) => {
    const who = getRequester(res);
    const requester = who.userId ? `u:${who.userId}` : `v:${who.visitorId}`;
    const window = await tightestWindow(deps, [`${what}:${requester}`, `${what}:ip:${req.ip}`], limit, WINDOW_SECONDS);
    res.setHeader('RateLimit-Limit', String(window.limit));
    res.setHeader('RateLimit-Remaining', String(window.remaining));
    res.setHeader('RateLimit-Reset', String(window.resetSeconds));
    if (!window.exceeded) return next();
    res.setHeader('Retry-After', String(window.resetSeconds));
    // An upload is refused before its body was read: the answer must still reach the client.
    await discardBody(req, deps.env.MAX_UPLOAD_MB * MB);
    throw new AppError('TOO_FREQUENT', `${what}s: over ${limit} a minute for ${requester} or ${req.ip}`);
  };
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
