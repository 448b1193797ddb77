import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PricingProduct } from '#shared/billing/api';
import { PERIOD_MONTHS, type BusinessType, type ProductType } from '#shared/billing/catalogue';
import { freeServerLines, type PlanLine } from '#shared/billing/plan-rules';
import { QaList, type QA } from '~/components/content/qa-list';
import { PlanLines } from '~/components/payment/plan-lines';
import { copyList } from '~/lib/copy-list';
import { formatMoney } from '~/lib/format';
import { getI18n, langFromPath, useLocalize } from '~/lib/i18n';
import { pageServices } from '~/lib/page-services.server';
import { aiPlan, pdfPlan, type PlanLabel } from '~/lib/plan-label';
import { usePlanColumns, useRootData } from '~/lib/root-data';
import { faqLd, originFrom, pageMeta } from '~/lib/seo';
import { TRIAL_CANCEL_HOURS, TRIAL_DAYS } from '~/lib/trial';
import { useAuthActions, useUser } from '~/stores/auth-provider';
import type { Route } from './+types/pricing';

/** The plan label a product gives its buyer, to mark the user's current plan. */
const LABEL_OF_TYPE: Record<ProductType, PlanLabel> = { MONTH: 'monthly', QUARTERLY: 'quarterly', YEAR: 'yearly', FOREVER: 'lifetime' };

type Period = 'MONTH' | 'YEAR';

/**
 * The catalogue's plans, priced in the page's currency (dollars in English, euros in French) and
 * formatted here, on the server, so the page and its hydration print the same characters. Without
 * billing nothing is on sale: no plans.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, billing } = pageServices(context);
  const lang = langFromPath(new URL(request.url).pathname);
  const [pdf, ai] = billing.configured ? await Promise.all([billing.products(lang, 'pdf'), billing.products(lang, 'ai_pdf_single')]) : [[], []];
  const money = (value: number, currency: string) => formatMoney(value, currency, lang);
  const card = (p: PricingProduct) => {
    const months = PERIOD_MONTHS[p.productType];
    return {
      id: p.id,
      productType: p.productType,
      businessType: p.businessType,
      price: money(p.regularPrice, p.currency),
      listPrice: p.listPrice > p.regularPrice ? money(p.listPrice, p.currency) : null,
      discount: p.discountPercent,
      perMonth: months && months > 1 ? money(Math.floor((p.regularPrice / months) * 100) / 100, p.currency) : null,
      trialDays: p.trialDay,
    };
  };
  return {
    pdf: pdf.map(card),
    ai: ai.map(card),
    free: money(0, lang === 'fr' ? 'EUR' : 'USD'),
    billingConfigured: billing.configured,
    maxUploadMb: config.MAX_UPLOAD_MB,
  };
}

type PlanCard = Awaited<ReturnType<typeof loader>>['pdf'][number];

const copyValues = { days: TRIAL_DAYS, hours: TRIAL_CANCEL_HOURS };

export function meta({ location, matches, loaderData }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  if (loaderData && !loaderData.billingConfigured) {
    return pageMeta({ lang, path: '/pricing', title: t('pricing.freeServer.metaTitle'), description: t('pricing.freeServer.metaDescription'), origin: originFrom(matches) });
  }
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

/**
 * Free, Pro and the AI plan side by side, monthly or yearly; Quarterly and Lifetime below them.
 * Every plan's button opens the payment popup with that plan chosen (a visitor signs in first).
 * Each column lists what the server's rules give that plan (plan-rules), never what Free has too.
 * A server without billing sells nothing: the page says every tool is free there.
 */
export default function PricingPage({ loaderData }: Route.ComponentProps) {
  return loaderData.billingConfigured ? <PlansOnSale loaderData={loaderData} /> : <FreeServer free={loaderData.free} />;
}

function PlansOnSale({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const auth = useAuthActions();
  const user = useUser();
  const [period, setPeriod] = useState<Period>('YEAR');
  const { pdf, ai, free, maxUploadMb } = loaderData;
  const columns = usePlanColumns();
  const vip = user.signedIn ? user.vipInfo : undefined;
  const current = vip ? pdfPlan(vip) : undefined;
  const currentAi = vip && !vip.isVip ? aiPlan(vip) : undefined;
  const pro = pdf.find((p) => p.productType === period);
  const aiCard = ai.find((p) => p.productType === period);
  const others = pdf.filter((p) => p.productType === 'QUARTERLY' || p.productType === 'FOREVER');
  const bestSaving = Math.max(0, ...pdf.filter((p) => p.productType === 'YEAR').map((p) => p.discount));

  const buy = (plan: PlanCard) => auth.openPay({ from: 'pricing', productId: plan.id, businessType: plan.businessType as BusinessType });

  /** The plan's button, or where the user already stands with it. */
  const action = (plan: PlanCard, featured: boolean) => {
    const mine = plan.businessType === 'pdf' ? current === LABEL_OF_TYPE[plan.productType] : currentAi === LABEL_OF_TYPE[plan.productType];
    if (mine) return <p className="plan-card__current">{t('pricing.currentPlan')}</p>;
    if (plan.businessType !== 'pdf' && vip?.isVip) return <p className="plan-card__current">{t('pricing.ai.included')}</p>;
    return (
      <button type="button" className={`button button--block ${featured ? 'button--primary' : 'button--secondary'}`} onClick={() => buy(plan)}>
        {plan.trialDays > 0 ? t('pricing.trialButton') : t('pricing.buyLifetime')}
      </button>
    );
  };

  const priceLine = (plan: PlanCard) => (
    <p className="plan-card__price">
      {plan.listPrice && <s className="plan-card__list">{plan.listPrice}</s>}
      <span className="plan-card__amount">{plan.price}</span> <span className="plan-card__per">{t(`pricing.per.${plan.productType}`)}</span>
    </p>
  );

  const trialNote = (plan: PlanCard) =>
    plan.trialDays > 0
      ? t('pricing.trialNote', { days: plan.trialDays, hours: TRIAL_CANCEL_HOURS, price: plan.price, period: t(`subscription.period.${plan.productType}`) })
      : t('pricing.lifetimeNote');

  return (
    <>
      <section className="content-hero content-hero--compact">
        <div className="container content-hero__narrow">
          <h1 className="content-hero__title">{t('pricing.title')}</h1>
          <p className="content-hero__lead">{t('pricing.lead', copyValues)}</p>
        </div>
      </section>

      <div className="container content-body">
        <fieldset className="period-switch">
          <legend className="visually-hidden">{t('pricing.periodLabel')}</legend>
          {(['MONTH', 'YEAR'] as const).map((p) => (
            <label key={p} className={`period-switch__option${period === p ? ' is-selected' : ''}`}>
              <input type="radio" name="period" value={p} checked={period === p} onChange={() => setPeriod(p)} />
              {t(`pricing.periods.${p}`)}
              {p === 'YEAR' && bestSaving > 0 && <span className="badge badge--accent">{t('pricing.save', { percent: bestSaving })}</span>}
            </label>
          ))}
        </fieldset>

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
            <PlanLines lines={columns?.free ?? []} />
          </li>

          {pro && (
            <li className="plan-card plan-card--featured" data-plan={pro.productType}>
              <h2 className="plan-card__name">
                {t('pricing.pro.name')}
                {pro.discount > 0 && <span className="badge badge--accent plan-card__discount">{t('pricing.save', { percent: pro.discount })}</span>}
              </h2>
              <p className="plan-card__ribbon">{t('pricing.popular')}</p>
              {priceLine(pro)}
              <p className="plan-card__summary">
                {t(`pricing.summary.${pro.productType}`)}
                {pro.perMonth && ` ${t('pricing.equivalent', { price: pro.perMonth })}`}
              </p>
              {action(pro, true)}
              <p className="plan-card__trial">{trialNote(pro)}</p>
              <PlanLines lines={columns?.pro ?? []} />
            </li>
          )}

          {aiCard && (
            <li className="plan-card" data-plan={`ai-${aiCard.productType}`}>
              <h2 className="plan-card__name">
                {t('pricing.ai.name')}
                {aiCard.discount > 0 && <span className="badge badge--accent plan-card__discount">{t('pricing.save', { percent: aiCard.discount })}</span>}
              </h2>
              {priceLine(aiCard)}
              <p className="plan-card__summary">
                {t('pricing.ai.summary')}
                {aiCard.perMonth && ` ${t('pricing.equivalent', { price: aiCard.perMonth })}`}
              </p>
              {action(aiCard, false)}
              <p className="plan-card__trial">{trialNote(aiCard)}</p>
              <PlanLines lines={columns?.ai ?? []} />
            </li>
          )}
        </ul>

        {others.length > 0 && (
          <section className="plan-more" aria-labelledby="plan-more-title">
            <h2 id="plan-more-title" className="plan-more__title">
              {t('pricing.moreTitle')}
            </h2>
            <ul className="plan-more__list">
              {others.map((plan) => (
                <li key={plan.id} className="plan-card plan-card--row" data-plan={plan.productType}>
                  <div className="plan-card--row__main">
                    <h3 className="plan-card__name">
                      {t(`subscription.types.${plan.productType}`)}
                      {plan.discount > 0 && <span className="badge badge--accent plan-card__discount">{t('pricing.save', { percent: plan.discount })}</span>}
                    </h3>
                    {priceLine(plan)}
                    <p className="plan-card__trial">
                      {t(`pricing.summary.${plan.productType}`)}
                      {plan.perMonth && ` ${t('pricing.equivalent', { price: plan.perMonth })}`} {trialNote(plan)}
                    </p>
                  </div>
                  {action(plan, false)}
                </li>
              ))}
            </ul>
          </section>
        )}

        <p className="pricing-terms">
          {t('pricing.termsNote')} <Link to={localize('/subscription-terms')}>{t('pricing.termsLink')}</Link> ·{' '}
          <Link to={localize('/money-back-policy')}>{t('pricing.refundLink')}</Link>
        </p>

        <QaList title={t('pricing.faqTitle')} items={copyList<QA>(t, 'pricing.faq', { ...copyValues, mb: maxUploadMb })} />
      </div>
    </>
  );
}

/** What everyone gets on a server without billing, in one card. */
function FreeServer({ free }: { free: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const root = useRootData();
  const lines = root ? freeServerLines({ downloadPolicy: root.downloadPolicy, maxUploadMb: root.maxUploadMb, aiMaxPages: root.aiMaxPages, generativeAi: root.generativeAi }) : [];
  return (
    <>
      <section className="content-hero content-hero--compact">
        <div className="container content-hero__narrow">
          <h1 className="content-hero__title">{t('pricing.freeServer.title')}</h1>
          <p className="content-hero__lead">{t('pricing.freeServer.lead')}</p>
        </div>
      </section>
      <div className="container content-body">
        <ul className="plan-grid plan-grid--single" aria-label={t('pricing.plansLabel')}>
          <li className="plan-card plan-card--featured">
            <h2 className="plan-card__name">{t('pricing.freeServer.name')}</h2>
            <p className="plan-card__price">
              <span className="plan-card__amount">{free}</span>
            </p>
            <Link className="button button--primary button--block" to={localize('/')}>
              {t('pricing.free.button')}
            </Link>
            <PlanLines lines={lines} />
          </li>
        </ul>
      </div>
    </>
  );
}
