import { createContext, useContext, useEffect, useMemo, useReducer, useRef, type Context, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RESULT_PATH } from '#shared/api';
import { ERRORS, type ErrorCode } from '#shared/errors';
import { emitAuthEvent } from '~/lib/auth-events';
import { readBrowserCookie, writeBrowserCookie } from '~/lib/cookies';
import { fetchDownload } from '~/lib/download';
import { localizePath, useLang, type Lang } from '~/lib/i18n';
import { EnvelopeError, USER_CODE, type CallContext } from '~/lib/endpoint-client';
import { userApi, type UserInfo, type VipInfo } from '~/lib/user-api';
import { APP_VERSION, STORAGE_KEYS, VERSION_COOKIE, resolveChannel, resolveClientId, resolveUuid, versionChanged } from './client-ids';
import { readJson, safeStorage } from './browser-storage';
import { initialUi, uiReducer, type LinkToConfirm, type LoginNext, type OpenLogin, type OpenPay, type PayResult, type PendingFiles, type UiState } from './popups-store';
import { ToastProvider, useToast } from './toasts';
import { initialUser, userReducer, type LoginType, type UserAction, type UserState } from './user-store';

/** Tabs tell each other about logins and logouts (the spec's broadcast channel: init, logout). */
export const AUTH_CHANNEL = 'sheaf-auth';
type AuthBroadcast = { type: 'init' } | { type: 'logout' };

const LOGOUT_RELOAD_MS = 500;
const VERSION_COOKIE_DAYS = 30;
/** A download slower than this gets a "preparing" toast. */
const SLOW_DOWNLOAD_MS = 700;
/** What a login popup was for, kept in the tab across Google's redirect. */
const RESUME_KEY = 'sheaf.loginResume';

interface LoginResume {
  next?: LoginNext;
  url?: string;
  tokens?: string;
  count?: number;
  cover?: string;
  lang: Lang;
}

export interface DownloadRequest {
  pending?: Omit<PendingFiles, 'url'>;
  /** Called once the file is saved, also when that happens after a login. */
  onSaved?: () => void;
}

/** What the login flow, the popups and downloads offer; the functions never change. */
export interface AuthActions {
  openLogin(options: OpenLogin & { loginType?: LoginType; onSaved?: () => void }): void;
  closeLogin(): void;
  /** Before leaving for Google's sign-in page: what to do on the way back. */
  rememberLoginResume(): void;
  logout(): Promise<void>;
  /** The account was deleted: signed out here and in the other tabs, home with a word of what happened. */
  accountDeleted(): void;
  download(url: string, request?: DownloadRequest): Promise<void>;
  /** Closes the "your file is ready" dialog. */
  closeReady(): void;
  /** Answers "Sign in as …?" for a login link from another browser: Continue (true) or Cancel. */
  answerLink(proceed: boolean): Promise<void>;
  /**
   * The spec's pay button: the payment popup for a signed-in user who is not Pro; a visitor signs
   * in first, paying as the next step; without billing, 'Payment method not configured'.
   */
  openPay(options: OpenPay): void;
  /** The payment popup on one of its result states. */
  showPayResult(result: PayResult): void;
  closePay(): void;
  /** The daily limit popup: Pro, or the desktop app. */
  openLimit(): void;
  closeLimit(): void;
  /** The membership query again (after paying); resolves to whether the user is signed in. */
  refreshUser(): Promise<boolean>;
  /** Back on the page a download was paid from: the page again, and its file downloads by itself. */
  continueDownload(returnPath: string): void;
  /** The spec's call headers: page language and device id. */
  callContext(): CallContext;
}

// One context per concern, so a component re-renders only for what it reads: the user, the
// popups' state, or nothing at all when it only calls the actions (these never change).
const UserContext = createContext<UserState | null>(null);
const PopupsContext = createContext<UiState | null>(null);
const ActionsContext = createContext<AuthActions | null>(null);

function useRequired<T>(context: Context<T | null>, name: string): T {
  const value = useContext(context);
  if (!value) throw new Error(`${name} outside AuthProvider`);
  return value;
}

/** Who is signed in, and their membership. */
export const useUser = () => useRequired(UserContext, 'useUser');
/** Which popup is open and what it was opened for (login, payment, daily limit, link, file ready, mask). */
export const usePopups = () => useRequired(PopupsContext, 'usePopups');
export const useAuthActions = () => useRequired(ActionsContext, 'useAuthActions');

/**
 * The spec's user and UI stores and the login flow around them: startup (ids, version check,
 * login by link, user info), the login popup's next action, logout, and the tab broadcast.
 * `hasSession` is what the server saw: the session cookie is HttpOnly.
 */
export function AuthProvider(props: { hasSession: boolean; billingConfigured: boolean; children: ReactNode }) {
  return (
    <ToastProvider>
      <AuthState {...props} />
    </ToastProvider>
  );
}

function AuthState({ hasSession, billingConfigured, children }: { hasSession: boolean; billingConfigured: boolean; children: ReactNode }) {
  const [user, dispatchUserState] = useReducer(userReducer, hasSession, initialUser);
  const { toast } = useToast();
  const [ui, uiDispatch] = useReducer(uiReducer, initialUi);
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();

  // Async steps read the state as it is when they resume, not as it was when they started.
  const latest = useRef({ user, ui, lang, location });
  latest.current = { user, ui, lang, location };
  // A step that follows a sign-in in the same tick (the login's next step) sees the signed-in user.
  const userDispatch = (action: UserAction) => {
    latest.current = { ...latest.current, user: userReducer(latest.current.user, action) };
    dispatchUserState(action);
  };
  const ids = useRef<{ clientId?: string }>({});
  /** The plan and the page a visitor's pay button was for, kept through the login popup. */
  const pendingPay = useRef<OpenPay | undefined>(undefined);
  const onSaved = useRef<(() => void) | undefined>(undefined);
  const channel = useRef<BroadcastChannel | null>(null);

  const local = () => safeStorage('localStorage');
  const session = () => safeStorage('sessionStorage');
  const callContext = (): CallContext => ({ lang: latest.current.lang, clientId: ids.current.clientId });
  const broadcast = (message: AuthBroadcast) => channel.current?.postMessage(message);

  const signedIn = (userInfo: UserInfo, vipInfo: VipInfo) => {
    local().setItem(STORAGE_KEYS.userInfo, JSON.stringify(userInfo));
    userDispatch({ type: 'signedIn', userInfo, vipInfo });
  };
  const loggedOut = () => {
    local().removeItem(STORAGE_KEYS.userInfo);
    userDispatch({ type: 'loggedOut' });
  };

  const takeResume = (): LoginResume | undefined => {
    const resume = readJson<LoginResume>(session(), RESUME_KEY);
    session().removeItem(RESUME_KEY);
    return resume;
  };

  /** The membership query: 519 (or no answer at all) logs out; returns whether the user is signed in. */
  const refreshUser = async (): Promise<boolean> => {
    try {
      const data = await userApi.getUserInfo(callContext());
      signedIn(data.userInfo, data.vipInfo);
      return true;
    } catch (e) {
      if (e instanceof EnvelopeError && (e.code === USER_CODE.loginInvalid || e.code === -1)) loggedOut();
      return false;
    }
  };

  const openLogin: AuthActions['openLogin'] = ({ from, loginType, onSaved: saved, ...rest }) => {
    if (loginType) userDispatch({ type: 'loginType', loginType });
    userDispatch({ type: 'loginFrom', loginFrom: from });
    onSaved.current = saved;
    uiDispatch({ type: 'openLogin', ...rest });
  };

  const openPay = (options: OpenPay) => {
    if (!billingConfigured) {
      uiDispatch({ type: 'openPay', pay: { ...options, result: 'notConfigured' } });
      return;
    }
    if (options.result) {
      uiDispatch({ type: 'openPay', pay: options });
      return;
    }
    if (!latest.current.user.signedIn) {
      pendingPay.current = options;
      uiDispatch({ type: 'limit', open: false });
      openLogin({ from: options.from, next: 'pay', loginType: 'reg' });
      return;
    }
    // Pro already: nothing to buy (a Pro plan includes AI).
    if (latest.current.user.vipInfo?.isVip) return;
    uiDispatch({ type: 'openPay', pay: options });
  };

  const resultPathOf = (url: string) => {
    const path = new URL(url, window.location.href).pathname;
    return RESULT_PATH.test(path) ? path : undefined;
  };

  const continueDownload = (returnPath: string) => {
    const target = new URL(returnPath, window.location.origin);
    const file = target.searchParams.get('download');
    target.searchParams.delete('download');
    navigate(`${target.pathname}${target.search}`, { replace: true });
    if (file && RESULT_PATH.test(file)) void download(file);
  };

  const closeLogin = () => {
    onSaved.current = undefined;
    session().removeItem(RESUME_KEY);
    uiDispatch({ type: 'closeLogin' });
  };

  const download = async (url: string, request: DownloadRequest = {}) => {
    const slow = setTimeout(() => toast({ key: 'auth.download.preparing' }), SLOW_DOWNLOAD_MS);
    const outcome = await fetchDownload(url);
    clearTimeout(slow);
    switch (outcome.kind) {
      case 'saved':
        request.onSaved?.();
        return;
      case 'login':
        // A session the page believed in has ended on the server.
        if (latest.current.user.signedIn) loggedOut();
        openLogin({ from: 'download', next: 'download', pending: { count: 0, ...request.pending, url }, onSaved: request.onSaved });
        return;
      case 'upgrade': {
        // Signed in but not Pro: the plan may have changed elsewhere, so ask again before offering Pro.
        await refreshUser();
        const resultPath = resultPathOf(url);
        const { pathname, search } = latest.current.location;
        const page = new URLSearchParams(search);
        if (resultPath) page.set('download', resultPath);
        const query = page.toString();
        openPay({ from: 'download', returnPath: resultPath ? `${pathname}?${query}` : undefined });
        return;
      }
      case 'failed':
        toast(outcome.message, 'error');
    }
  };

  /** The spec's stored next step, once signed in. */
  const runNext = (next: LoginNext | undefined, url: string | undefined, saved: (() => void) | undefined) => {
    if (next === 'toHome') navigate(localizePath('/', latest.current.lang));
    else if (next === 'download' && url) void download(url, { onSaved: saved });
    else if (next === 'pay') {
      const pay = pendingPay.current;
      pendingPay.current = undefined;
      emitAuthEvent('pay');
      openPay({ from: 'login', ...pay });
    } else if (next === 'payAi') emitAuthEvent(next);
  };

  /**
   * After a login: 'Login Successful', tell the other tabs, query the pending files' tasks (the
   * spec's task query, answer unused), run the next step, forget where the popup came from, close it.
   */
  const finishLogin = (opts: { tellOtherTabs: boolean; resume?: LoginResume }) => {
    const { ui: current } = latest.current;
    const next = opts.resume ? opts.resume.next : current.loginNext;
    const url = opts.resume ? opts.resume.url : current.downloadUrl;
    const tokens = opts.resume ? opts.resume.tokens : current.fileNameTokenStr;
    const saved = onSaved.current;
    toast({ key: 'auth.toast.loginSuccessful' }, 'success');
    if (opts.tellOtherTabs) broadcast({ type: 'init' });
    emitAuthEvent('login');
    if (tokens) void userApi.historyTasks(callContext(), { pageNum: 1, pageSize: 1, fileIds: tokens }).catch(() => undefined);
    runNext(next, url, saved);
    userDispatch({ type: 'loginFrom', loginFrom: undefined });
    closeLogin();
  };

  const logout = async () => {
    await userApi.logout(callContext()).catch(() => undefined);
    loggedOut();
    broadcast({ type: 'logout' });
    emitAuthEvent('logout');
    setTimeout(() => window.location.reload(), LOGOUT_RELOAD_MS);
  };

  const accountDeleted = () => {
    loggedOut();
    broadcast({ type: 'logout' });
    emitAuthEvent('logout');
    navigate(localizePath('/', latest.current.lang), { replace: true });
    toast({ key: 'account.delete.done' }, 'success');
  };

  const rememberLoginResume = () => {
    const { ui: current, lang: currentLang } = latest.current;
    const resume: LoginResume = {
      next: current.loginNext,
      url: current.downloadUrl,
      tokens: current.fileNameTokenStr,
      count: current.fileCount,
      cover: current.loginCover,
      lang: currentLang,
    };
    session().setItem(RESUME_KEY, JSON.stringify(resume));
  };

  /**
   * Signs in with an emailed link. A link asked for in another browser (the phone the mail was read
   * on, or a page that made this browser open someone else's link) signs nothing in: the answer is
   * the address, and the person is asked first (`confirmLink`). Resolves to whether it asks.
   */
  const signInWithLink = async (link: LinkToConfirm, hasToken: boolean, confirm: boolean): Promise<boolean> => {
    try {
      const data = await userApi.loginWithLink(callContext(), { email: link.email, token: link.token, clientId: ids.current.clientId, ...(confirm ? { confirm: true } : {}) });
      if ('confirmAs' in data) {
        uiDispatch({ type: 'confirmLink', link: { ...link, email: data.confirmAs } });
        return true;
      }
      signedIn(data.userInfo, data.vipInfo);
      finishLogin({ tellOtherTabs: true });
      // The link was asked for by a download: its file is one click away, here, as long as it lives.
      if (link.download && RESULT_PATH.test(link.download)) uiDispatch({ type: 'fileReady', url: link.download });
    } catch (e) {
      const expired = e instanceof EnvelopeError && 'code' in e.userMessage && e.userMessage.code === 'LINK_EXPIRED';
      if (expired && !hasToken) {
        // The form is ready to send a new link to the same address, the reason above it.
        userDispatch({ type: 'loginType', loginType: 'login' });
        uiDispatch({ type: 'openLogin', tips: 'errors.LINK_EXPIRED', email: link.email });
      } else toast({ code: expired ? 'LINK_EXPIRED' : 'LINK_INVALID' }, 'error');
      if (hasToken) await refreshUser();
    }
    return false;
  };

  /** "Sign in as …?" answered: Continue uses the link (once), Cancel leaves it unused and this browser as it was. */
  const answerLink = async (proceed: boolean) => {
    const link = latest.current.ui.linkToConfirm;
    if (!link) return;
    if (!proceed) {
      uiDispatch({ type: 'confirmLink' });
      return;
    }
    uiDispatch({ type: 'loading', on: true });
    await signInWithLink(link, latest.current.user.signedIn, true);
    uiDispatch({ type: 'confirmLink' });
    uiDispatch({ type: 'loading', on: false });
  };

  /** Startup: ids, the version check, then a login by link, or the membership query. */
  const start = async () => {
    const store = local();
    const { search, pathname, hash } = latest.current.location;
    const clientId = resolveClientId(store);
    ids.current = { clientId };
    userDispatch({ type: 'identify', uuid: resolveUuid(store), channel: resolveChannel(search, store), clientId });

    let hasToken = hasSession;
    if (versionChanged(readBrowserCookie(VERSION_COOKIE))) {
      if (hasToken) await userApi.logout(callContext()).catch(() => undefined);
      hasToken = false;
      loggedOut();
      writeBrowserCookie(VERSION_COOKIE, APP_VERSION, VERSION_COOKIE_DAYS);
    }

    const params = new URLSearchParams(search);
    const email = params.get('email');
    const token = params.get('token');
    if (email && token) {
      uiDispatch({ type: 'loading', on: true });
      const download = params.get('download') ?? undefined;
      const confirming = await signInWithLink({ email, token, download }, hasToken, false);
      uiDispatch({ type: 'loading', on: false });
      params.delete('email');
      params.delete('token');
      params.delete('download');
      const rest = params.toString();
      navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true, preventScrollReset: true });
      // Asked "sign in as …?": whoever is signed in here stays so meanwhile (and if the answer is no).
      if (confirming && hasToken) await refreshUser();
      return;
    }

    const loginError = params.get('loginError');
    if (loginError) {
      // Back from a Google sign-in the server refused: the popup again, with why and the file that
      // asked for the login, to try another way.
      const failed = takeResume();
      const code: ErrorCode = loginError in ERRORS ? (loginError as ErrorCode) : 'GOOGLE_LOGIN_FAILED';
      if (!hasToken) {
        const pending = failed?.url ? { url: failed.url, tokens: failed.tokens, count: failed.count ?? 0, cover: failed.cover } : undefined;
        uiDispatch({ type: 'openLogin', tips: `errors.${code}`, next: failed?.next, pending });
      } else toast({ code }, 'error');
      params.delete('loginError');
      const rest = params.toString();
      navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true, preventScrollReset: true });
    }

    const resume = takeResume();
    if (!hasToken) {
      loggedOut();
      return;
    }
    const stored = readJson<UserInfo>(store, STORAGE_KEYS.userInfo);
    if (stored) userDispatch({ type: 'restore', userInfo: stored });
    const ok = await refreshUser();
    if (ok && resume) {
      // Back from Google's sign-in page: on in the language the popup was opened in.
      if (resume.lang !== latest.current.lang) navigate(localizePath(latest.current.location.pathname, resume.lang), { replace: true });
      finishLogin({ tellOtherTabs: true, resume });
    }
  };

  /** Another tab signed in: re-query membership, and finish this tab's login popup if it is open. */
  const otherTabSignedIn = async () => {
    const ok = await refreshUser();
    if (ok && latest.current.ui.showLoginPop) finishLogin({ tellOtherTabs: false });
  };

  const otherTabLoggedOut = () => {
    loggedOut();
    emitAuthEvent('logout');
    window.location.reload();
  };

  const actions = {
    openLogin,
    closeLogin,
    rememberLoginResume,
    logout,
    accountDeleted,
    download,
    callContext,
    start,
    otherTabSignedIn,
    otherTabLoggedOut,
    answerLink,
    openPay,
    refreshUser,
    continueDownload,
  };
  const actionsRef = useRef(actions);
  actionsRef.current = actions;

  const started = useRef(false);
  useEffect(() => {
    // Once per page load, even where effects run twice in development.
    if (started.current) return;
    started.current = true;
    void actionsRef.current.start();
  }, []);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(AUTH_CHANNEL);
    channel.current = ch;
    ch.onmessage = (event: MessageEvent<AuthBroadcast>) => {
      if (event.data?.type === 'init') void actionsRef.current.otherTabSignedIn();
      else if (event.data?.type === 'logout') actionsRef.current.otherTabLoggedOut();
    };
    return () => {
      ch.close();
      channel.current = null;
    };
  }, []);

  // The functions never change, so effects may depend on them; only the state does.
  const stable = useMemo<AuthActions>(
    () => ({
      openLogin: (o) => actionsRef.current.openLogin(o),
      closeLogin: () => actionsRef.current.closeLogin(),
      rememberLoginResume: () => actionsRef.current.rememberLoginResume(),
      logout: () => actionsRef.current.logout(),
      accountDeleted: () => actionsRef.current.accountDeleted(),
      download: (url, request) => actionsRef.current.download(url, request),
      closeReady: () => uiDispatch({ type: 'fileReady' }),
      answerLink: (proceed) => actionsRef.current.answerLink(proceed),
      callContext: () => actionsRef.current.callContext(),
      openPay: (options) => actionsRef.current.openPay(options),
      showPayResult: (result) => uiDispatch({ type: 'payResult', result }),
      closePay: () => uiDispatch({ type: 'closePay' }),
      openLimit: () => uiDispatch({ type: 'limit', open: true }),
      closeLimit: () => uiDispatch({ type: 'limit', open: false }),
      refreshUser: () => actionsRef.current.refreshUser(),
      continueDownload: (returnPath) => actionsRef.current.continueDownload(returnPath),
    }),
    [],
  );
  return (
    <ActionsContext.Provider value={stable}>
      <UserContext.Provider value={user}>
        <PopupsContext.Provider value={ui}>{children}</PopupsContext.Provider>
      </UserContext.Provider>
    </ActionsContext.Provider>
  );
}
