import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import { z } from 'zod';
import { ZStart } from '#shared/endpoints/accounts';
import type { Env } from '#shared/env';
import { AppError, isAppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { log } from '#shared/server/logger';
import { cookieBase } from '../../middleware/requester';
import { userForGoogle } from '../../services/google-service';

const STATE_COOKIE = 'sheafOauthState';
const STATE_PATH = '/api/user/google';

/**
 * Where to land after signing in: a path on this site, never another origin. Anything else
 * (`//evil.example`, `https://…`, `/\evil`, the API itself) lands on the home page.
 */
export function safeReturnPath(env: Pick<Env, 'PUBLIC_URL'>, raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > 512 || !raw.startsWith('/') || /[\\\u0000-\u001f]/.test(raw)) return '/';
  const origin = new URL(env.PUBLIC_URL).origin;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return '/';
  }
  if (url.origin !== origin || url.pathname.startsWith('/api/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

const ZStateCookie = z.object({ state: z.string(), next: z.string(), channel: z.string().optional() });
type StateCookie = z.infer<typeof ZStateCookie>;

const readStateCookie = (req: Request): StateCookie | undefined => {
  const parsed = ZStateCookie.safeParse(req.cookies?.[STATE_COOKIE]);
  return parsed.success ? parsed.data : undefined;
};

/**
 * The OAuth state lives in a short-lived HttpOnly cookie (we keep no server-side web session),
 * which is what passport-oauth2's state store interface asks for; the page to return to and the
 * channel ride along with it.
 */
function cookieStateStore(env: Env) {
  return {
    store(req: Request, _meta: unknown, done: (err: Error | null, state?: string) => void) {
      const start = ZStart.safeParse(req.query);
      const value: StateCookie = {
        state: randomId(32),
        next: safeReturnPath(env, start.success ? start.data.next : undefined),
        channel: start.success ? start.data.channel : undefined,
      };
      req.res!.cookie(STATE_COOKIE, value, { ...cookieBase(env, req), maxAge: 10 * 60_000, path: STATE_PATH });
      done(null, value.state);
    },
    verify(req: Request, state: string, done: (err: Error | null, ok: boolean, info?: { message: string }) => void) {
      const expected = readStateCookie(req)?.state;
      req.res!.clearCookie(STATE_COOKIE, { path: STATE_PATH });
      done(null, !!expected && expected === state, { message: 'state mismatch' });
    },
  };
}

/** `path` with `loginError` added to its query. */
function withLoginError(path: string, code: string): string {
  const url = new URL(path, 'http://site.invalid');
  url.searchParams.set('loginError', code);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Google's redirect flow (passport-google-oauth20), for browsers without Google's one-tap script.
 * Its endpoints come from configuration, so tests run it against a local stand-in.
 * `GET /api/user/google?next=/fr/merge-pdf&channel=…` comes back to `next` (a path on this site).
 */
type Step = (req: Request, res: Response, next: NextFunction) => void;

export function googleRedirectFlow(deps: Deps, signIn: (req: Request, res: Response, userId: string) => Promise<unknown>): { start: Step; callback: Step } {
  const { GOOGLE_CLIENT_ID: clientID, GOOGLE_CLIENT_SECRET: clientSecret } = deps.env;
  if (!clientID || !clientSecret) {
    // An old page or a bookmark may still start it: back where the user was, with the reason.
    const refuse: Step = (req, res) => {
      const start = ZStart.safeParse(req.query);
      res.redirect(302, withLoginError(safeReturnPath(deps.env, start.success ? start.data.next : undefined), 'GOOGLE_LOGIN_FAILED'));
    };
    return { start: refuse, callback: refuse };
  }
  const strategy = new GoogleStrategy(
    {
      clientID,
      clientSecret,
      // Set per request from PUBLIC_URL (below); passport would otherwise resolve it against the Host header.
      callbackURL: '',
      authorizationURL: deps.env.GOOGLE_AUTH_URL,
      tokenURL: deps.env.GOOGLE_TOKEN_URL,
      userProfileURL: deps.env.GOOGLE_USERINFO_URL,
      store: cookieStateStore(deps.env) as never,
      scope: ['profile', 'email'],
    },
    (_accessToken: string, _refreshToken: string, profile: Profile, done: (err: Error | null, user?: Profile) => void) => done(null, profile),
  );
  const auth = new passport.Passport();
  auth.use('google', strategy);
  // passport-oauth2 reads `callbackURL` from the call's options too (its typings omit it).
  const options = () => ({ session: false, callbackURL: `${deps.env.PUBLIC_URL}${STATE_PATH}/callback` }) as passport.AuthenticateOptions;

  const start: Step = (req, res, next) => auth.authenticate('google', options())(req, res, next);
  const callback: Step = (req, res, next) => {
    // Read before passport's state check clears the cookie.
    const started = readStateCookie(req);
    const landing = safeReturnPath(deps.env, started?.next);
    auth.authenticate('google', options(), async (err: Error | null, profile: Profile | false) => {
      try {
        const email = profile && profile.emails?.find((e) => (e as { verified?: boolean | string }).verified !== false)?.value;
        if (err || !profile || !email) throw new AppError('GOOGLE_LOGIN_FAILED', err?.message ?? 'no verified email');
        const userId = await userForGoogle(deps, { sub: profile.id, email, name: profile.displayName }, started?.channel);
        await signIn(req, res, userId);
        res.redirect(302, landing);
      } catch (e) {
        // A person arrives here from Google's page: send them back to the site with the reason, not a JSON body.
        if (!isAppError(e)) return next(e);
        log.info('google sign-in refused', { code: e.code, detail: e.detail });
        res.redirect(302, withLoginError(landing, e.code));
      }
    })(req, res, next);
  };
  return { start, callback };
}
