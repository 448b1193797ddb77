import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreatedApiKey } from '#shared/api';

/**
 * The key just created and its webhook secret, each with a copy button: shown this once (the server
 * keeps only the key's hash), so the panel says so and takes the focus when it opens.
 */
export function NewApiKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), [created]);

  return (
    <section className="new-api-key" aria-labelledby={titleId}>
      <h3 id={titleId} ref={title} tabIndex={-1} className="new-api-key__title">
        {t('account.apiKeys.created.title', { name: created.apiKey.name })}
      </h3>
      <p className="new-api-key__once">{t('account.apiKeys.created.once')}</p>
      <CopyField label={t('account.apiKeys.created.key')} value={created.key} />
      <CopyField
        label={t('account.apiKeys.created.webhookSecret')}
        value={created.webhookSecret}
        help={t('account.apiKeys.created.webhookHelp')}
      />
      <button type="button" className="button button--primary" onClick={onDone}>
        {t('account.apiKeys.created.done')}
      </button>
    </section>
  );
}

/** A read-only value and its copy button; where the browser refuses the clipboard, the value is selected for the user to copy. */
function CopyField({ label, value, help }: { label: string; value: string; help?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'refused'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const back = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(back);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // No clipboard outside HTTPS, or permission refused.
      input.current?.select();
      setState('refused');
    }
  };

  return (
    <div className="field copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field__row">
        <input
          id={id}
          ref={input}
          type="text"
          readOnly
          value={value}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby={help ? `${id}-help` : undefined}
        />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {t(state === 'copied' ? 'account.apiKeys.created.copied' : 'account.apiKeys.created.copy')}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
      {help && (
        <p id={`${id}-help`} className="field__help">
          {help}
        </p>
      )}
      <p className="field__help" aria-live="polite">
        {state === 'copied' && t('account.apiKeys.created.copiedNote', { what: label })}
        {state === 'refused' && t('account.apiKeys.created.copyRefused')}
      </p>
    </div>
  );
}
