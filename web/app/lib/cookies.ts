import type { Lang } from './i18n';

/** The session cookie the API sets (HttpOnly: the page only learns of it from the server). */
export const SESSION_COOKIE = 'sheafUserToken';
export const LANG_COOKIE = 'lang';
export const LANG_COOKIE_DAYS = 365;
/** The root path answers by the browser's language and the lang cookie: caches must keep those apart. */
export const LANGUAGE_VARY = 'Accept-Language, Cookie';

/** `a=1; b=2` → { a: '1', b: '2' }. */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/** One `Set-Cookie` / `document.cookie` value, path /, SameSite=Lax. */
export const cookieString = (name: string, value: string, days: number) =>
  `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.round(days * 86_400)}; SameSite=Lax`;

export const readBrowserCookie = (name: string): string | undefined => parseCookies(document.cookie)[name];

export function writeBrowserCookie(name: string, value: string, days: number) {
  document.cookie = cookieString(name, value, days);
}

/** The language of an Accept-Language header among ours: the first supported one by weight, if any. */
export function preferredLang(header: string | null | undefined): Lang | undefined {
  const ranges = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.primary && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = ranges.find((r) => r.primary === 'en' || r.primary === 'fr');
  return found?.primary as Lang | undefined;
}
