import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGS } from '../../../../shared/src/i18n';
import { LANG_COOKIE, LANG_COOKIE_DAYS, writeBrowserCookie } from '~/lib/cookies';
import { localizePath, useLang } from '~/lib/i18n';

/** EN / FR links to the current page in each language; the choice is remembered in the lang cookie. */
export function LanguageSwitch({ className = 'lang-switch' }: { className?: string }) {
  const { t } = useTranslation();
  const current = useLang();
  const { pathname, search, hash } = useLocation();

  return (
    <ul className={className} aria-label={t('nav.language')}>
      {LANGS.map((lang) => (
        <li key={lang}>
          <Link
            to={`${localizePath(pathname, lang)}${search}${hash}`}
            lang={lang}
            hrefLang={lang}
            aria-label={t(`nav.langNames.${lang}`)}
            aria-current={lang === current ? 'true' : undefined}
            className={lang === current ? 'is-current' : undefined}
            onClick={() => writeBrowserCookie(LANG_COOKIE, lang, LANG_COOKIE_DAYS)}
          >
            {t(`nav.langShort.${lang}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
