import type { Request, Response } from 'express';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { getRequester, langOf, renewVisitorId } from '../../middleware/requester';
import { presentUser } from '../../presenters/user-presenter';
import { provenOwner } from '../../services/address-proof';
import { checkCredential } from '../../services/credential-checks';
import { checkAccount, consumeLoginLink, normalizeEmail, sendLoginLink } from '../../services/email-login-service';
import { userForGoogle, verifyGoogleIdToken } from '../../services/google-service';
import { endSession, signIn } from '../../services/session-service';
import { countConversion } from '../../services/billing/usage-service';
import { loadAccount, renameUser } from '../../services/user-service';
import { deleteAccount } from '../../services/account-deletion-service';
import { addressProofOf, clearSessionCookie, sessionTokenOf, setAddressProofCookie, setSessionCookie } from './cookies';
import { googleRedirectFlow } from './google-redirect';
import type { Handlers } from '../endpoint-router';

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

type UserIds = 'checkEmail' | 'emailLogin' | 'loginLink' | 'googleLogin' | 'googleStart' | 'googleCallback' | 'getUserInfo' | 'deductTimes' | 'updateName' | 'deleteAccount' | 'logout';

/** The spec's user calls (email-link login, Google login, user info, logout), the one-box login link, and the account's name and deletion. */
export function userHandlers(deps: Deps): Handlers<UserIds> {
  // The redirect flow's state cookie ties Google's answer to the browser that started it.
  const google = googleRedirectFlow(deps, (req, res, userId) => signInBrowser(deps, req, res, userId, { adopt: true }));
  return {
    checkEmail: async ({ req, body }) => ({ code: 0, data: await checkAccount(deps, body.email, req.ip ?? 'unknown') }),

    emailLogin: async ({ req, res, who, body }) => {
      if (body.token) {
        const token = body.token;
        const link = await checkCredential(deps, req.ip, () => consumeLoginLink(deps, body.email, token, who.visitorId, body.confirm === true));
        // A link from another browser: nothing is signed in until the person confirms the address (a JSON POST, which no other site's form can send).
        if ('confirmAs' in link) return { code: 0, data: { confirmAs: link.confirmAs } };
        return { code: 0, message: 'Login Successful', data: await signInBrowser(deps, req, res, link.userId, { adopt: link.sameVisitor, clientId: body.clientId }) };
      }
      const owner = await provenOwner(deps, addressProofOf(req), who, normalizeEmail(body.email));
      const intent = body.name === undefined ? 'login' : 'signup';
      await sendLoginLink(deps, { ...body, intent, lang: langOf(req), ip: req.ip ?? 'unknown', visitorId: who.visitorId, owner });
      return { code: 0, data: 1, message: 'Your log in link has been sent to the above email address' };
    },

    // The one box: the same answer whether or not the address has an account, so it tells nobody which addresses do.
    loginLink: async ({ req, who, body }) => {
      const owner = await provenOwner(deps, addressProofOf(req), who, normalizeEmail(body.email));
      await sendLoginLink(deps, { ...body, intent: 'either', lang: langOf(req), ip: req.ip ?? 'unknown', visitorId: who.visitorId, owner });
      return { code: 0, data: 1, message: 'Check your inbox' };
    },

    googleLogin: async ({ req, res, body }) => {
      const claims = await verifyGoogleIdToken(deps, body.token);
      const userId = await userForGoogle(deps, claims, body.channel);
      // Google's credential reaches this call from the page itself (a JSON body: no cross-site form can send it).
      return { code: 0, message: 'Login Successful', data: await signInBrowser(deps, req, res, userId, { adopt: true, clientId: body.clientId }) };
    },

    googleStart: ({ req, res, next }) => google.start(req, res, next),
    googleCallback: ({ req, res, next }) => google.callback(req, res, next),

    getUserInfo: async ({ req, res, who }) => {
      if (!who.userId) {
        // A cookie that no longer matches a live session: say so (519) and drop it.
        if (sessionTokenOf(req)) clearSessionCookie(res);
        throw new AppError('LOGIN_INVALID', 'no live session');
      }
      return { code: 0, data: presentUser(await loadAccount(deps, who.userId)) };
    },

    deductTimes: async ({ who }) => ({ code: 0, data: await countConversion(deps, who.userId!) }),

    updateName: async ({ who, body }) => ({ code: 0, data: presentUser(await renameUser(deps, who.userId!, body.name)) }),

    deleteAccount: async ({ req, res, who, body }) => {
      await deleteAccount(deps, who.userId!, body.email);
      // The session went with the account; the browser goes on as a new visitor.
      clearSessionCookie(res);
      renewVisitorId(deps.env, req, res);
      return { code: 0, data: true };
    },

    logout: async ({ req, res }) => {
      await endSession(deps, sessionTokenOf(req));
      // The browser is left as a new visitor: nothing made before stays reachable from it.
      clearSessionCookie(res);
      renewVisitorId(deps.env, req, res);
      return { code: 0, data: true };
    },
  };
}
