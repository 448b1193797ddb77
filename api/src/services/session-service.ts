import type { Response } from 'express';
import type { Deps } from '../../../shared/src/server/deps';
import { randomId } from '../../../shared/src/server/ids';
import { SESSION_COOKIE, type Requester } from '../middleware/requester';

/** Starts a session: a random token in the database and in the HttpOnly cookie. */
export async function startSession(deps: Deps, res: Response, userId: string, meta: { clientId?: string; userAgent?: string; secure: boolean }) {
  const token = randomId(48);
  const maxAge = deps.env.SESSION_DAYS * 24 * 3600 * 1000;
  await deps.db.session.create({
    data: { token, userId, clientId: meta.clientId?.slice(0, 128), userAgent: meta.userAgent?.slice(0, 300), expiresAt: new Date(deps.now().getTime() + maxAge) },
  });
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: meta.secure, path: '/', maxAge });
  return token;
}

export async function endSession(deps: Deps, res: Response, token: string | undefined) {
  if (token) await deps.db.session.updateMany({ where: { token, revokedAt: null }, data: { revokedAt: deps.now() } });
  res.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** What a visitor made before signing in (files, tasks) becomes the account's. */
export async function adoptVisitorWork(deps: Deps, who: Requester, userId: string) {
  await deps.db.$transaction([
    deps.db.file.updateMany({ where: { visitorId: who.visitorId, userId: null }, data: { userId } }),
    deps.db.task.updateMany({ where: { visitorId: who.visitorId, userId: null }, data: { userId } }),
  ]);
}
