import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertIcon } from '~/components/icons';
import { getI18n, langFromPath, useLocalize } from '~/lib/i18n';
import { originFrom, pageMeta } from '~/lib/seo';
import { requireSession } from '~/lib/session.server';
import type { Route } from './+types/pay-fwd';

/** Buying needs an account: without the session cookie the server sends the visitor home. */
export function loader({ request }: Route.LoaderArgs) {
  requireSession(request);
  return null;
}

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  return pageMeta({ lang, path: '/pay-fwd', title: t('subscription.payFwd.metaTitle'), description: t('subscription.payFwd.text'), origin: originFrom(matches), noindex: true });
}

/**
 * Where a signed-in user is forwarded to the payment provider. No provider is wired in yet (the
 * payments issue), so it says so with the spec's 'Payment method not configured'.
 */
export default function PayForwardPage() {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <div className="container page-narrow">
      <div className="flow-panel flow-panel--error">
        <AlertIcon className="flow-panel__icon" width={40} height={40} />
        <h1 className="flow-panel__title">{t('subscription.payFwd.title')}</h1>
        <p className="flow-panel__text" role="status">
          <strong>{t('subscription.payFwd.notConfigured')}</strong>
        </p>
        <p className="flow-panel__text">{t('subscription.payFwd.text')}</p>
        <div className="button-row">
          <Link className="button button--primary" to={localize('/pricing')}>
            {t('subscription.payFwd.pricing')}
          </Link>
          <Link className="button button--secondary" to={localize('/contact-us')}>
            {t('subscription.payFwd.contact')}
          </Link>
        </div>
      </div>
    </div>
  );
}
