import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon } from '~/components/icons';
import { getI18n, langFromPath, useLocalize } from '~/lib/i18n';
import { hasSessionFrom, originFrom, pageMeta } from '~/lib/seo';
import { useAuthActions, useUser } from '~/stores/auth-provider';
import type { Route } from './+types/success-log-in';

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  return pageMeta({ lang, path: '/success-log-in', title: t(hasSessionFrom(matches) ? 'auth.success.metaTitle' : 'auth.success.signedOutMetaTitle'), description: t('auth.success.text'), origin: originFrom(matches), noindex: true });
}

/**
 * Where a sign-in started from the desktop app lands: go on here, or back in the software. A visitor
 * who is not signed in (the link opened in another browser, or logged out since) is told so and can log in.
 */
export default function SuccessLogIn() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const user = useUser();
  const { openLogin } = useAuthActions();
  return (
    <div className="container page-narrow">
      {user.signedIn ? (
        <div className="flow-panel flow-panel--success">
          <CheckIcon className="flow-panel__icon" width={40} height={40} />
          <h1 className="flow-panel__title">{t('auth.success.title')}</h1>
          <p className="flow-panel__text">{t('auth.success.text')}</p>
          <Link className="button button--primary button--xl" to={localize('/')}>
            {t('auth.success.proceed')}
          </Link>
        </div>
      ) : (
        <div className="flow-panel">
          <h1 className="flow-panel__title">{t('auth.success.signedOutTitle')}</h1>
          <p className="flow-panel__text">{t('auth.success.signedOutText')}</p>
          <button type="button" className="button button--primary button--xl" onClick={() => openLogin({ from: 'success-log-in' })}>
            {t('auth.success.logIn')}
          </button>
        </div>
      )}
    </div>
  );
}
