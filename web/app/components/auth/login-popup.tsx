import { useEffect, useId, useReducer, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyText } from '~/lib/messages';
import { useRootData } from '~/lib/root-data';
import { EnvelopeError, USER_CODE, userApi } from '~/lib/user-api';
import { useAuth } from '~/stores/auth-provider';
import {
  canContinue,
  canCreateAccount,
  emailFormatError,
  initialLoginForm,
  loginFormReducer,
  nameError,
  type LoginFormAction,
  type LoginFormState,
} from '~/stores/login-form';
import { hasPendingFiles } from '~/stores/ui-store';
import type { LoginType } from '~/stores/user-store';
import { RESULT_PATH } from '#shared/api';
import { NAME_MAX, isValidEmail } from '#shared/validation';
import { CheckIcon, CloseIcon, FileIcon, SheafMark } from '../icons';
import { Modal } from '../layout/modal';
import { EmailField } from './email-field';
import { GoogleButton } from './google-button';

/** The spec's login popup: Google, or a sign-in link by email (sign up or log in). */
export function LoginPopup() {
  const auth = useAuth();
  if (!auth.ui.showLoginPop) return null;
  return <LoginDialog />;
}

function LoginDialog() {
  const { t } = useTranslation();
  const auth = useAuth();
  const { ui, user } = auth;
  const titleId = useId();
  const pending = hasPendingFiles(ui);
  const google = useRootData()?.googleSignIn ?? false;
  const mode = user.loginType;

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
          <div className="login-popup__promise">
            <p className="login-popup__promise-title">{t('auth.popup.trialTitle')}</p>
            <ul>
              <li>
                <CheckIcon width={18} height={18} /> {t('auth.popup.trialUnlimited')}
              </li>
              <li>
                <CheckIcon width={18} height={18} /> {t('auth.popup.trialSize')}
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
          <EmailLoginForm mode={mode} onSwitch={(next) => auth.setLoginType(next)} />
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

/** Register: email + name → Create account. Log in: email → Continue. Both mail a sign-in link. */
function EmailLoginForm({ mode, onSwitch }: { mode: LoginType; onSwitch: (mode: LoginType) => void }) {
  const { t } = useTranslation();
  const copyText = useCopyText();
  const auth = useAuth();
  const [form, dispatch] = useReducer(loginFormReducer, auth.ui.loginEmail, (email) => (email ? { ...initialLoginForm, email } : initialLoginForm));
  const ids = { email: useId(), emailError: useId(), name: useId(), nameError: useId() };
  const register = mode === 'reg';

  // Switching between sign-up and log-in keeps the address typed so far.
  useEffect(() => dispatch({ type: 'switchMode' }), [mode]);

  const checkExisting = async (state: LoginFormState) => {
    if (!register || !isValidEmail(state.email)) return;
    try {
      const exists = await userApi.checkEmail(auth.callContext(), { email: state.email, clientId: auth.user.clientId ?? '' });
      dispatch({ type: 'checked', email: state.email, exists });
    } catch {
      dispatch({ type: 'failed', message: { key: 'auth.popup.createFailed' } });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(register ? canCreateAccount(form) : canContinue(form))) return;
    dispatch({ type: 'submit' });
    try {
      await userApi.sendLoginLink(auth.callContext(), {
        email: form.email,
        clientId: auth.user.clientId ?? '',
        channel: auth.user.channel ?? '',
        ...(register ? { name: form.name.trim() } : {}),
        ...resultPath(auth.ui.downloadUrl),
      });
      dispatch({ type: 'sent' });
    } catch (e) {
      dispatch(refusal(e, register));
    }
  };

  const formatError = emailFormatError(form);
  const accountHint = register ? form.hasEmail : form.loginNoEmail;
  const emailInvalid = formatError || accountHint;
  const showNameError = register && nameError(form);
  const enabled = register ? canCreateAccount(form) : canContinue(form);

  return (
    <form className="login-form" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={ids.email}>{t('auth.popup.email')}</label>
        <EmailField
          id={ids.email}
          value={form.email}
          onChange={(value) => dispatch({ type: 'email', value })}
          onBlur={() => {
            dispatch({ type: 'blurEmail' });
            void checkExisting(form);
          }}
          invalid={emailInvalid}
          describedBy={ids.emailError}
          autoFocus
        />
        <div id={ids.emailError}>
          {formatError && <p className="field__error">{t('errors.INVALID_EMAIL')}</p>}
          {!formatError && accountHint && (
            <p className="field__error">
              {t(register ? 'errors.ACCOUNT_EXISTS' : 'errors.ACCOUNT_NOT_FOUND')}{' '}
              <button type="button" className="link-button" onClick={() => onSwitch(register ? 'login' : 'reg')}>
                {t(register ? 'auth.popup.logInLink' : 'auth.popup.signUpLink')}
              </button>
            </p>
          )}
        </div>
      </div>

      {register && (
        <div className="field">
          <label htmlFor={ids.name}>{t('auth.popup.name')}</label>
          <input
            id={ids.name}
            type="text"
            autoComplete="name"
            maxLength={NAME_MAX}
            placeholder={t('auth.popup.namePlaceholder')}
            value={form.name}
            aria-invalid={showNameError || undefined}
            aria-describedby={showNameError ? ids.nameError : undefined}
            onChange={(event) => dispatch({ type: 'name', value: event.target.value })}
            onBlur={() => dispatch({ type: 'blurName' })}
          />
          {showNameError && (
            <p id={ids.nameError} className="field__error">
              {t('errors.INVALID_NAME')}
            </p>
          )}
        </div>
      )}

      <button type="submit" className="button button--primary button--block login-form__submit" disabled={!enabled} aria-busy={form.busy || undefined}>
        {t(register ? 'auth.popup.createAccount' : 'auth.popup.continue')}
      </button>

      <div className="login-form__status" role="status">
        {form.sendTag && (
          <>
            <p className="login-form__sent">
              <CheckIcon width={18} height={18} /> {t('auth.popup.linkSent')}
            </p>
            <p className="login-form__hint">{t('auth.popup.linkSentHint')}</p>
          </>
        )}
      </div>
      {(form.limitTime || form.failure) && (
        <p className="login-form__error" role="alert">
          {form.limitTime ? t('errors.TOO_FREQUENT') : copyText(form.failure!)}
        </p>
      )}

      <p className="login-form__switch">
        {t(register ? 'auth.popup.haveAccount' : 'auth.popup.noAccountYet')}{' '}
        <button type="button" className="link-button" onClick={() => onSwitch(register ? 'login' : 'reg')}>
          {t(register ? 'auth.popup.logInLink' : 'auth.popup.signUpLink')}
        </button>
      </p>
    </form>
  );
}

/** What a refused link request means for the form: the spec's 1001, 1002 and 410, or its message. */
function refusal(e: unknown, register: boolean): LoginFormAction {
  if (e instanceof EnvelopeError) {
    if (e.code === USER_CODE.accountExists) return { type: 'refused', reason: 'exists' };
    if (e.code === USER_CODE.accountNotFound) return { type: 'refused', reason: 'notFound' };
    if (e.code === USER_CODE.tooFrequent) return { type: 'refused', reason: 'tooFrequent' };
    if (e.code !== -1) return { type: 'failed', message: e.userMessage };
  }
  return { type: 'failed', message: register ? { key: 'auth.popup.createFailed' } : { code: 'INTERNAL' } };
}
