import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PayResultPanel } from '~/components/payment/pay-result';
import { useSignedInPage } from '~/hooks/use-signed-in-page';
import { billingApi } from '~/lib/billing-api';
import { useLocalize } from '~/lib/i18n';
import { signedInPageMeta } from '~/lib/seo';
import { signedInLoader } from '~/lib/session.server';
import { EnvelopeError } from '~/lib/endpoint-client';

/** Signed-in users only: without the session cookie the server sends the visitor home. */
export const loader = signedInLoader;
export const meta = signedInPageMeta('/pay-fwd', 'subscription.payFwd.metaTitle', 'subscription.payFwd.checking');

/** The spec's polling: every 2 s, for about a minute, then a button to check again. */
const POLL_MS = 2_000;
const POLL_FOR_MS = 60_000;

type Stage = 'checking' | 'polling' | 'notDetected' | 'failed' | 'unreachable';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Where Stripe Checkout sends the buyer back: `?payId=…` after paying, `&canceled=1` after Back.
 * Paid (or trialing) goes on to the page whose download waited for it, or to /success-subscription;
 * failed or abandoned says 'Failed payment'; a payment not seen yet is 'Payment not Detected' while
 * the page keeps asking (the server asks Stripe itself, not only the webhook).
 */
export default function PayForwardPage() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const navigate = useNavigate();
  const { auth } = useSignedInPage();
  const [params] = useSearchParams();
  const payId = params.get('payId');
  const canceled = params.get('canceled') === '1';
  const [stage, setStage] = useState<Stage>(payId ? 'checking' : 'failed');
  const [returnPath, setReturnPath] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!payId) return;
    let live = true;
    const ctx = auth.callContext();
    const paid = async (path: string | null) => {
      await auth.refreshUser();
      if (!live) return;
      if (path) {
        auth.continueDownload(path);
        auth.openPay({ from: 'pay-fwd', result: 'welcome' });
      } else navigate(localize('/success-subscription'), { replace: true });
    };
    const run = async () => {
      try {
        if (canceled && attempt === 0) await billingApi.abandon(ctx, payId);
        const deadline = Date.now() + POLL_FOR_MS;
        for (;;) {
          const answer = await billingApi.checkPay(ctx, payId);
          if (!live) return;
          setReturnPath(answer.returnPath);
          if (answer.status === 'PAID') return void (await paid(answer.returnPath));
          if (answer.status === 'FAILED') return setStage('failed');
          if (Date.now() >= deadline) return setStage('notDetected');
          setStage('polling');
          await sleep(POLL_MS);
          if (!live) return;
        }
      } catch (e) {
        if (!live) return;
        const code = e instanceof EnvelopeError && 'code' in e.userMessage ? e.userMessage.code : undefined;
        setStage(code === 'PAYMENT_UNREACHABLE' || (e instanceof EnvelopeError && e.code === -1) ? 'unreachable' : 'failed');
      }
    };
    void run();
    return () => {
      live = false;
    };
    // `auth`'s functions are stable; a retry is a new attempt.
  }, [payId, canceled, attempt]);

  // The way back: the page the payment was started from (its download no longer pending), else the plans.
  const back = returnPath ? returnPath.split('?')[0] : localize('/pricing');
  const retry = () => {
    setStage('checking');
    setAttempt((n) => n + 1);
  };

  return (
    <div className="container page-narrow pay-fwd">
      <h1 className="visually-hidden">{t('subscription.payFwd.title')}</h1>
      {stage === 'checking' ? (
        <p className="page-lead" role="status">
          {t('subscription.payFwd.checking')}
        </p>
      ) : (
        <PayResultPanel result={stage === 'polling' ? 'notDetected' : stage} note={stage === 'polling' ? t('subscription.payFwd.stillChecking') : undefined}>
          {(stage === 'notDetected' || stage === 'unreachable') && (
            <button type="button" className="button button--primary" onClick={retry}>
              {t('subscription.payFwd.retry')}
            </button>
          )}
          {stage === 'failed' && payId && (
            <button type="button" className="button button--primary" onClick={() => auth.openPay({ from: 'pay-fwd', returnPath: returnPath ?? undefined })}>
              {t('subscription.popup.tryAgain')}
            </button>
          )}
          {stage !== 'polling' && (
            <Link className="button button--secondary" to={back}>
              {t('subscription.payFwd.back')}
            </Link>
          )}
          {stage !== 'polling' && (
            <Link className="button button--ghost" to={localize('/contact-us')}>
              {t('subscription.payFwd.contact')}
            </Link>
          )}
        </PayResultPanel>
      )}
    </div>
  );
}
