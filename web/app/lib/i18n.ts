import i18next, { type i18n } from 'i18next';
import { useLocation } from 'react-router';
import type { RESOURCES } from '#shared/i18n';
import { DEFAULT_LANG, isLang, type Lang } from '#shared/i18n/langs';
import type { ClientCopy } from './copy/bundle';

export type { Lang };

type Copy = ClientCopy | (typeof RESOURCES)[Lang];

/**
 * The browser fetches one language's copy, not both (half the JavaScript of a first visit): each is
 * a chunk of its own, loaded before hydration (see entry.client.tsx). The server has both at hand.
 */
const COPY_CHUNKS: Record<Lang, () => Promise<{ default: ClientCopy }>> = {
  en: () => import('./copy/en'),
  fr: () => import('./copy/fr'),
};

/** Every language's copy, on the server only: entry.server.tsx hands it in (see provideServerCopy). */
let serverCopy: typeof RESOURCES | undefined;

/** Gives the server both languages' copy; the browser's scripts never import it. */
export function provideServerCopy(resources: typeof RESOURCES) {
  serverCopy = resources;
}

const instances = new Map<Lang, i18n>();
/** Languages whose copy bundle the browser has (an instance may hold only a page's copy so far). */
const loaded = new Set<Lang>();

function createInstance(lang: Lang, copy: Copy | undefined): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: copy ? { [lang]: { translation: copy } } : {},
    initAsync: false,
    interpolation: { escapeValue: false },
    // A language whose copy arrives after the first render (see getI18n) re-renders its text then.
    react: { bindI18nStore: 'added' },
  });
  instances.set(lang, instance);
  return instance;
}

/** Fetches a language's copy into the browser; on the server, and once fetched, it resolves at once. */
export async function loadCopy(lang: Lang): Promise<void> {
  if (import.meta.env.SSR || loaded.has(lang)) return;
  const { default: copy } = await COPY_CHUNKS[lang]();
  loaded.add(lang);
  const instance = instances.get(lang);
  if (instance) instance.addResourceBundle(lang, 'translation', copy, true, true);
  else createInstance(lang, copy);
}

/**
 * One i18next instance per language. Instances never change language, so the server can share them
 * between concurrent requests. In the browser a language is normally loaded before it is shown
 * (loadCopy); if not, its instance starts empty and fills in when the copy arrives.
 */
export function getI18n(lang: Lang): i18n {
  const instance = instances.get(lang);
  if (instance) return instance;
  if (import.meta.env.SSR) {
    if (!serverCopy) throw new Error('The server renders before provideServerCopy gave it the copy');
    return createInstance(lang, serverCopy[lang]);
  }
  const empty = createInstance(lang, undefined);
  void loadCopy(lang);
  return empty;
}

/** Fetches the copy of a language the visitor is about to open (a link with hreflang is pointed at or focused). */
export function prefetchCopyOnIntent(root: Document) {
  const onIntent = (event: Event) => {
    const lang = (event.target as Element | null)?.closest?.('a[hreflang]')?.getAttribute('hreflang') ?? undefined;
    if (isLang(lang)) void loadCopy(lang);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) root.addEventListener(type, onIntent, { passive: true });
}

const FR_PREFIX = /^\/fr(?=\/|$)/;

/** The language of a path: French under /fr, English everywhere else. */
export function langFromPath(pathname: string): Lang {
  return FR_PREFIX.test(pathname) ? 'fr' : DEFAULT_LANG;
}

/** The path without its language prefix: '/fr/merge-pdf' → '/merge-pdf', '/fr' → '/'. */
export function stripLang(pathname: string): string {
  return pathname.replace(FR_PREFIX, '') || '/';
}

/** The same page in `lang`: localizePath('/merge-pdf', 'fr') → '/fr/merge-pdf'. */
export function localizePath(path: string, lang: Lang): string {
  const bare = stripLang(path);
  if (lang === DEFAULT_LANG) return bare;
  return bare === '/' ? '/fr' : `/fr${bare}`;
}

export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
}

/** Builds links that stay in the current language. */
export function useLocalize(): (path: string) => string {
  const lang = useLang();
  return (path) => localizePath(path, lang);
}
