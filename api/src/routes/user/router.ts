import { Router, type Request, type Response } from 'express';
import { AppError } from '../../../../shared/src/errors';
import type { Deps } from '../../../../shared/src/server/deps';
import { getRequester, SESSION_COOKIE } from '../../middleware/requester';
import { validateBody } from '../../middleware/validate';
import { checkAccount, consumeLoginLink, sendLoginLink } from '../../services/email-login-service';
import { userForGoogle, verifyGoogleIdToken } from '../../services/google-service';
import { adoptVisitorWork, endSession, startSession } from '../../services/session-service';
import { presentUser } from '../../services/user-presenter';
import { googleRedirectFlow } from './google-redirect';
import { ZCheckEmail, ZEmailLogin, ZGoogleLogin } from './schema';

const langOf = (req: Request): 'en' | 'fr' => (String(req.headers.lang ?? req.cookies?.lang ?? 'en').startsWith('fr') ? 'fr' : 'en');

/** Signs the requester in: session cookie, their visitor work moved to the account, the login data. */
async function signIn(deps: Deps, req: Request, res: Response, userId: string, clientId?: string) {
  const token = await startSession(deps, req, res, userId, { clientId });
  await adoptVisitorWork(deps, req, res, userId);
  return { token, ...(await presentUser(deps, userId)) };
}

/** The spec's user calls: email-link login, Google login, user info, logout. */
export function userRouter(deps: Deps): Router {
  const r = Router();

  r.post('/checkEmail', validateBody(ZCheckEmail), async (req, res) => {
    res.json({ code: 0, data: await checkAccount(deps, res.locals.body.email, req.ip ?? 'unknown') });
  });

  r.post('/emailLogin', validateBody(ZEmailLogin), async (req, res) => {
    const body = res.locals.body as { email: string; name?: string; token?: string; clientId?: string; channel?: string };
    if (body.token) {
      const userId = await consumeLoginLink(deps, body.email, body.token);
      res.json({ code: 0, message: 'Login Successful', data: await signIn(deps, req, res, userId, body.clientId) });
      return;
    }
    await sendLoginLink(deps, { ...body, lang: langOf(req), ip: req.ip ?? 'unknown' });
    res.json({ code: 0, data: 1, message: 'Your log in link has been sent to the above email address' });
  });

  r.post('/googleLogin', validateBody(ZGoogleLogin), async (req, res) => {
    const claims = await verifyGoogleIdToken(deps, res.locals.body.token);
    const userId = await userForGoogle(deps, claims, res.locals.body.channel);
    res.json({ code: 0, message: 'Login Successful', data: await signIn(deps, req, res, userId, res.locals.body.clientId) });
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

  googleRedirectFlow(deps, r, (req, res, userId) => signIn(deps, req, res, userId));
  return r;
}
