import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PLANS, TRIAL_CANCEL_HOURS, TRIAL_DAYS, discountPercent, type Currency, type PlanType } from '#shared/plans';
import { QaList, type QA } from '~/components/content/qa-list';
import { CheckIcon } from '~/components/icons';
import { onAuthEvent } from '~/lib/auth-events';
import { copyList } from '~/lib/copy-list';
import { getI18n, langFromPath, useLocalize, type Lang } from '~/lib/i18n';
import { pageServices } from '~/lib/page-services.server';
import { pdfPlan } from '~/lib/plan-label';
import { faqLd, originFrom, pageMeta } from '~/lib/seo';
import { useAuth } from '~/stores/auth-provider';
import type { Route } from './+types/pricing';

/** Dollars in the English copy, euros in the French copy (the spec). */
const CURRENCY: Record<Lang, Currency> = { en: 'USD', fr: 'EUR' };
const LOCALE: Record<Lang, string> = { en: 'en-US', fr: 'fr-FR' };
const PLAN_COPY: Record<PlanType, { key: 'monthly' | 'yearly'; per: string; period: 'month' | 'year' }> = {
  MONTH: { key: 'monthly', per: 'pricing.perUserMonth', period: 'month' },
  YEAR: { key: 'yearly', per: 'pricing.perUserYear', period: 'year' },
};

/**
 * Prices are formatted here, on the server, so the page and its hydration print the same
 * characters; the free plan's download line follows this server's download policy.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = pageServices(context);
  const lang = langFromPath(new URL(request.url).pathname);
  const currency = CURRENCY[lang];
  const money = (value: number) =>
    new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency, minimumFractionDigits: Number.isInteger(value) ? 0 : 2 }).format(value);
  const plans = PLANS.map((plan) => ({
    type: plan.type,
    price: money(plan.price[currency]),
    perMonth: plan.months > 1 ? money(Math.floor((plan.price[currency] / plan.months) * 100) / 100) : null,
    discount: discountPercent(plan, currency),
  }));
  return { plans, free: money(0), downloadPolicy: config.DOWNLOAD_POLICY, maxUploadMb: config.MAX_UPLOAD_MB };
}

const copyValues = { days: TRIAL_DAYS, hours: TRIAL_CANCEL_HOURS };

export function meta({ location, matches, loaderData }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  const faq = copyList<QA>(t, 'pricing.faq', { ...copyValues, mb: loaderData?.maxUploadMb });
  return pageMeta({
    lang,
    path: '/pricing',
    title: t('pricing.metaTitle'),
    description: t('pricing.metaDescription', copyValues),
    origin: originFrom(matches),
    jsonLd: [faqLd(faq)],
  });
}

/** Free, Monthly and Yearly side by side; the trial buttons lead to the login popup, then to checkout. */
export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const auth = useAuth();
  const [checkoutNotice, setCheckoutNotice] = useState(false);
  const notice = useRef<HTMLParagraphElement>(null);
  const { plans, free, downloadPolicy, maxUploadMb } = loaderData;
  const current = auth.user.signedIn ? pdfPlan(auth.user.vipInfo) : undefined;

  const startTrial = () => {
    // The spec's pay button: a visitor signs in first, with paying as the next step.
    if (!auth.user.signedIn) auth.openLogin({ from: 'pricing', next: 'pay', loginType: 'reg' });
    else setCheckoutNotice(true);
  };

  // Paying is the login's next step: once signed in (here, or by the emailed link in another tab), say where checkout stands.
  useEffect(() => onAuthEvent('pay', () => setCheckoutNotice(true)), []);
  // The trial buttons sit below the fold on a phone: bring the notice into view. At once, not smoothly:
  // after a login by the emailed link this tab is in the background, where a smooth scroll does not run.
  useEffect(() => {
    if (checkoutNotice) notice.current?.scrollIntoView({ block: 'center' });
  }, [checkoutNotice]);

  return (
    <>
      <section className="content-hero content-hero--compact">
        <div className="container content-hero__narrow">
          <h1 className="content-hero__title">{t('pricing.title')}</h1>
          <p className="content-hero__lead">{t('pricing.lead', copyValues)}</p>
        </div>
      </section>

      <div className="container content-body">
        <div role="status">
          {checkoutNotice && (
            <p ref={notice} className="notice pricing-notice">
              {t('pricing.checkoutClosed')} <Link to={localize('/contact-us')}>{t('pricing.contactLink')}</Link>
            </p>
          )}
        </div>

        <ul className="plan-grid" aria-label={t('pricing.plansLabel')}>
          <li className="plan-card">
            <h2 className="plan-card__name">{t('pricing.free.name')}</h2>
            <p className="plan-card__price">
              <span className="plan-card__amount">{free}</span>
            </p>
            <p className="plan-card__summary">{t('pricing.free.priceNote')}</p>
            {current === 'free' ? (
              <p className="plan-card__current">{t('pricing.currentPlan')}</p>
            ) : (
              <Link className="button button--secondary button--block" to={localize('/')}>
                {t('pricing.free.button')}
              </Link>
            )}
            <FeatureList items={[...copyList<string>(t, 'pricing.free.features', { mb: maxUploadMb }), t(`pricing.free.download.${downloadPolicy}`)]} />
          </li>

          {plans.map((plan) => {
            const copy = PLAN_COPY[plan.type];
            const featured = plan.type === 'YEAR';
            return (
              <li key={plan.type} className={featured ? 'plan-card plan-card--featured' : 'plan-card'}>
                <h2 className="plan-card__name">
                  {t(`pricing.${copy.key}.name`)}
                  {plan.discount > 0 && <span className="badge badge--accent plan-card__discount">{t('pricing.save', { percent: plan.discount })}</span>}
                </h2>
                {featured && <p className="plan-card__ribbon">{t('pricing.popular')}</p>}
                <p className="plan-card__price">
                  <span className="plan-card__amount">{plan.price}</span> <span className="plan-card__per">{t(copy.per)}</span>
                </p>
                <p className="plan-card__summary">
                  {t(`pricing.${copy.key}.summary`)}
                  {plan.perMonth && ` ${t('pricing.equivalent', { price: plan.perMonth })}`}
                </p>
                {current === copy.key ? (
                  <p className="plan-card__current">{t('pricing.currentPlan')}</p>
                ) : (
                  <button type="button" className={`button button--block ${featured ? 'button--primary' : 'button--secondary'}`} onClick={startTrial}>
                    {t('pricing.trialButton')}
                  </button>
                )}
                <p className="plan-card__trial">{t('pricing.trialNote', { ...copyValues, price: plan.price, period: t(`pricing.period.${copy.period}`) })}</p>
                <FeatureList items={copyList<string>(t, 'pricing.proFeatures')} />
              </li>
            );
          })}
        </ul>

        <p className="pricing-terms">
          {t('pricing.termsNote')} <Link to={localize('/subscription-terms')}>{t('pricing.termsLink')}</Link> ·{' '}
          <Link to={localize('/money-back-policy')}>{t('pricing.refundLink')}</Link>
        </p>

        <QaList title={t('pricing.faqTitle')} items={copyList<QA>(t, 'pricing.faq', { ...copyValues, mb: maxUploadMb })} />
      </div>
    </>
  );
}

/** A plan's features, each with a check mark. */
function FeatureList({ items }: { items: string[] }) {
  return (
    <ul className="plan-card__features">
      {items.map((f) => (
        <li key={f}>
          <CheckIcon width={18} height={18} />
          {f}
        </li>
      ))}
    </ul>
  );
}
