import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertIcon, CheckIcon } from '~/components/icons';
import { useSignedInPage } from '~/hooks/use-signed-in-page';
import { getI18n, langFromPath, useLocalize } from '~/lib/i18n';
import { pdfPlan } from '~/lib/plan-label';
import { originFrom, pageMeta } from '~/lib/seo';
import { requireSession } from '~/lib/session.server';
import type { Route } from './+types/success-subscription';

/** Only a signed-in user has a subscription to look at: without the session cookie, home. */
export function loader({ request }: Route.LoaderArgs) {
  requireSession(request);
  return null;
}

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  return pageMeta({ lang, path: '/success-subscription', title: t('subscription.success.metaTitle'), description: t('subscription.success.checking'), origin: originFrom(matches), noindex: true });
}

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
