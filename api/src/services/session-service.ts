import type { Request, Response } from 'express';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { cookieBase, getRequester, renewVisitorId, SESSION_COOKIE } from '../middleware/requester';

/** Starts a session: a random token in the database and in the HttpOnly cookie, nowhere else. */
export async function startSession(deps: Deps, req: Request, res: Response, userId: string, meta: { clientId?: string }) {
  const token = randomId(48);
  const maxAge = deps.env.SESSION_DAYS * 24 * 3600 * 1000;
  await deps.db.session.create({
    data: { token, userId, clientId: meta.clientId?.slice(0, 128), userAgent: req.get('user-agent')?.slice(0, 300), expiresAt: new Date(deps.now().getTime() + maxAge) },
  });
  res.cookie(SESSION_COOKIE, token, { ...cookieBase(deps.env, req), path: '/', maxAge });
}

/** Revokes the session and leaves the browser as a new visitor: nothing made before stays reachable from it. */
export async function endSession(deps: Deps, req: Request, res: Response, token: string | undefined) {
  if (token) await deps.db.session.updateMany({ where: { token, revokedAt: null }, data: { revokedAt: deps.now() } });
  res.clearCookie(SESSION_COOKIE, { path: '/' });
  renewVisitorId(deps.env, req, res);
}

/**
 * What a visitor made before signing in (files, tasks) becomes the account's. Called only when the
 * sign-in is that visitor's own doing (see `consumeLoginLink`); the caller then renews the visitor
 * id, so once the account is signed out that work is out of the browser's reach.
 */
export async function adoptVisitorWork(deps: Deps, res: Response, userId: string) {
  const who = getRequester(res);
  await deps.db.$transaction([
    deps.db.file.updateMany({ where: { visitorId: who.visitorId, userId: null }, data: { userId } }),
    deps.db.task.updateMany({ where: { visitorId: who.visitorId, userId: null }, data: { userId } }),
  ]);
}
