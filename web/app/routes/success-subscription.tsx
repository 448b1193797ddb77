import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertIcon, CheckIcon } from '~/components/icons';
import { useSignedInPage } from '~/hooks/use-signed-in-page';
import { useLocalize } from '~/lib/i18n';
import { pdfPlan } from '~/lib/plan-label';
import { signedInPageMeta } from '~/lib/seo';
import { signedInLoader } from '~/lib/session.server';

/** Signed-in users only: without the session cookie the server sends the visitor home. */
export const loader = signedInLoader;
export const meta = signedInPageMeta('/success-subscription', 'subscription.success.metaTitle', 'subscription.success.checking');

/**
 * Where the payment provider sends a buyer back. It reads the membership the API reports: Pro
 * means welcome; anything else is the spec's 'Payment not Detected' (late or failed).
 */
export default function SuccessSubscriptionPage() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { user } = useSignedInPage();
  const vip = user.vipInfo;

  if (!vip) {
    return (
      <div className="container page-narrow">
        <p className="page-lead" role="status">
          {t('subscription.success.checking')}
        </p>
      </div>
    );
  }

  const pro = vip.isVip;
  return (
    <div className="container page-narrow">
      <div className={`flow-panel ${pro ? 'flow-panel--success' : 'flow-panel--error'}`} role="status">
        {pro ? <CheckIcon className="flow-panel__icon" width={40} height={40} /> : <AlertIcon className="flow-panel__icon" width={40} height={40} />}
        <h1 className="flow-panel__title">{t(pro ? 'subscription.success.welcomeTitle' : 'subscription.success.notDetectedTitle')}</h1>
        <p className="flow-panel__text">
          {pro ? t('subscription.success.welcomeText', { plan: t(`account.plans.${pdfPlan(vip)}`) }) : t('subscription.success.notDetectedText')}
        </p>
        <div className="button-row">
          <Link className="button button--primary" to={localize(pro ? '/' : '/account?type=billing')}>
            {t(pro ? 'subscription.success.start' : 'subscription.success.account')}
          </Link>
          {!pro && (
            <Link className="button button--secondary" to={localize('/contact-us')}>
              {t('subscription.success.contact')}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
