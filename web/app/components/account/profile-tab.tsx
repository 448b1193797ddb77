import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX, isValidName } from '#shared/validation';
import { aiPlan, pdfPlan } from '~/lib/plan-label';
import { useRootData } from '~/lib/root-data';
import { useCopyText, type Copy } from '~/lib/messages';
import { EnvelopeError } from '~/lib/endpoint-client';
import { userApi, type UserInfo, type VipInfo } from '~/lib/user-api';
import { useAuthActions } from '~/stores/auth-provider';
import { useToast } from '~/stores/toasts';
import { ConfirmDialog } from '../layout/confirm-dialog';

const failure = (e: unknown): Copy => (e instanceof EnvelopeError ? e.userMessage : { code: 'INTERNAL' });

/** The account's profile: email, name (changed in place), plans, and deleting the account. */
export function ProfileTab({ info, vip }: { info: UserInfo; vip: VipInfo }) {
  const { t } = useTranslation();
  const plan = pdfPlan(vip);
  return (
    <>
      <section className="card" aria-labelledby="account-profile">
        <h2 id="account-profile" className="visually-hidden">
          {t('account.profile.title')}
        </h2>
        <dl className="details">
          <div>
            <dt>{t('account.profile.email')}</dt>
            <dd>{info.email}</dd>
          </div>
          <div>
            <dt>{t('account.profile.name')}</dt>
            <dd>
              <NameEditor name={info.userName} />
            </dd>
          </div>
          <div>
            <dt>{t('account.profile.plan')}</dt>
            <dd>
              <span className={`plan-badge plan-badge--${plan}`}>{t(`account.plans.${plan}`)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('account.profile.aiPlan')}</dt>
            <dd>
              <span className={`plan-badge plan-badge--${aiPlan(vip)}`}>{t(`account.plans.${aiPlan(vip)}`)}</span>
            </dd>
          </div>
        </dl>
      </section>
      <DeleteAccount email={info.email} />
    </>
  );
}

/** The name as text with a Change button; changing it opens a small form in its place. */
function NameEditor({ name }: { name: string }) {
  const { t } = useTranslation();
  const auth = useAuthActions();
  const { toast } = useToast();
  const copyText = useCopyText();
  const ids = { input: useId(), error: useId() };
  const [draft, setDraft] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Copy>();

  if (draft === undefined) {
    return (
      <span className="name-editor">
        <span className="name-editor__value">{name}</span>
        <button type="button" className="button button--ghost button--small" onClick={() => setDraft(name)}>
          {t('account.name.change')}
          <span className="visually-hidden"> {t('account.profile.name')}</span>
        </button>
      </span>
    );
  }

  const valid = isValidName(draft);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setError({ code: 'INVALID_NAME' });
      return;
    }
    setBusy(true);
    try {
      await userApi.updateName(auth.callContext(), draft.trim());
      await auth.refreshUser();
      toast({ key: 'account.name.saved' }, 'success');
      setDraft(undefined);
      setError(undefined);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="name-editor name-editor--editing" noValidate onSubmit={save}>
      <label htmlFor={ids.input} className="visually-hidden">
        {t('account.profile.name')}
      </label>
      <input
        id={ids.input}
        type="text"
        autoComplete="name"
        maxLength={NAME_MAX}
        value={draft}
        // Focus follows the Change button the person just pressed.
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" className="button button--primary button--small" disabled={busy} aria-busy={busy || undefined}>
        {t('account.name.save')}
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => {
          setDraft(undefined);
          setError(undefined);
        }}
      >
        {t('account.name.cancel')}
      </button>
      {error && (
        <p id={ids.error} className="field__error name-editor__error" role="alert">
          {copyText(error)}
        </p>
      )}
    </form>
  );
}

/** Deleting the account: what goes, then a dialog where the person types the address to confirm. */
function DeleteAccount({ email }: { email: string }) {
  const { t } = useTranslation();
  const auth = useAuthActions();
  const copyText = useCopyText();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Copy>();
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const billing = useRootData()?.billingConfigured ?? false;

  const close = () => {
    setOpen(false);
    setTyped('');
    setError(undefined);
  };
  const remove = async () => {
    if (!matches) return;
    setBusy(true);
    try {
      await userApi.deleteAccount(auth.callContext(), typed.trim());
      auth.accountDeleted();
    } catch (e) {
      setError(failure(e));
      setBusy(false);
    }
  };

  return (
    <section className="card account-delete" aria-labelledby="account-delete">
      <h2 id="account-delete" className="card__title">
        {t('account.delete.title')}
      </h2>
      <p className="account-delete__text">
        {t('account.delete.text')}
        {billing && ` ${t('account.delete.billingText')}`}
      </p>
      <button type="button" className="button button--secondary button--danger" onClick={() => setOpen(true)}>
        {t('account.delete.open')}
      </button>
      {open && (
        <ConfirmDialog
          title={t('account.delete.confirmTitle')}
          text={t('account.delete.confirmText')}
          confirmLabel={t('account.delete.confirm')}
          cancelLabel={t('account.delete.cancel')}
          danger
          busy={busy}
          canConfirm={matches}
          onCancel={close}
          onConfirm={() => void remove()}
        >
          <div className="field">
            <label htmlFor={inputId}>{t('account.delete.typeEmail', { email })}</label>
            <input
              id={inputId}
              type="email"
              data-autofocus
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setError(undefined);
              }}
            />
          </div>
          {error && (
            <p className="form-error" role="alert">
              {copyText(error)}
            </p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
