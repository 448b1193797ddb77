import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckIcon } from '~/components/icons';
import { PayResultPanel } from '~/components/payment/pay-result';
import { useSignedInPage } from '~/hooks/use-signed-in-page';
import { useLocalize } from '~/lib/i18n';
import { aiPlan, pdfPlan } from '~/lib/plan-label';
import { signedInPageMeta } from '~/lib/seo';
import { signedInLoader } from '~/lib/session.server';

/** Signed-in users only: without the session cookie the server sends the visitor home. */
export const loader = signedInLoader;
export const meta = signedInPageMeta('/success-subscription', 'subscription.success.metaTitle', 'subscription.success.checking');

/**
 * After /pay-fwd saw the payment: the user information is asked for again, so the header and
 * this page name the new plan; a plan the server does not report yet is 'Payment not Detected'.
 */
export default function SuccessSubscriptionPage() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { user, auth } = useSignedInPage();
  const [refreshed, setRefreshed] = useState(false);
  useEffect(() => {
    void auth.refreshUser().then(() => setRefreshed(true));
  }, [auth]);
  const vip = user.vipInfo;

  if (!refreshed || !vip) {
    return (
      <div className="container page-narrow">
        <p className="page-lead" role="status">
          {t('subscription.success.checking')}
        </p>
      </div>
    );
  }

  const pro = vip.isVip;
  const ai = !pro && vip.isAiTimeVip;
  if (!pro && !ai) {
    return (
      <div className="container page-narrow">
        <h1 className="visually-hidden">{t('subscription.success.metaTitle')}</h1>
        <PayResultPanel result="notDetected">
          <Link className="button button--primary" to={`${localize('/account')}?type=billing`}>
            {t('subscription.success.account')}
          </Link>
          <Link className="button button--secondary" to={localize('/contact-us')}>
            {t('subscription.success.contact')}
          </Link>
        </PayResultPanel>
      </div>
    );
  }

  const plan = t(`account.plans.${pro ? pdfPlan(vip) : aiPlan(vip)}`);
  return (
    <div className="container page-narrow">
      <div className="flow-panel flow-panel--success" role="status">
        <CheckIcon className="flow-panel__icon" width={40} height={40} />
        <h1 className="flow-panel__title">{t(pro ? 'subscription.success.welcomeTitle' : 'subscription.success.welcomeAiTitle')}</h1>
        <p className="flow-panel__text">{t(pro ? 'subscription.success.welcomeText' : 'subscription.success.welcomeAiText', { plan })}</p>
        <div className="button-row">
          <Link className="button button--primary" to={localize(pro ? '/' : '/ai-pdf')}>
            {t('subscription.success.start')}
          </Link>
          <Link className="button button--secondary" to={`${localize('/account')}?type=billing`}>
            {t('subscription.success.billing')}
          </Link>
        </div>
      </div>
    </div>
  );
}
