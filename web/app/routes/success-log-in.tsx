import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon } from '~/components/icons';
import { getI18n, langFromPath, useLocalize } from '~/lib/i18n';
import { originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/success-log-in';

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  return pageMeta({ lang, path: '/success-log-in', title: t('auth.success.metaTitle'), description: t('auth.success.text'), origin: originFrom(matches), noindex: true });
}

/** Where a sign-in started from the desktop app lands: go on here, or back in the software. */
export default function SuccessLogIn() {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <div className="container page-narrow">
      <div className="flow-panel flow-panel--success">
        <CheckIcon className="flow-panel__icon" width={40} height={40} />
        <h1 className="flow-panel__title">{t('auth.success.title')}</h1>
        <p className="flow-panel__text">{t('auth.success.text')}</p>
        <Link className="button button--primary button--xl" to={localize('/')}>
          {t('auth.success.proceed')}
        </Link>
      </div>
    </div>
  );
}
