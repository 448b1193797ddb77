import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertIcon } from '~/components/icons';
import { useLocalize } from '~/lib/i18n';
import { signedInPageMeta } from '~/lib/seo';
import { signedInLoader } from '~/lib/session.server';

/** Signed-in users only: without the session cookie the server sends the visitor home. */
export const loader = signedInLoader;
export const meta = signedInPageMeta('/pay-fwd', 'subscription.payFwd.metaTitle', 'subscription.payFwd.text');

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
