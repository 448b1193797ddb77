import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingPayment, BillingSubscription, UserBilling } from '#shared/billing/api';
import { billingApi } from '~/lib/billing-api';
import { formatDate } from '~/lib/blog';
import { formatMoney } from '~/lib/format';
import { useLang, type Lang } from '~/lib/i18n';
import { useMessageText } from '~/lib/messages';
import { labelOfPlanName } from '~/lib/plan-label';
import { useRootData } from '~/lib/root-data';
import { EnvelopeError } from '~/lib/endpoint-client';
import type { VipInfo } from '~/lib/user-api';
import { useAuthActions } from '~/stores/auth-provider';
import { useToast } from '~/stores/toasts';
import { ConfirmDialog } from '../layout/confirm-dialog';

type Load = { state: 'loading' } | { state: 'ready'; billing: UserBilling } | { state: 'failed' };
type Confirm = { action: 'cancel' | 'resume'; subscription: BillingSubscription };

/** A plan still in force: it shows with its renewal, and can be cancelled or resumed. */
const isLive = (s: BillingSubscription) => s.status === 'TRIALING' || s.status === 'ACTIVE' || s.status === 'PAST_DUE';
const date = (iso: string | null, lang: Lang) => (iso ? formatDate(new Date(iso), lang) : '');
const confirmValues = (s: BillingSubscription, lang: Lang) => ({ date: date(s.currentPeriodEnd, lang), price: formatMoney(s.price, s.currency, lang), plan: s.name });

/**
 * The account's billing tab: Free or Pro, each plan in force (period, next renewal or the day it
 * ends, price), cancel at period end and resume (each confirmed first), the card through Stripe's
 * billing portal, and past payments; an upgrade prompt when there is no plan.
 */
export function BillingTab({ vip }: { vip: VipInfo }) {
  const { t } = useTranslation();
  const lang = useLang();
  const auth = useAuthActions();
  const { toast } = useToast();
  const messageText = useMessageText();
  // A server without billing sells nothing: no prompt to buy.
  const billingConfigured = useRootData()?.billingConfigured ?? false;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [confirm, setConfirm] = useState<Confirm>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    billingApi
      .billing(auth.callContext())
      .then((billing) => live && setLoad({ state: 'ready', billing }))
      .catch(() => live && setLoad({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, [auth]);

  const fail = (e: unknown) => setError(e instanceof EnvelopeError ? messageText(e.userMessage) : t('errors.INTERNAL'));

  const changeCard = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const { url } = await billingApi.billingPortal(auth.callContext());
      window.location.assign(url);
    } catch (e) {
      setBusy(false);
      fail(e);
    }
  };

  const apply = async ({ action, subscription }: Confirm) => {
    setBusy(true);
    setError(undefined);
    try {
      const call = action === 'cancel' ? billingApi.cancelSubscription : billingApi.resumeSubscription;
      const updated = await call(auth.callContext(), subscription.id);
      setLoad((current) =>
        current.state === 'ready' ? { state: 'ready', billing: { ...current.billing, subscriptions: current.billing.subscriptions.map((s) => (s.id === updated.id ? updated : s)) } } : current,
      );
      setConfirm(undefined);
      toast({ key: action === 'cancel' ? 'account.billing.canceledToast' : 'account.billing.resumedToast' }, 'success');
      void auth.refreshUser();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const live = load.state === 'ready' ? load.billing.subscriptions.filter(isLive) : [];
  const payments = load.state === 'ready' ? load.billing.payments : [];

  return (
    <section className="card billing" aria-labelledby="account-billing">
      <h2 id="account-billing" className="visually-hidden">
        {t('account.billing.title')}
      </h2>
      <dl className="details">
        <div>
          <dt>{t('account.billing.status')}</dt>
          <dd>
            <span className={`plan-badge plan-badge--${vip.isVip ? 'pro' : 'free'}`}>{t(vip.isVip ? 'account.billing.pro' : 'account.billing.free')}</span>
          </dd>
        </div>
      </dl>

      {load.state === 'loading' && (
        <p className="card__text" role="status">
          {t('account.billing.loading')}
        </p>
      )}
      {load.state === 'failed' && (
        <p className="notice" role="alert">
          {t('account.billing.loadFailed')}
        </p>
      )}
      {error && (
        <p className="notice" role="alert">
          {error}
        </p>
      )}

      {live.map((s) => (
        <article key={s.id} className="billing-plan" aria-label={s.name}>
          <h3 className="billing-plan__name">
            {s.name}
            <span className={`plan-badge plan-badge--${s.businessType === 'pdf' ? 'pro' : 'ai'}`}>{t(`account.plans.${labelOfPlanName(s.name)}`)}</span>
          </h3>
          <dl className="details">
            <div>
              <dt>{t('account.billing.period')}</dt>
              <dd>{t(`subscription.types.${s.productType}`)}</dd>
            </div>
            <div>
              <dt>{t('account.billing.state')}</dt>
              <dd>{s.status === 'TRIALING' && s.trialEnd ? t('account.billing.statuses.TRIALING', { date: date(s.trialEnd, lang) }) : t(`account.billing.statuses.${s.status}`)}</dd>
            </div>
            {s.currentPeriodEnd && (
              <div>
                <dt>{t(s.cancelAtPeriodEnd ? 'account.billing.endsOn' : 'account.billing.renewal')}</dt>
                <dd>{date(s.currentPeriodEnd, lang)}</dd>
              </div>
            )}
            <div>
              <dt>{t('account.billing.price')}</dt>
              <dd>
                {formatMoney(s.price, s.currency, lang)} {t(`subscription.per.${s.productType}`)}
              </dd>
            </div>
          </dl>
          {s.cancelAtPeriodEnd && s.currentPeriodEnd && <p className="billing-plan__ends">{t('account.billing.endsNote', { date: date(s.currentPeriodEnd, lang) })}</p>}
          {s.productType !== 'FOREVER' && (
            <div className="button-row">
              {s.cancelAtPeriodEnd ? (
                <button type="button" className="button button--primary" onClick={() => setConfirm({ action: 'resume', subscription: s })} disabled={busy}>
                  {t('account.billing.resume')}
                </button>
              ) : (
                <button type="button" className="button button--secondary" onClick={() => setConfirm({ action: 'cancel', subscription: s })} disabled={busy}>
                  {t('account.billing.cancel')}
                </button>
              )}
              <button type="button" className="button button--secondary" onClick={changeCard} disabled={busy}>
                {t('account.billing.changeCard')}
              </button>
            </div>
          )}
        </article>
      ))}

      {billingConfigured && load.state !== 'loading' && live.length === 0 && !vip.isVip && (
        <div className="upgrade-prompt">
          <p className="upgrade-prompt__title">{t('account.billing.noSubscription')}</p>
          <p className="upgrade-prompt__text">{t('account.billing.upgradeText')}</p>
          <button type="button" className="button button--primary" onClick={() => auth.openPay({ from: 'account' })}>
            {t('account.billing.upgrade')}
          </button>
        </div>
      )}

      {payments.length > 0 && <PaymentsTable payments={payments} lang={lang} />}

      {confirm && (
        // Cancelling or resuming is asked once more, with what it means for the plan.
        <ConfirmDialog
          title={t(`account.billing.confirm.${confirm.action}.title`)}
          text={t(`account.billing.confirm.${confirm.action}.text`, confirmValues(confirm.subscription, lang))}
          confirmLabel={t(`account.billing.confirm.${confirm.action}.yes`)}
          cancelLabel={t(`account.billing.confirm.${confirm.action}.no`)}
          busy={busy}
          onConfirm={() => void apply(confirm)}
          onCancel={() => setConfirm(undefined)}
        />
      )}
    </section>
  );
}

function PaymentsTable({ payments, lang }: { payments: BillingPayment[]; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <div className="billing-payments">
      <h3 className="billing-payments__title">{t('account.billing.payments')}</h3>
      <div className="table-scroll">
        <table className="history-table">
          <thead>
            <tr>
              <th scope="col">{t('account.billing.columns.date')}</th>
              <th scope="col">{t('account.billing.columns.plan')}</th>
              <th scope="col">{t('account.billing.columns.amount')}</th>
              <th scope="col">{t('account.billing.columns.status')}</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p.id}>
                <td>{date(p.date, lang)}</td>
                <td>{p.productName}</td>
                <td>{formatMoney(p.amount, p.currency, lang)}</td>
                <td>{t(`account.billing.paymentStatuses.${p.status}`, { amount: formatMoney(p.refundedAmount, p.currency, lang) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
