import { NAME_MAX, isValidEmail, isValidName } from '#shared/validation';
import type { Copy } from '~/lib/messages';
import type { LoginType } from './user-store';

/**
 * The login popup's email form, with the spec's flags: hasEamil (sign-up with a known address),
 * loginNoEmail (log-in with an unknown one), limitTime (too many links), nameError, sendTag (sent).
 */
export interface LoginFormState {
  email: string;
  name: string;
  emailTouched: boolean;
  nameTouched: boolean;
  hasEmail: boolean;
  loginNoEmail: boolean;
  limitTime: boolean;
  sendTag: boolean;
  /** Any other refusal or failure, shown under the button. */
  failure?: Copy;
  busy: boolean;
}

export type LoginFormAction =
  | { type: 'email'; value: string }
  | { type: 'name'; value: string }
  | { type: 'blurEmail' }
  | { type: 'blurName' }
  /** The has-account check of a sign-up address came back. */
  | { type: 'checked'; email: string; exists: boolean }
  | { type: 'submit' }
  | { type: 'sent' }
  | { type: 'refused'; reason: 'exists' | 'notFound' | 'tooFrequent' }
  | { type: 'failed'; message: Copy }
  /** Switching between sign-up and log-in keeps the address and forgets the verdicts. */
  | { type: 'switchMode' };

export const initialLoginForm: LoginFormState = {
  email: '',
  name: '',
  emailTouched: false,
  nameTouched: false,
  hasEmail: false,
  loginNoEmail: false,
  limitTime: false,
  sendTag: false,
  busy: false,
};

const verdictsCleared = { hasEmail: false, loginNoEmail: false, limitTime: false, sendTag: false, failure: undefined };

export function loginFormReducer(state: LoginFormState, action: LoginFormAction): LoginFormState {
  switch (action.type) {
    case 'email':
      return { ...state, ...verdictsCleared, email: action.value.trim() };
    case 'name':
      // The spec caps the input at 20 characters.
      return { ...state, name: Array.from(action.value).slice(0, NAME_MAX).join(''), failure: undefined };
    case 'blurEmail':
      return { ...state, emailTouched: state.email !== '' || state.emailTouched };
    case 'blurName':
      return { ...state, nameTouched: state.name !== '' || state.nameTouched };
    case 'checked':
      return action.email === state.email ? { ...state, hasEmail: action.exists } : state;
    case 'submit':
      return { ...state, ...verdictsCleared, emailTouched: true, busy: true };
    case 'sent':
      return { ...state, busy: false, sendTag: true };
    case 'refused':
      return {
        ...state,
        busy: false,
        hasEmail: action.reason === 'exists',
        loginNoEmail: action.reason === 'notFound',
        limitTime: action.reason === 'tooFrequent',
      };
    case 'failed':
      return { ...state, busy: false, failure: action.message };
    case 'switchMode':
      return { ...state, ...verdictsCleared, nameTouched: false, busy: false };
  }
}

/** 'Enter a valid email address', once the user has left a malformed address. */
export const emailFormatError = (s: LoginFormState) => s.emailTouched && s.email !== '' && !isValidEmail(s.email);

/** The email field is in error: malformed, or the server's verdict for this mode. */
export const hasEmailError = (s: LoginFormState, mode: LoginType) =>
  emailFormatError(s) || (mode === 'reg' ? s.hasEmail : s.loginNoEmail);

/** 'Name should be 2–20 characters', once the user has left a name that is not. */
export const nameError = (s: LoginFormState) => s.nameTouched && !isValidName(s.name);

/** Create account: a valid email, a name longer than one character, no email error. */
export const canCreateAccount = (s: LoginFormState) => !s.busy && isValidEmail(s.email) && isValidName(s.name) && !hasEmailError(s, 'reg');

/** Continue: a valid email and no error. */
export const canContinue = (s: LoginFormState) => !s.busy && isValidEmail(s.email) && !hasEmailError(s, 'login');
