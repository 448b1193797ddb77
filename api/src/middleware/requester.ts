import type { NextFunction, Request, Response } from 'express';
import type { Env } from '#shared/env';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { bearerKey, hashApiKey } from '#shared/server/api-keys';
import { randomId } from '#shared/server/ids';
import { checkCredential } from '../services/credential-checks';

/**
 * Who is asking: always a visitor id (anonymous cookie), plus a user id once signed in, by the
 * session cookie or by one of the user's API keys (`Authorization: Bearer`, then `apiKeyId` too).
 */
export interface Requester {
  visitorId: string;
  userId: string | null;
  apiKeyId: string | null;
}

export const VISITOR_COOKIE = 'sheafVisitor';
export const SESSION_COOKIE = 'sheafUserToken';
const VISITOR_ID = /^[A-Za-z0-9]{32}$/;
const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * What all our cookies share. Secure whenever the site is reached over HTTPS: the request itself
 * (`req.secure` believes X-Forwarded-Proto only from a TRUST_PROXY hop) or the configured public origin.
 */
export function cookieBase(env: Pick<Env, 'PUBLIC_URL'>, req: Request) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: req.secure || env.PUBLIC_URL.startsWith('https:') };
}

/** Reads the anonymous visitor id, issuing one when missing or malformed. */
export function ensureVisitorId(env: Pick<Env, 'PUBLIC_URL'>, req: Request, res: Response): string {
  const current = req.cookies?.[VISITOR_COOKIE] as string | undefined;
  if (current && VISITOR_ID.test(current)) return current;
  return renewVisitorId(env, req, res);
}

/**
 * Hands the browser a new visitor id. Done at sign-in and sign-out, so whoever uses the browser next
 * is not the visitor who worked in it before.
 */
export function renewVisitorId(env: Pick<Env, 'PUBLIC_URL'>, req: Request, res: Response): string {
  const visitorId = randomId(32);
  res.cookie(VISITOR_COOKIE, visitorId, { ...cookieBase(env, req), maxAge: YEAR_MS, path: '/' });
  const who = res.locals.requester as Requester | undefined;
  if (who) who.visitorId = visitorId;
  return visitorId;
}

/** A key's last use is written at most this often: a script's every call need not write a row. */
const LAST_USED_EVERY_MS = 60_000;

/** The user and key behind an API key; unknown, malformed or revoked keys are API_KEY_INVALID. */
async function keyHolder(deps: Deps, key: string | 'malformed'): Promise<Requester> {
  const row =
    key === 'malformed'
      ? null
      : await deps.db.apiKey.findUnique({ where: { hash: hashApiKey(key) }, select: { id: true, userId: true, revokedAt: true, lastUsedAt: true } });
  if (!row || row.revokedAt) throw new AppError('API_KEY_INVALID', row ? `revoked key ${row.id}` : 'unknown key');
  const now = deps.now();
  const stale = new Date(now.getTime() - LAST_USED_EVERY_MS);
  // The row just read says whether the write is due: most calls of a busy script make none.
  if (!row.lastUsedAt || row.lastUsedAt < stale) {
    await deps.db.apiKey.updateMany({ where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: stale } }] }, data: { lastUsedAt: now } });
  }
  // An API client keeps no cookies: it gets no visitor cookie, and a visitor id of this request only.
  return { visitorId: randomId(32), userId: row.userId, apiKeyId: row.id };
}

export function requester(deps: Deps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = bearerKey(req.headers.authorization);
    if (key) {
      res.locals.requester = await checkCredential(deps, req.ip, () => keyHolder(deps, key));
      return next();
    }
    const visitorId = ensureVisitorId(deps.env, req, res);
    let userId: string | null = null;
    const token = req.cookies?.[SESSION_COOKIE] as string | undefined;
    if (token && token.length <= 128) {
      const session = await deps.db.session.findUnique({ where: { token }, select: { userId: true, expiresAt: true, revokedAt: true } });
      if (session && !session.revokedAt && session.expiresAt > deps.now()) userId = session.userId;
    }
    res.locals.requester = { visitorId, userId, apiKeyId: null } satisfies Requester;
    next();
  };
}

export const getRequester = (res: Response): Requester => res.locals.requester as Requester;

/** Lets only a signed-in requester through; others get NOT_SIGNED_IN (the login popup). */
export const requireUser = (_req: Request, res: Response, next: NextFunction) =>
  getRequester(res).userId ? next() : next(new AppError('NOT_SIGNED_IN', 'signed-in route'));

/** The language of a request: the `lang` header the pages send, else the lang cookie; French or English. */
export const langOf = (req: Request): 'en' | 'fr' => (String(req.headers.lang ?? req.cookies?.lang ?? 'en').startsWith('fr') ? 'fr' : 'en');
