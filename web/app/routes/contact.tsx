import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '#shared/validation';
import { CheckIcon } from '~/components/icons';
import { getI18n, langFromPath } from '~/lib/i18n';
import { routeCopy } from '~/lib/page-copy.server';
import { useCopyText, type Copy } from '~/lib/messages';
import { originFrom, pageMeta } from '~/lib/seo';
import { EnvelopeError } from '~/lib/endpoint-client';
import { userApi } from '~/lib/user-api';
import { useAuthActions, useUser } from '~/stores/auth-provider';
import type { Route } from './+types/contact';

export const loader = ({ request }: Route.LoaderArgs) => ({ pageCopy: routeCopy(request, ['contact']) });

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  // /contactUs is an alias: search engines are pointed at /contact-us.
  return pageMeta({ lang, path: '/contact-us', title: t('contact.metaTitle'), description: t('contact.metaDescription'), origin: originFrom(matches) });
}

const BODY_MAX = 5000;

/** The contact form: posted to the API, which stores it and mails the operator. */
export default function ContactPage() {
  const { t } = useTranslation();
  const copyText = useCopyText();
  const auth = useAuthActions();
  const user = useUser();
  const ids = { email: useId(), emailError: useId(), name: useId(), subject: useId(), body: useId(), bodyError: useId() };
  const [fields, setFields] = useState({ email: '', name: '', subject: '', body: '' });
  const [touched, setTouched] = useState({ email: false, body: false });
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<Copy>();

  // A signed-in user need not type who they are.
  const userInfo = user.userInfo;
  useEffect(() => {
    if (userInfo) setFields((f) => ({ ...f, email: f.email || userInfo.email, name: f.name || userInfo.userName }));
  }, [userInfo]);

  const emailInvalid = touched.email && !isValidEmail(fields.email.trim());
  const bodyMissing = touched.body && !fields.body.trim();
  const set = (key: keyof typeof fields) => (event: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: event.target.value }));
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, body: true });
    if (!isValidEmail(fields.email.trim()) || !fields.body.trim()) return;
    setStatus('sending');
    try {
      await userApi.contact(auth.callContext(), {
        email: fields.email.trim(),
        name: fields.name.trim() || undefined,
        subject: fields.subject.trim() || undefined,
        body: fields.body.trim(),
      });
      setStatus('sent');
    } catch (e) {
      setStatus('idle');
      setError(e instanceof EnvelopeError ? e.userMessage : { code: 'INTERNAL' });
    }
  };

  return (
    <div className="container page-narrow">
      <h1 className="page-title">{t('contact.title')}</h1>
      <p className="page-lead">{t('contact.lead')}</p>

      {status === 'sent' ? (
        <div className="flow-panel flow-panel--success" role="status">
          <CheckIcon className="flow-panel__icon" width={40} height={40} />
          <h2 className="flow-panel__title">{t('contact.sentTitle')}</h2>
          <p className="flow-panel__text">{t('contact.sentText')}</p>
        </div>
      ) : (
        <form className="card-form" noValidate onSubmit={submit}>
          <div className="field">
            <label htmlFor={ids.email}>{t('contact.email')}</label>
            <input
              id={ids.email}
              type="email"
              autoComplete="email"
              maxLength={320}
              value={fields.email}
              onChange={set('email')}
              onBlur={() => setTouched((s) => ({ ...s, email: fields.email !== '' || s.email }))}
              aria-invalid={emailInvalid || undefined}
              aria-describedby={emailInvalid ? ids.emailError : undefined}
              required
            />
            {emailInvalid && (
              <p id={ids.emailError} className="field__error">
                {t('errors.INVALID_EMAIL')}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.name}>
              {t('contact.name')} <span className="field__optional">{t('contact.optional')}</span>
            </label>
            <input id={ids.name} type="text" autoComplete="name" maxLength={80} value={fields.name} onChange={set('name')} />
          </div>
          <div className="field">
            <label htmlFor={ids.subject}>
              {t('contact.subject')} <span className="field__optional">{t('contact.optional')}</span>
            </label>
            <input id={ids.subject} type="text" maxLength={200} value={fields.subject} onChange={set('subject')} />
          </div>
          <div className="field">
            <label htmlFor={ids.body}>{t('contact.body')}</label>
            <textarea
              id={ids.body}
              rows={7}
              maxLength={BODY_MAX}
              value={fields.body}
              onChange={set('body')}
              onBlur={() => setTouched((s) => ({ ...s, body: fields.body !== '' || s.body }))}
              aria-invalid={bodyMissing || undefined}
              aria-describedby={bodyMissing ? ids.bodyError : undefined}
              required
            />
            {bodyMissing && (
              <p id={ids.bodyError} className="field__error">
                {t('contact.bodyRequired')}
              </p>
            )}
          </div>
          {error && (
            <p className="form-error" role="alert">
              {copyText(error)}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={status === 'sending'} aria-busy={status === 'sending' || undefined}>
            {t(status === 'sending' ? 'contact.sending' : 'contact.send')}
          </button>
        </form>
      )}
    </div>
  );
}
