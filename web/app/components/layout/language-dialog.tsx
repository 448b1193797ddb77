import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LANGS } from '#shared/i18n/langs';
import { LANG_COOKIE, LANG_COOKIE_DAYS, writeBrowserCookie } from '~/lib/cookies';
import { localizePath, useLang } from '~/lib/i18n';
import { CheckIcon, CloseIcon } from '../icons';
import { GlobeIcon } from './chrome-icons';
import { Modal } from './modal';

/**
 * The footer's language picker: a button naming the current language and a dialog that links to
 * this page in each language (English without prefix, French under /fr). The choice is kept in
 * the lang cookie, so the root path stops guessing from the browser.
 */
export function LanguageDialog() {
  const { t } = useTranslation();
  const current = useLang();
  const [open, setOpen] = useState(false);

  return (
    <>
      <button
        type="button"
        className="lang-button"
        aria-haspopup="dialog"
        aria-label={t('nav.languageDialog.open', { name: t(`nav.langNames.${current}`) })}
        onClick={() => setOpen(true)}
      >
        <GlobeIcon width={18} height={18} />
        <span className="lang-button__label">{t(`nav.langNames.${current}`)}</span>
      </button>
      {open && <LanguageChoice onClose={() => setOpen(false)} />}
    </>
  );
}

function LanguageChoice({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const current = useLang();
  const { pathname, search, hash } = useLocation();
  const titleId = useId();

  return (
    <Modal className="lang-dialog" labelledBy={titleId} onClose={onClose}>
      <div className="lang-dialog__body">
        <div className="lang-dialog__head">
          <h2 id={titleId} className="lang-dialog__title">
            {t('nav.languageDialog.title')}
          </h2>
          <button type="button" className="icon-button" aria-label={t('nav.languageDialog.close')} onClick={onClose}>
            <CloseIcon width={18} height={18} />
          </button>
        </div>
        <ul className="lang-dialog__list">
          {LANGS.map((lang) => (
            <li key={lang}>
              <Link
                to={`${localizePath(pathname, lang)}${search}${hash}`}
                lang={lang}
                hrefLang={lang}
                aria-current={lang === current ? 'true' : undefined}
                data-autofocus={lang === current ? '' : undefined}
                onClick={() => {
                  writeBrowserCookie(LANG_COOKIE, lang, LANG_COOKIE_DAYS);
                  onClose();
                }}
              >
                <span>{t(`nav.langNames.${lang}`)}</span>
                {lang === current && <CheckIcon width={18} height={18} />}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
