import type { NextFunction, Request, Response } from 'express';
import type { Deps } from '../../../shared/src/server/deps';
import { randomId } from '../../../shared/src/server/ids';

/** Who is asking: always a visitor id (anonymous cookie), plus a user id once signed in. */
export interface Requester {
  visitorId: string;
  userId: string | null;
}

export const VISITOR_COOKIE = 'sheafVisitor';
export const SESSION_COOKIE = 'sheafUserToken';
const VISITOR_ID = /^[A-Za-z0-9]{32}$/;
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** Reads the anonymous visitor id, issuing one when missing or malformed. */
export function ensureVisitorId(req: Request, res: Response): string {
  const current = req.cookies?.[VISITOR_COOKIE] as string | undefined;
  if (current && VISITOR_ID.test(current)) return current;
  const visitorId = randomId(32);
  res.cookie(VISITOR_COOKIE, visitorId, { httpOnly: true, sameSite: 'lax', maxAge: YEAR_MS, path: '/', secure: req.secure });
  return visitorId;
}

export function requester(deps: Deps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const visitorId = ensureVisitorId(req, res);
    let userId: string | null = null;
    const token = req.cookies?.[SESSION_COOKIE] as string | undefined;
    if (token && token.length <= 128) {
      const session = await deps.db.session.findUnique({ where: { token }, select: { userId: true, expiresAt: true, revokedAt: true } });
      if (session && !session.revokedAt && session.expiresAt > deps.now()) userId = session.userId;
    }
    res.locals.requester = { visitorId, userId } satisfies Requester;
    next();
  };
}

export const getRequester = (res: Response): Requester => res.locals.requester as Requester;
