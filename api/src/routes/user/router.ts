import { Router, type Request, type Response } from 'express';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { getRequester, renewVisitorId, SESSION_COOKIE } from '../../middleware/requester';
import { validateBody } from '../../middleware/validate';
import { provenOwner, rememberOwnedAddress } from '../../services/address-proof';
import { checkAccount, consumeLoginLink, normalizeEmail, sendLoginLink } from '../../services/email-login-service';
import { userForGoogle, verifyGoogleIdToken } from '../../services/google-service';
import { adoptVisitorWork, endSession, startSession } from '../../services/session-service';
import { presentUser } from '../../services/user-presenter';
import { googleRedirectFlow } from './google-redirect';
import { ZCheckEmail, ZEmailLogin, ZGoogleLogin } from './schema';

const langOf = (req: Request): 'en' | 'fr' => (String(req.headers.lang ?? req.cookies?.lang ?? 'en').startsWith('fr') ? 'fr' : 'en');

/**
 * Signs the requester in: the session cookie (the session travels in that HttpOnly cookie alone,
 * never in a body a script could read), the visitor's work moved to the account when `adopt`, a new
 * visitor id either way (the work of a visitor not adopted stays with that visitor, out of the
 * account's reach), the proof that this browser owns the address, and the login data.
 */
async function signIn(deps: Deps, req: Request, res: Response, userId: string, opts: { adopt: boolean; clientId?: string }) {
  await startSession(deps, req, res, userId, { clientId: opts.clientId });
  if (opts.adopt) await adoptVisitorWork(deps, res, userId);
  renewVisitorId(deps.env, req, res);
  const user = await presentUser(deps, userId);
  await rememberOwnedAddress(deps, req, res, user.userInfo.email);
  return user;
}

/** The spec's user calls: email-link login, Google login, user info, logout. */
export function userRouter(deps: Deps): Router {
  const r = Router();

  r.post('/checkEmail', validateBody(ZCheckEmail), async (req, res) => {
    res.json({ code: 0, data: await checkAccount(deps, res.locals.body.email, req.ip ?? 'unknown') });
  });

  r.post('/emailLogin', validateBody(ZEmailLogin), async (req, res) => {
    const body = res.locals.body as { email: string; name?: string; token?: string; clientId?: string; channel?: string };
    const who = getRequester(res);
    if (body.token) {
      const link = await consumeLoginLink(deps, body.email, body.token, who.visitorId);
      res.json({ code: 0, message: 'Login Successful', data: await signIn(deps, req, res, link.userId, { adopt: link.sameVisitor, clientId: body.clientId }) });
      return;
    }
    const owner = await provenOwner(deps, req, who, normalizeEmail(body.email));
    await sendLoginLink(deps, { ...body, lang: langOf(req), ip: req.ip ?? 'unknown', visitorId: who.visitorId, owner });
    res.json({ code: 0, data: 1, message: 'Your log in link has been sent to the above email address' });
  });

  r.post('/googleLogin', validateBody(ZGoogleLogin), async (req, res) => {
    const claims = await verifyGoogleIdToken(deps, res.locals.body.token);
    const userId = await userForGoogle(deps, claims, res.locals.body.channel);
    // Google's credential reaches this call from the page itself (a JSON body: no cross-site form can send it).
    res.json({ code: 0, message: 'Login Successful', data: await signIn(deps, req, res, userId, { adopt: true, clientId: res.locals.body.clientId }) });
  });

  r.get('/getUserInfo', async (req, res) => {
    const { userId } = getRequester(res);
    if (!userId) {
      // A cookie that no longer matches a live session: say so (519) and drop it.
      if (req.cookies?.[SESSION_COOKIE]) res.clearCookie(SESSION_COOKIE, { path: '/' });
      throw new AppError('LOGIN_INVALID', 'no live session');
    }
    res.json({ code: 0, data: await presentUser(deps, userId) });
  });

  r.post('/logout', async (req, res) => {
    await endSession(deps, req, res, req.cookies?.[SESSION_COOKIE]);
    res.json({ code: 0, data: true });
  });

  // The redirect flow's state cookie ties Google's answer to the browser that started it.
  googleRedirectFlow(deps, r, (req, res, userId) => signIn(deps, req, res, userId, { adopt: true }));
  return r;
}
