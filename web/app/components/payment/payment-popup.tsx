import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PricingProduct } from '#shared/billing/api';
import { billingApi } from '~/lib/billing-api';
import { formatMoney } from '~/lib/format';
import { TRIAL_CANCEL_HOURS, TRIAL_DAYS } from '~/lib/trial';
import { useLang } from '~/lib/i18n';
import { useMessageText } from '~/lib/messages';
import { usePlanColumns } from '~/lib/root-data';
import { EnvelopeError } from '~/lib/endpoint-client';
import { useAuthActions, usePopups, useUser } from '~/stores/auth-provider';
import type { OpenPay, PayResult } from '~/stores/popups-store';
import { CloseIcon } from '../icons';
import { Modal } from '../layout/modal';
import { PayResultPanel } from './pay-result';
import { PlanLines } from './plan-lines';
import { PAY_VARIANTS, payVariantOf, type PayVariant } from './pay-variants';

/** The spec's payment popup: the plans of the buyer's channel, then Stripe Checkout; or one of its result states. */
export function PaymentPopup() {
  const popups = usePopups();
  const pay = popups.pay;
  if (!pay) return null;
  return <PayDialog pay={pay} />;
}

function PayDialog({ pay }: { pay: OpenPay }) {
  const { t } = useTranslation();
  const auth = useAuthActions();
  const titleId = useId();
  return (
    <Modal className="pay-popup" labelledBy={titleId} onClose={auth.closePay}>
      <div className="pay-popup__body">
        <button type="button" className="icon-button pay-popup__close" onClick={auth.closePay} aria-label={t('subscription.popup.close')}>
          <CloseIcon width={18} height={18} />
        </button>
        {pay.result ? <ResultState result={pay.result} titleId={titleId} /> : <PlanPicker pay={pay} titleId={titleId} />}
      </div>
    </Modal>
  );
}

/** The way on from each result: close, or choose a plan again after a failure. */
function ResultState({ result, titleId }: { result: PayResult; titleId: string }) {
  const { t } = useTranslation();
  const auth = useAuthActions();
  const again = result === 'failed' || result === 'unreachable';
  return (
    <PayResultPanel result={result} titleId={titleId}>
      {again && (
        <button type="button" className="button button--primary" onClick={() => auth.openPay({ from: 'retry' })}>
          {t('subscription.popup.tryAgain')}
        </button>
      )}
      <button type="button" className={`button ${again ? 'button--secondary' : 'button--primary'}`} onClick={auth.closePay} data-autofocus>
        {t(result === 'welcome' ? 'subscription.popup.continue' : 'subscription.popup.close')}
      </button>
    </PayResultPanel>
  );
}

type Load = { state: 'loading' } | { state: 'ready'; products: PricingProduct[] } | { state: 'failed' };

/**
 * The plans the popup lists: the variant's, in its order, and the plan chosen on the pricing page
 * whatever the variant (placed where the server's order puts it).
 */
function plansOf(products: PricingProduct[], variant: PayVariant, chosen: string | undefined): PricingProduct[] {
  const listed = PAY_VARIANTS[variant].productTypes.flatMap((type) => products.filter((p) => p.productType === type));
  const extra = products.find((p) => p.id === chosen && !listed.includes(p));
  return extra ? [...listed, extra].sort((a, b) => products.indexOf(a) - products.indexOf(b)) : listed;
}

function PlanPicker({ pay, titleId }: { pay: OpenPay; titleId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const auth = useAuthActions();
  const user = useUser();
  const messageText = useMessageText();
  const channelVariant = payVariantOf(user.channel);
  // A plan of the other kind chosen on the pricing page (the AI plan) brings its own list.
  const variant: PayVariant = pay.businessType && pay.businessType !== PAY_VARIANTS[channelVariant].businessType ? (pay.businessType === 'ai_pdf_single' ? 'landinga' : 'default') : channelVariant;
  const spec = PAY_VARIANTS[variant];
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [selected, setSelected] = useState<string | undefined>(pay.productId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    billingApi
      .products(auth.callContext(), { businessType: spec.businessType })
      .then((products) => {
        if (!live) return;
        const plans = plansOf(products, variant, pay.productId);
        setLoad({ state: 'ready', products: plans });
        setSelected((current) => (current && plans.some((p) => p.id === current) ? current : (plans.find((p) => p.productType === spec.preselect) ?? plans[0])?.id));
      })
      .catch(() => live && setLoad({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, [auth, spec, variant, pay.productId]);

  const plan = load.state === 'ready' ? load.products.find((p) => p.id === selected) : undefined;

  const checkout = async () => {
    if (!plan) return;
    setBusy(true);
    setError(undefined);
    try {
      const ctx = auth.callContext();
      const { payId } = await billingApi.createOrder(ctx, { productId: plan.id, channel: user.channel, returnPath: pay.returnPath });
      const { url } = await billingApi.createPay(ctx, payId);
      window.location.assign(url);
    } catch (e) {
      setBusy(false);
      const code = e instanceof EnvelopeError && 'code' in e.userMessage ? e.userMessage.code : undefined;
      if (code === 'PAYMENT_NOT_CONFIGURED') auth.showPayResult('notConfigured');
      else if (code === 'PAYMENT_UNREACHABLE') auth.showPayResult('unreachable');
      else setError(e instanceof EnvelopeError ? messageText(e.userMessage) : t('errors.INTERNAL'));
    }
  };

  const price = (p: PricingProduct) => formatMoney(p.regularPrice, p.currency, lang);
  const columns = usePlanColumns();
  const features = (spec.businessType === 'ai_pdf_single' ? columns?.ai : columns?.pro) ?? [];

  return (
    <div className="pay-popup__plans">
      <h2 id={titleId} className="pay-popup__title">
        {t(`subscription.popup.titles.${variant}`)}
      </h2>
      <p className="pay-popup__subtitle">{t(`subscription.popup.subtitles.${variant}`, { days: plan?.trialDay || TRIAL_DAYS })}</p>

      {load.state === 'loading' && (
        <p className="pay-popup__loading" role="status">
          {t('subscription.popup.loading')}
        </p>
      )}
      {load.state === 'failed' && (
        <p className="notice notice--error" role="alert">
          {t('subscription.popup.loadFailed')}
        </p>
      )}
      {load.state === 'ready' && (
        <fieldset className="pay-options">
          <legend className="visually-hidden">{t('subscription.popup.plansLabel')}</legend>
          {load.products.map((p) => (
            <label key={p.id} className={`pay-option${p.id === selected ? ' is-selected' : ''}`}>
              <input type="radio" name="pay-plan" value={p.id} checked={p.id === selected} onChange={() => setSelected(p.id)} data-autofocus={p.id === selected ? true : undefined} />
              <span className="pay-option__name">
                {t(`subscription.types.${p.productType}`)}
                {p.discountPercent > 0 && <span className="badge badge--accent">{t('subscription.popup.save', { percent: p.discountPercent })}</span>}
              </span>
              <span className="pay-option__price">
                {p.listPrice > p.regularPrice && <s className="pay-option__list">{formatMoney(p.listPrice, p.currency, lang)}</s>}
                <strong>{price(p)}</strong> <span className="pay-option__per">{t(`subscription.per.${p.productType}`)}</span>
              </span>
              <span className="pay-option__note">
                {p.trialDay > 0 ? t('subscription.popup.trial', { days: p.trialDay, price: price(p), period: t(`subscription.period.${p.productType}`) }) : t('subscription.popup.once')}
              </span>
            </label>
          ))}
        </fieldset>
      )}

      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button button--primary button--block button--xl" onClick={checkout} disabled={!plan || busy}>
        {busy ? t('subscription.popup.opening') : plan && plan.trialDay > 0 ? t('subscription.popup.startTrial', { days: plan.trialDay }) : t('subscription.popup.payNow', { price: plan ? price(plan) : '' })}
      </button>
      <p className="pay-popup__fine">{t(plan && plan.trialDay === 0 ? 'subscription.popup.fineOnce' : 'subscription.popup.fine', { hours: TRIAL_CANCEL_HOURS })}</p>

      <PlanLines lines={features} className="pay-popup__features" iconSize={16} />
    </div>
  );
}
