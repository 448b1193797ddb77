import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayResult } from '~/stores/popups-store';
import { AlertIcon, CheckIcon } from '../icons';

/**
 * One of the payment's result states (the spec's five): welcome to Pro, payment not detected,
 * failed to get payment, failed payment, payment method not configured. The popup and /pay-fwd
 * show the same panel, each with its own way on (`children`) and /pay-fwd with what it is doing (`note`). Its heading takes focus, so a
 * screen reader announces the outcome.
 */
export function PayResultPanel({ result, titleId, note, children }: { result: PayResult; titleId?: string; note?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [result]);
  const good = result === 'welcome';
  // A payment that failed is an error; one not seen yet, or no payment method, is not the buyer's fault.
  const failed = result === 'failed' || result === 'unreachable';
  return (
    <div className={`flow-panel pay-result ${good ? 'flow-panel--success' : failed ? 'flow-panel--error' : 'pay-result--neutral'}`} data-result={result}>
      {good ? <CheckIcon className="flow-panel__icon" width={40} height={40} /> : <AlertIcon className="flow-panel__icon" width={40} height={40} />}
      <h2 id={titleId} ref={heading} tabIndex={-1} className="flow-panel__title">
        {t(`subscription.result.${result}.title`)}
      </h2>
      <p className="flow-panel__text" role="status">
        {t(`subscription.result.${result}.text`)}
      </p>
      {note && <p className="pay-result__note">{note}</p>}
      {children && <div className="button-row">{children}</div>}
    </div>
  );
}
