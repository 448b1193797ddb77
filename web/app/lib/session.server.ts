import { redirect } from 'react-router';
import { LANG_COOKIE, LANG_COOKIE_DAYS, LANGUAGE_VARY, SESSION_COOKIE, cookieString, parseCookies, preferredLang } from './cookies';
import { langFromPath, localizePath } from './i18n';

const cookiesOf = (request: Request) => parseCookies(request.headers.get('cookie'));

/** Whether the request carries a session cookie; the API decides whether it is still valid. */
export const hasSessionCookie = (request: Request) => Boolean(cookiesOf(request)[SESSION_COOKIE]);

/** The spec: a route requiring auth redirects home (of its language) when no user-token cookie is present. */
export function requireSession(request: Request) {
  if (!hasSessionCookie(request)) throw redirect(localizePath('/', langFromPath(new URL(request.url).pathname)));
}

/** The loader of a page only a signed-in user may open: on the server, home without the cookie. */
export function signedInLoader({ request }: { request: Request }) {
  requireSession(request);
  return null;
}

/**
 * Language detection, on the root path only: a remembered French choice, or a browser that prefers
 * French and has no remembered choice, goes to /fr (the query kept, so an emailed link still works).
 */
export function detectLanguage(request: Request) {
  const url = new URL(request.url);
  if (url.pathname !== '/') return;
  const remembered = cookiesOf(request)[LANG_COOKIE];
  if (remembered === 'fr') throw redirect(`/fr${url.search}`, { headers: { Vary: LANGUAGE_VARY } });
  if (remembered === undefined && preferredLang(request.headers.get('accept-language')) === 'fr') {
    throw redirect(`/fr${url.search}`, { headers: { Vary: LANGUAGE_VARY, 'Set-Cookie': cookieString(LANG_COOKIE, 'fr', LANG_COOKIE_DAYS) } });
  }
}
