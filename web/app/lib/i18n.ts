import i18next, { type i18n } from 'i18next';
import { useLocation } from 'react-router';
import { DEFAULT_LANG, RESOURCES, type Lang } from '../../../shared/src/i18n';

export type { Lang };

const instances = new Map<Lang, i18n>();

/**
 * One i18next instance per language, initialised synchronously from the bundled copy. Instances
 * never change language, so the server can share them between concurrent requests.
 */
export function getI18n(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: lang,
      fallbackLng: false,
      resources: { [lang]: { translation: RESOURCES[lang] } },
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    instances.set(lang, instance);
  }
  return instance;
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
