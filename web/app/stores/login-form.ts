import { isValidEmail } from '#shared/validation';
import type { Copy } from '~/lib/messages';

/**
 * The login popup's one box: an email address, whichever link it needs (log in, or sign up for an
 * address without an account). The spec's flags that remain: limitTime (too many links; here with
 * when to ask again) and sendTag (sent).
 */
export interface LoginFormState {
  email: string;
  emailTouched: boolean;
  /** The address the last link went to (the spec's sendTag). */
  sentTo?: string;
  /** Too many links: seconds until one may be asked again, 0 when the server did not say (the spec's limitTime). */
  limitSeconds?: number;
  /** Any other refusal or failure, shown under the button. */
  failure?: Copy;
  busy: boolean;
}

export type LoginFormAction =
  | { type: 'email'; value: string }
  | { type: 'blurEmail' }
  | { type: 'submit' }
  | { type: 'sent' }
  | { type: 'tooFrequent'; retryAfterSeconds?: number }
  | { type: 'failed'; message: Copy };

export const initialLoginForm: LoginFormState = { email: '', emailTouched: false, busy: false };

const verdictsCleared = { sentTo: undefined, limitSeconds: undefined, failure: undefined };

export function loginFormReducer(state: LoginFormState, action: LoginFormAction): LoginFormState {
  switch (action.type) {
    case 'email':
      return { ...state, ...verdictsCleared, email: action.value.trim() };
    case 'blurEmail':
      return { ...state, emailTouched: state.email !== '' || state.emailTouched };
    case 'submit':
      return { ...state, ...verdictsCleared, emailTouched: true, busy: true };
    case 'sent':
      return { ...state, busy: false, sentTo: state.email };
    case 'tooFrequent':
      return { ...state, busy: false, limitSeconds: action.retryAfterSeconds ?? 0 };
    case 'failed':
      return { ...state, busy: false, failure: action.message };
  }
}

/** 'Enter a valid email address', once the user has left a malformed address. */
export const emailFormatError = (s: LoginFormState) => s.emailTouched && s.email !== '' && !isValidEmail(s.email);

/** Continue: a valid email, no request on its way. */
export const canContinue = (s: LoginFormState) => !s.busy && isValidEmail(s.email);

/**
 * "Try again in 12 minutes": the wait rounded up to whole minutes, or to hours past 90 minutes (a
 * daily limit); undefined when the server did not say.
 */
export function retryWait(seconds: number | undefined): { unit: 'minutes' | 'hours'; count: number } | undefined {
  if (!seconds || seconds <= 0) return undefined;
  const minutes = Math.ceil(seconds / 60);
  return minutes > 90 ? { unit: 'hours', count: Math.ceil(minutes / 60) } : { unit: 'minutes', count: minutes };
}
