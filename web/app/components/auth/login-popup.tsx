import { useId, useReducer, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '~/lib/messages';
import { useRootData } from '~/lib/root-data';
import { EnvelopeError, USER_CODE } from '~/lib/endpoint-client';
import { userApi } from '~/lib/user-api';
import { useAuthActions, usePopups, useUser } from '~/stores/auth-provider';
import { canContinue, emailFormatError, initialLoginForm, loginFormReducer, retryWait, type LoginFormAction } from '~/stores/login-form';
import { hasPendingFiles } from '~/stores/popups-store';
import { RESULT_PATH } from '#shared/api';
import { CheckIcon, CloseIcon, FileIcon, SheafMark } from '../icons';
import { Modal } from '../layout/modal';
import { EmailField } from './email-field';
import { GoogleButton } from './google-button';

/** The spec's login popup: Google, or a sign-in link by email (one box for logging in and signing up). */
export function LoginPopup() {
  const popups = usePopups();
  if (!popups.showLoginPop) return null;
  return <LoginDialog />;
}

function LoginDialog() {
  const { t } = useTranslation();
  const auth = useAuthActions();
  const ui = usePopups();
  const titleId = useId();
  const pending = hasPendingFiles(ui);
  const root = useRootData();
  const google = root?.googleSignIn ?? false;
  const billing = root?.billingConfigured ?? false;

  return (
    <Modal className="login-popup" labelledBy={titleId} onClose={auth.closeLogin}>
      <div className="login-popup__panel">
        <aside className={`login-popup__side${pending ? ' login-popup__side--files' : ''}`}>
          {!pending && (
            <p className="login-popup__brand">
              <SheafMark size={30} />
              {t('site.name')}
            </p>
          )}
          {pending && (
            <figure className="login-popup__files">
              <span className="login-popup__cover">
                {ui.loginCover ? <img src={ui.loginCover} alt={t('auth.popup.coverAlt')} /> : <FileIcon width={40} height={40} />}
                {ui.fileCount > 1 && (
                  <span className="login-popup__count" aria-hidden="true">
                    {ui.fileCount}
                  </span>
                )}
              </span>
              <figcaption>{t('auth.popup.filesReady', { count: Math.max(1, ui.fileCount) })}</figcaption>
            </figure>
          )}
          {/* A trial is a plan: promised only where this server sells plans; elsewhere, what an account is for. */}
          <div className="login-popup__promise">
            <p className="login-popup__promise-title">{t(billing ? 'auth.popup.trialTitle' : 'auth.popup.accountTitle')}</p>
            <ul>
              <li>
                <CheckIcon width={18} height={18} /> {t(billing ? 'auth.popup.trialUnlimited' : 'auth.popup.accountHistory')}
              </li>
              <li>
                <CheckIcon width={18} height={18} /> {t(billing ? 'auth.popup.trialSize' : 'auth.popup.accountKept')}
              </li>
            </ul>
          </div>
        </aside>

        <div className="login-popup__main">
          <button type="button" className="icon-button login-popup__close" onClick={auth.closeLogin} aria-label={t('auth.popup.close')}>
            <CloseIcon width={18} height={18} />
          </button>
          <h2 id={titleId} className="login-popup__title">
            {t(pending ? 'auth.popup.titleDownload' : 'auth.popup.title')}
          </h2>
          <p className="login-popup__subtitle">{t(google ? 'auth.popup.subtitle' : 'auth.popup.subtitleEmail')}</p>
          {ui.loginTips && (
            <p className="login-popup__tips" role="alert">
              {t(ui.loginTips)}
            </p>
          )}

          {/* Only the sign-in methods this server has: no Google button that would end on an error page. */}
          {google && (
            <>
              <GoogleButton onLeave={auth.rememberLoginResume} />
              <p className="login-popup__or" role="separator">
                <span>{t('auth.popup.or')}</span>
              </p>
            </>
          )}
          <EmailLoginForm />
        </div>
      </div>
    </Modal>
  );
}

/** The result waiting for this login, as a path the mailed link can carry back (opened in another tab, or later). */
function resultPath(url: string | undefined): { download?: string } {
  if (!url) return {};
  const path = new URL(url, window.location.origin).pathname;
  return RESULT_PATH.test(path) ? { download: path } : {};
}

/**
 * One box: an email address and Continue. The server mails a log-in link, or a sign-up link to an
 * address without an account, and answers the same either way: the popup says "Check your inbox"
 * without telling whether the address has an account.
 */
function EmailLoginForm() {
  const { t } = useTranslation();
  const copyText = useCopyText();
  const auth = useAuthActions();
  const user = useUser();
  const popups = usePopups();
  const [form, dispatch] = useReducer(loginFormReducer, popups.loginEmail, (email) => (email ? { ...initialLoginForm, email } : initialLoginForm));
  const ids = { email: useId(), emailError: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canContinue(form)) return;
    dispatch({ type: 'submit' });
    try {
      await userApi.sendLoginLink(auth.callContext(), {
        email: form.email,
        clientId: user.clientId ?? '',
        channel: user.channel ?? '',
        ...resultPath(popups.downloadUrl),
      });
      dispatch({ type: 'sent' });
    } catch (e) {
      dispatch(refusal(e));
    }
  };

  const formatError = emailFormatError(form);
  const wait = retryWait(form.limitSeconds);

  return (
    <form className="login-form" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={ids.email}>{t('auth.popup.email')}</label>
        <EmailField
          id={ids.email}
          value={form.email}
          onChange={(value) => dispatch({ type: 'email', value })}
          onBlur={() => dispatch({ type: 'blurEmail' })}
          invalid={formatError}
          describedBy={ids.emailError}
          autoFocus
        />
        <div id={ids.emailError}>{formatError && <p className="field__error">{t('errors.INVALID_EMAIL')}</p>}</div>
      </div>

      <button type="submit" className="button button--primary button--block login-form__submit" disabled={!canContinue(form)} aria-busy={form.busy || undefined}>
        {t(form.sentTo ? 'auth.popup.sendAgain' : 'auth.popup.continue')}
      </button>

      {!form.sentTo && <p className="login-form__note">{t('auth.popup.oneBoxNote')}</p>}
      <div className="login-form__status" role="status">
        {form.sentTo && (
          <>
            <p className="login-form__sent">
              <CheckIcon width={18} height={18} /> {t('auth.popup.linkSent')}
            </p>
            <p className="login-form__hint">{t('auth.popup.linkSentTo', { email: form.sentTo })}</p>
          </>
        )}
      </div>
      {(form.limitSeconds !== undefined || form.failure) && (
        <p className="login-form__error" role="alert">
          {form.limitSeconds === undefined
            ? copyText(form.failure!)
            : wait
              ? t(`auth.popup.tooManyLinks.${wait.unit}`, { count: wait.count })
              : t('auth.popup.tooManyLinks.later')}
        </p>
      )}
    </form>
  );
}

/** What a refused link request means for the form: too many links (the spec's 410, with when to ask again), or its message. */
function refusal(e: unknown): LoginFormAction {
  if (e instanceof EnvelopeError) {
    if (e.code === USER_CODE.tooFrequent) return { type: 'tooFrequent', retryAfterSeconds: e.retryAfterSeconds };
    if (e.code !== -1) return { type: 'failed', message: e.userMessage };
  }
  return { type: 'failed', message: { code: 'INTERNAL' } };
}
