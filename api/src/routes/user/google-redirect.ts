import type { Request, Response, Router } from 'express';
import passport from 'passport';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import { AppError, isAppError } from '../../../../shared/src/errors';
import type { Deps } from '../../../../shared/src/server/deps';
import { randomId } from '../../../../shared/src/server/ids';
import { log } from '../../../../shared/src/server/logger';
import { userForGoogle } from '../../services/google-service';

const STATE_COOKIE = 'sheafOauthState';

/**
 * The OAuth state lives in a short-lived HttpOnly cookie (we keep no server-side web session),
 * which is what passport-oauth2's state store interface asks for.
 */
const cookieStateStore = {
  store(req: Request, _meta: unknown, done: (err: Error | null, state?: string) => void) {
    const state = randomId(32);
    req.res!.cookie(STATE_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure: req.secure, maxAge: 10 * 60_000, path: '/api/user/google' });
    done(null, state);
  },
  verify(req: Request, state: string, done: (err: Error | null, ok: boolean, info?: { message: string }) => void) {
    const expected = req.cookies?.[STATE_COOKIE];
    req.res!.clearCookie(STATE_COOKIE, { path: '/api/user/google' });
    done(null, !!expected && expected === state, { message: 'state mismatch' });
  },
};

/**
 * Google's redirect flow (passport-google-oauth20), for browsers without Google's one-tap script.
 * Its endpoints come from configuration, so tests run it against a local stand-in.
 */
export function googleRedirectFlow(deps: Deps, r: Router, signIn: (req: Request, res: Response, userId: string) => Promise<unknown>) {
  const { GOOGLE_CLIENT_ID: clientID, GOOGLE_CLIENT_SECRET: clientSecret } = deps.env;
  if (!clientID || !clientSecret) {
    r.get(['/google', '/google/callback'], () => {
      throw new AppError('NOT_FOUND', 'Google sign-in is not configured');
    });
    return;
  }
  const strategy = new GoogleStrategy(
    {
      clientID,
      clientSecret,
      callbackURL: '/api/user/google/callback',
      authorizationURL: deps.env.GOOGLE_AUTH_URL,
      tokenURL: deps.env.GOOGLE_TOKEN_URL,
      userProfileURL: deps.env.GOOGLE_USERINFO_URL,
      store: cookieStateStore as never,
      scope: ['profile', 'email'],
    },
    (_accessToken: string, _refreshToken: string, profile: Profile, done: (err: Error | null, user?: Profile) => void) => done(null, profile),
  );
  const auth = new passport.Passport();
  auth.use('google', strategy);

  r.get('/google', auth.authenticate('google', { session: false }));
  r.get('/google/callback', (req, res, next) => {
    auth.authenticate('google', { session: false }, async (err: Error | null, profile: Profile | false) => {
      try {
        const email = profile && profile.emails?.find((e) => (e as { verified?: boolean | string }).verified !== false)?.value;
        if (err || !profile || !email) throw new AppError('GOOGLE_LOGIN_FAILED', err?.message ?? 'no verified email');
        const userId = await userForGoogle(deps, { sub: profile.id, email, name: profile.displayName });
        await signIn(req, res, userId);
        res.redirect(302, '/');
      } catch (e) {
        // A person arrives here from Google's page: send them back to the site with the reason, not a JSON body.
        if (!isAppError(e)) return next(e);
        log.info('google sign-in refused', { code: e.code, detail: e.detail });
        res.redirect(302, `/?loginError=${e.code}`);
      }
    })(req, res, next);
  });
}
