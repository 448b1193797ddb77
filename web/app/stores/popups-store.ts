import type { BusinessType } from '#shared/billing/catalogue';

/** What to do once the login popup has done its job (the spec's loginNext). */
export type LoginNext = 'toHome' | 'download' | 'pay' | 'payAi';

/** The files a visitor wanted to download when the login popup stopped them. */
export interface PendingFiles {
  /** First-page preview of the first file, for the popup's left side. */
  cover?: string;
  count: number;
  /** Upload tokens joined by ';' (the spec's fileNameTokenStr), for the task query after login. */
  tokens?: string;
  /** The download to continue after login. */
  url: string;
}

export interface OpenLogin {
  /** Source tag: where the popup was opened from. */
  from: string;
  next?: LoginNext;
  /** A translation key shown above the form. */
  tips?: string;
  /** The address the email form starts with (a link that no longer works: send a new one). */
  email?: string;
  pending?: PendingFiles;
}

/** A login link asked for in another browser, waiting for the person to confirm whose account it is. */
export interface LinkToConfirm {
  email: string;
  token: string;
  /** The result the link brings back (RESULT_PATH), offered once signed in. */
  download?: string;
}

/** The payment popup's result states (the spec's five). */
export type PayResult = 'welcome' | 'notDetected' | 'unreachable' | 'failed' | 'notConfigured';

/** What the payment popup was opened for. */
export interface OpenPay {
  /** Source tag: where the popup was opened from (header, pricing, download, login, limit…). */
  from: string;
  /** The plan chosen before the popup opened (a pricing card), and its kind. */
  productId?: string;
  businessType?: BusinessType;
  /** Where the pending download continues once paid (a page with `?download=<result path>`). */
  returnPath?: string;
  /** Opened straight on a result instead of the plans. */
  result?: PayResult;
}

/** The spec's UI state, as far as the login flow needs it: its popups (the toast is toasts.tsx's). */
export interface UiState {
  showLoginPop: boolean;
  loginNext?: LoginNext;
  loginTips?: string;
  loginEmail?: string;
  loginCover?: string;
  fileCount: number;
  fileNameTokenStr?: string;
  downloadUrl?: string;
  /** Full-page mask while signing in by link. */
  loading: boolean;
  /** A login link from another browser: "Sign in as …?" until the person continues or cancels. */
  linkToConfirm?: LinkToConfirm;
  /** Signed in by a link that carried the result which asked for the login: offered for download. */
  readyDownload?: string;
  /** The payment popup (the spec's showPayPop, payFrom, paySuc), when open. */
  pay?: OpenPay;
  /** The daily limit popup (a Free user reached today's conversions). */
  showLimitPop: boolean;
}

export type UiAction =
  | ({ type: 'openLogin' } & Omit<OpenLogin, 'from'>)
  | { type: 'closeLogin' }
  | { type: 'fileReady'; url?: string }
  | { type: 'confirmLink'; link?: LinkToConfirm }
  | { type: 'loading'; on: boolean }
  | { type: 'openPay'; pay: OpenPay }
  | { type: 'payResult'; result: PayResult }
  | { type: 'closePay' }
  | { type: 'limit'; open: boolean };

export const initialUi: UiState = { showLoginPop: false, loading: false, fileCount: 0, showLimitPop: false };

export function uiReducer(state: UiState, action: UiAction): UiState {
  switch (action.type) {
    case 'openLogin':
      return {
        ...state,
        showLoginPop: true,
        loginNext: action.next,
        loginTips: action.tips,
        loginEmail: action.email,
        loginCover: action.pending?.cover,
        fileCount: action.pending?.count ?? 0,
        fileNameTokenStr: action.pending?.tokens,
        downloadUrl: action.pending?.url,
      };
    case 'fileReady':
      return { ...state, readyDownload: action.url };
    case 'confirmLink':
      return { ...state, linkToConfirm: action.link };
    case 'closeLogin':
      return {
        ...state,
        showLoginPop: false,
        loginNext: undefined,
        loginTips: undefined,
        loginEmail: undefined,
        loginCover: undefined,
        fileCount: 0,
        fileNameTokenStr: undefined,
        downloadUrl: undefined,
      };
    case 'loading':
      return state.loading === action.on ? state : { ...state, loading: action.on };
    case 'openPay':
      // One popup at a time: paying replaces the limit popup that offered it.
      return { ...state, pay: action.pay, showLimitPop: false };
    case 'payResult':
      return { ...state, pay: { from: state.pay?.from ?? 'result', ...state.pay, result: action.result } };
    case 'closePay':
      return { ...state, pay: undefined };
    case 'limit':
      return { ...state, showLimitPop: action.open };
  }
}

/** Files are waiting for a login before they can be downloaded: the popup says so. */
export const hasPendingFiles = (ui: UiState) => ui.showLoginPop && ui.downloadUrl !== undefined;
