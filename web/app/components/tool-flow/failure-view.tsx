import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '~/lib/messages';
import { AlertIcon } from '../icons';
import type { FlowMessage } from './flow-state';
import { namesUnlock, UnlockLink } from './unlock-link';

interface FailureViewProps {
  error: FlowMessage;
  onRetry: () => void;
  onStartOver: () => void;
}

export function FailureView({ error, onRetry, onStartOver }: FailureViewProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="flow-panel flow-panel--error" role="alert">
      <AlertIcon className="flow-panel__icon" width={40} height={40} />
      <h2 className="flow-panel__title" ref={heading} tabIndex={-1}>
        {t('flow.failure.title')}
      </h2>
      <p className="flow-panel__text">{messageText(error)}</p>
      <div className="button-row">
        {/* Retrying cannot open a password-protected file; Unlock PDF can. */}
        {namesUnlock(error) ? (
          <UnlockLink className="button button--primary" />
        ) : (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('flow.actions.retry')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onStartOver}>
          {t('flow.actions.startOver')}
        </button>
      </div>
    </div>
  );
}
