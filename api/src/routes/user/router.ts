import { Router, type Request, type Response } from 'express';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { getRequester, langOf, renewVisitorId, requireUser } from '../../middleware/requester';
import { validateBody } from '../../middleware/validate';
import { presentUser } from '../../presenters/user-presenter';
import { provenOwner } from '../../services/address-proof';
import { checkCredential } from '../../services/credential-checks';
import { checkAccount, consumeLoginLink, normalizeEmail, sendLoginLink } from '../../services/email-login-service';
import { userForGoogle, verifyGoogleIdToken } from '../../services/google-service';
import { endSession, signIn } from '../../services/session-service';
import { countConversion } from '../../services/billing/usage-service';
import { loadAccount, renameUser } from '../../services/user-service';
import { deleteAccount } from '../../services/account-deletion-service';
import { apiKeysRouter, refuseApiKeys } from './api-keys-router';
import { addressProofOf, clearSessionCookie, sessionTokenOf, setAddressProofCookie, setSessionCookie } from './cookies';
import { googleRedirectFlow } from './google-redirect';
import { signatureRouter } from '../signature/router';
import { ZCheckEmail, ZDeleteAccount, ZEmailLogin, ZGoogleLogin, ZLoginLink, ZUpdateName } from './schema';

/**
 * Signs the requester in: the session cookie (the session travels in that HttpOnly cookie alone,
 * never in a body a script could read), the visitor's work moved to the account when `adopt`, a new
 * visitor id either way (the work of a visitor not adopted stays with that visitor, out of the
 * account's reach), the proof that this browser owns the address, and the login data.
 */
async function signInBrowser(deps: Deps, req: Request, res: Response, userId: string, opts: { adopt: boolean; clientId?: string }) {
  const { session, proof, account } = await signIn(deps, {
    userId,
    clientId: opts.clientId,
    userAgent: req.get('user-agent'),
    adoptFrom: opts.adopt ? getRequester(res).visitorId : undefined,
    proof: addressProofOf(req),
  });
  setSessionCookie(deps.env, req, res, session);
  renewVisitorId(deps.env, req, res);
  setAddressProofCookie(deps.env, req, res, proof);
  return presentUser(account);
}

/** The spec's user calls (email-link login, Google login, user info, logout), the one-box login link, and the account's name and deletion. */
export function userRouter(deps: Deps): Router {
  const r = Router();
  r.use('/signatures', signatureRouter(deps));
  r.use('/apiKeys', apiKeysRouter(deps));

  r.post('/checkEmail', validateBody(ZCheckEmail), async (req, res) => {
    res.json({ code: 0, data: await checkAccount(deps, res.locals.body.email, req.ip ?? 'unknown') });
  });

  r.post('/emailLogin', validateBody(ZEmailLogin), async (req, res) => {
    const body = res.locals.body as { email: string; name?: string; token?: string; confirm?: true; clientId?: string; channel?: string; download?: string };
    const who = getRequester(res);
    if (body.token) {
      const token = body.token;
      const link = await checkCredential(deps, req.ip, () => consumeLoginLink(deps, body.email, token, who.visitorId, body.confirm === true));
      // A link from another browser: nothing is signed in until the person confirms the address (a JSON POST, which no other site's form can send).
      if ('confirmAs' in link) res.json({ code: 0, data: { confirmAs: link.confirmAs } });
      else res.json({ code: 0, message: 'Login Successful', data: await signInBrowser(deps, req, res, link.userId, { adopt: link.sameVisitor, clientId: body.clientId }) });
      return;
    }
    const owner = await provenOwner(deps, addressProofOf(req), who, normalizeEmail(body.email));
    const intent = body.name === undefined ? 'login' : 'signup';
    await sendLoginLink(deps, { ...body, intent, lang: langOf(req), ip: req.ip ?? 'unknown', visitorId: who.visitorId, owner });
    res.json({ code: 0, data: 1, message: 'Your log in link has been sent to the above email address' });
  });

  // The one box: the same answer whether or not the address has an account, so it tells nobody which addresses do.
  r.post('/loginLink', validateBody(ZLoginLink), async (req, res) => {
    const body = res.locals.body as { email: string; name?: string; clientId?: string; channel?: string; download?: string };
    const who = getRequester(res);
    const owner = await provenOwner(deps, addressProofOf(req), who, normalizeEmail(body.email));
    await sendLoginLink(deps, { ...body, intent: 'either', lang: langOf(req), ip: req.ip ?? 'unknown', visitorId: who.visitorId, owner });
    res.json({ code: 0, data: 1, message: 'Check your inbox' });
  });

  r.post('/googleLogin', validateBody(ZGoogleLogin), async (req, res) => {
    const claims = await verifyGoogleIdToken(deps, res.locals.body.token);
    const userId = await userForGoogle(deps, claims, res.locals.body.channel);
    // Google's credential reaches this call from the page itself (a JSON body: no cross-site form can send it).
    res.json({ code: 0, message: 'Login Successful', data: await signInBrowser(deps, req, res, userId, { adopt: true, clientId: res.locals.body.clientId }) });
  });

  r.get('/getUserInfo', async (req, res) => {
    const { userId } = getRequester(res);
    if (!userId) {
      // A cookie that no longer matches a live session: say so (519) and drop it.
      if (sessionTokenOf(req)) clearSessionCookie(res);
      throw new AppError('LOGIN_INVALID', 'no live session');
    }
    res.json({ code: 0, data: presentUser(await loadAccount(deps, userId)) });
  });

  r.post('/deductTimes', requireUser, async (_req, res) => {
    res.json({ code: 0, data: await countConversion(deps, getRequester(res).userId!) });
  });

  r.post('/updateName', requireUser, refuseApiKeys, validateBody(ZUpdateName), async (_req, res) => {
    res.json({ code: 0, data: presentUser(await renameUser(deps, getRequester(res).userId!, res.locals.body.name)) });
  });

  r.post('/deleteAccount', requireUser, refuseApiKeys, validateBody(ZDeleteAccount), async (req, res) => {
    await deleteAccount(deps, getRequester(res).userId!, res.locals.body.email);
    // The session went with the account; the browser goes on as a new visitor.
    clearSessionCookie(res);
    renewVisitorId(deps.env, req, res);
    res.json({ code: 0, data: true });
  });

  r.post('/logout', async (req, res) => {
    await endSession(deps, sessionTokenOf(req));
    // The browser is left as a new visitor: nothing made before stays reachable from it.
    clearSessionCookie(res);
    renewVisitorId(deps.env, req, res);
    res.json({ code: 0, data: true });
  });

  // The redirect flow's state cookie ties Google's answer to the browser that started it.
  googleRedirectFlow(deps, r, (req, res, userId) => signInBrowser(deps, req, res, userId, { adopt: true }));
  return r;
}
