import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API_PATHS, type ApiKeyView, type CreatedApiKey } from '#shared/api';
import { apiKeysApi } from '~/lib/api-keys-api';
import { useLang } from '~/lib/i18n';
import { useCopyText, type Copy } from '~/lib/messages';
import { EnvelopeError } from '~/lib/endpoint-client';
import { useAuthActions } from '~/stores/auth-provider';
import { useToast } from '~/stores/toasts';
import { ConfirmDialog } from '../layout/confirm-dialog';
import { NewApiKeyPanel } from './new-api-key-panel';

/** As ZCreateApiKey on the server: the form says so before sending. */
const NAME_MAX = 60;

type Load = { state: 'loading' } | { state: 'ready'; keys: ApiKeyView[] } | { state: 'failed' };

const failure = (e: unknown): Copy => (e instanceof EnvelopeError ? e.userMessage : { code: 'INTERNAL' });

/**
 * The account's API keys tab: what a key is for and a link to the API documentation, a form that
 * names and creates one (then shown once), and the live keys (name, first characters, created, last
 * used), each revoked after a confirmation.
 */
export function ApiKeysTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const auth = useAuthActions();
  const { toast } = useToast();
  const copyText = useCopyText();
  const nameId = useId();
  const listTitle = useRef<HTMLHeadingElement>(null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<Copy>();
  const [created, setCreated] = useState<CreatedApiKey>();
  const [confirm, setConfirm] = useState<ApiKeyView>();
  const [revoking, setRevoking] = useState(false);
  /** Set by a revocation: its row and button are gone, so once the dialog has closed the list's heading takes the focus. */
  const focusList = useRef(false);

  useEffect(() => {
    let live = true;
    apiKeysApi
      .list(auth.callContext())
      .then((keys) => live && setLoad({ state: 'ready', keys }))
      .catch(() => live && setLoad({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, [auth]);

  useEffect(() => {
    if (confirm || !focusList.current) return;
    focusList.current = false;
    listTitle.current?.focus();
  }, [confirm]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    setNameError(!trimmed);
    if (!trimmed) return;
    setCreating(true);
    setError(undefined);
    try {
      const answer = await apiKeysApi.create(auth.callContext(), trimmed);
      setCreated(answer);
      setName('');
      setLoad((current) => (current.state === 'ready' ? { state: 'ready', keys: [answer.apiKey, ...current.keys] } : current));
    } catch (err) {
      setError(failure(err));
    } finally {
      setCreating(false);
    }
  };

  const revoke = async (key: ApiKeyView) => {
    setRevoking(true);
    setError(undefined);
    try {
      await apiKeysApi.revoke(auth.callContext(), key.id);
      setLoad((current) => (current.state === 'ready' ? { state: 'ready', keys: current.keys.filter((k) => k.id !== key.id) } : current));
      if (created?.apiKey.id === key.id) setCreated(undefined);
      toast({ key: 'account.apiKeys.revoked' }, 'success');
      focusList.current = true;
      setConfirm(undefined);
    } catch (err) {
      setConfirm(undefined);
      setError(failure(err));
    } finally {
      setRevoking(false);
    }
  };

  // The day a key was made is enough; its last use is told to the minute, to see whether a script just ran.
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  const minute = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  const time = (iso: string, format: Intl.DateTimeFormat) => <time dateTime={iso}>{format.format(new Date(iso))}</time>;

  return (
    <section className="card api-keys" aria-labelledby="account-api-keys">
      <h2 id="account-api-keys" className="visually-hidden">
        {t('account.apiKeys.title')}
      </h2>
      <p>{t('account.apiKeys.lead')}</p>
      <pre className="api-keys__example">
        <code>Authorization: Bearer sheaf_…</code>
      </pre>
      <p>
        <a href={`${API_PATHS.docs}/view`}>{t('account.apiKeys.docsLink')}</a>
      </p>

      <form className="api-keys__form" onSubmit={(e) => void create(e)} noValidate>
        <div className="field">
          <label htmlFor={nameId}>{t('account.apiKeys.name')}</label>
          <p id={`${nameId}-help`} className="field__help">
            {t('account.apiKeys.nameHelp', { max: NAME_MAX })}
          </p>
          <div className="api-keys__create">
            <input
              id={nameId}
              type="text"
              value={name}
              maxLength={NAME_MAX}
              autoComplete="off"
              onChange={(e) => setName(e.target.value)}
              aria-invalid={nameError || undefined}
              aria-describedby={`${nameId}-help${nameError ? ` ${nameId}-error` : ''}`}
            />
            <button type="submit" className="button button--primary" disabled={creating}>
              {t(creating ? 'account.apiKeys.creating' : 'account.apiKeys.create')}
            </button>
          </div>
          {nameError && (
            <p id={`${nameId}-error`} className="field__error" role="alert">
              {t('account.apiKeys.nameRequired')}
            </p>
          )}
        </div>
      </form>

      {error && (
        <p className="form-error" role="alert">
          {copyText(error)}
        </p>
      )}

      {created && <NewApiKeyPanel created={created} onDone={() => setCreated(undefined)} />}

      <h3 ref={listTitle} tabIndex={-1} className="api-keys__title">
        {t('account.apiKeys.listTitle')}
      </h3>
      {load.state === 'loading' && <p role="status">{t('account.apiKeys.loading')}</p>}
      {load.state === 'failed' && (
        <p className="notice" role="alert">
          {t('account.apiKeys.loadFailed')}
        </p>
      )}
      {load.state === 'ready' && load.keys.length === 0 && <p className="api-keys__empty">{t('account.apiKeys.empty')}</p>}
      {load.state === 'ready' && load.keys.length > 0 && (
        <table className="history-table api-keys__table">
          <thead>
            <tr>
              <th scope="col">{t('account.apiKeys.columns.name')}</th>
              <th scope="col">{t('account.apiKeys.columns.key')}</th>
              <th scope="col">{t('account.apiKeys.columns.created')}</th>
              <th scope="col">{t('account.apiKeys.columns.lastUsed')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('account.apiKeys.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {load.keys.map((key) => (
              <tr key={key.id}>
                <td data-label={t('account.apiKeys.columns.name')} className="api-keys__name">
                  {key.name}
                </td>
                <td data-label={t('account.apiKeys.columns.key')}>
                  <code className="api-keys__prefix">{key.prefix}…</code>
                </td>
                <td data-label={t('account.apiKeys.columns.created')}>{time(key.createdAt, day)}</td>
                <td data-label={t('account.apiKeys.columns.lastUsed')}>
                  {key.lastUsedAt ? time(key.lastUsedAt, minute) : t('account.apiKeys.never')}
                </td>
                <td className="api-keys__actions">
                  <button type="button" className="button button--ghost button--small button--danger" onClick={() => setConfirm(key)}>
                    {t('account.apiKeys.revoke')}
                    <span className="visually-hidden"> {key.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {confirm && (
        <ConfirmDialog
          title={t('account.apiKeys.confirm.title')}
          text={t('account.apiKeys.confirm.text', { name: confirm.name, prefix: confirm.prefix })}
          confirmLabel={t('account.apiKeys.confirm.yes')}
          cancelLabel={t('account.apiKeys.confirm.no')}
          danger
          busy={revoking}
          onConfirm={() => void revoke(confirm)}
          onCancel={() => setConfirm(undefined)}
        />
      )}
    </section>
  );
}
