import { describe, expect, it } from 'vitest';
import { getI18n } from '../support/copy';
import { parseCookies, preferredLang } from '../../web/app/lib/cookies';
import { filenameFromDisposition } from '../../web/app/lib/download';
import { emailSuggestions } from '../../web/app/lib/email-suggestions';
import { pageCount, taskDownloadUrl } from '../../web/app/lib/history';
import { aiPlan, labelOfPlanName, pdfPlan } from '../../web/app/lib/plan-label';
import { detectLanguage, requireSession } from '../../web/app/lib/session.server';
import type { HistoryTask, VipInfo } from '../../web/app/lib/user-api';
import { APP_VERSION, STORAGE_KEYS, resolveChannel, resolveClientId, resolveUuid, versionChanged } from '../../web/app/stores/client-ids';
import { canContinue, emailFormatError, initialLoginForm, loginFormReducer, retryWait, type LoginFormAction, type LoginFormState } from '../../web/app/stores/login-form';
import { hasPendingFiles, initialUi, uiReducer } from '../../web/app/stores/popups-store';
import { toastReducer } from '../../web/app/stores/toasts';
import { avatarLetter, initialUser, userReducer } from '../../web/app/stores/user-store';

const memoryStore = (entries: Record<string, string> = {}) => {
  const map = new Map(Object.entries(entries));
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
};

const vip = (patch: Partial<VipInfo> = {}): VipInfo => ({ isVip: false, isTimeVip: false, isAiTimeVip: false, vipName: '', aiVipName: '', isSubscript: false, ...patch });
const ada = { userName: 'ada', email: 'ada@example.com', id: 'u1' };

describe('user store', () => {
  it('starts from what the server saw and signs in and out', () => {
    const start = initialUser(false);
    expect(start).toMatchObject({ signedIn: false, loginType: 'login' });
    const inside = userReducer(start, { type: 'signedIn', userInfo: ada, vipInfo: vip() });
    expect(inside).toMatchObject({ signedIn: true, userInfo: ada, vipInfo: vip() });
    const out = userReducer(inside, { type: 'loggedOut' });
    expect(out.signedIn).toBe(false);
    expect(out.userInfo).toBeUndefined();
    expect(out.vipInfo).toBeUndefined();
  });

  it('shows a locally kept userInfo only while a session is believed in and none is loaded', () => {
    expect(userReducer(initialUser(true), { type: 'restore', userInfo: ada }).userInfo).toEqual(ada);
    expect(userReducer(initialUser(false), { type: 'restore', userInfo: ada }).userInfo).toBeUndefined();
    const fresh = { ...ada, userName: 'Ada L.' };
    const loaded = userReducer(initialUser(true), { type: 'signedIn', userInfo: fresh, vipInfo: vip() });
    expect(userReducer(loaded, { type: 'restore', userInfo: ada }).userInfo).toEqual(fresh);
  });

  it('keeps the ids, the login type and where the popup came from', () => {
    let s = userReducer(initialUser(false), { type: 'identify', uuid: 'U', channel: 'C', clientId: 'D' });
    s = userReducer(s, { type: 'loginType', loginType: 'reg' });
    s = userReducer(s, { type: 'loginFrom', loginFrom: 'header' });
    expect(s).toMatchObject({ uuid: 'U', channel: 'C', clientId: 'D', loginType: 'reg', loginFrom: 'header' });
    expect(userReducer(s, { type: 'loginFrom', loginFrom: undefined }).loginFrom).toBeUndefined();
  });

  it('puts the first letter of userName on the avatar', () => {
    expect(avatarLetter('ada')).toBe('A');
    expect(avatarLetter('  émile')).toBe('É');
    expect(avatarLetter('😀 smile')).toBe('😀');
    expect(avatarLetter('')).toBe('?');
  });
});

describe('ui store', () => {
  it('opens the login popup with the pending files and forgets them on close', () => {
    const open = uiReducer(initialUi, { type: 'openLogin', next: 'download', pending: { cover: 'data:x', count: 2, tokens: 'a;b', url: '/api/x' } });
    expect(open).toMatchObject({ showLoginPop: true, loginNext: 'download', loginCover: 'data:x', fileCount: 2, fileNameTokenStr: 'a;b', downloadUrl: '/api/x' });
    expect(hasPendingFiles(open)).toBe(true);
    const closed = uiReducer(open, { type: 'closeLogin' });
    expect(closed).toMatchObject({ showLoginPop: false, fileCount: 0 });
    expect(closed.loginNext).toBeUndefined();
    expect(closed.downloadUrl).toBeUndefined();
    expect(hasPendingFiles(closed)).toBe(false);
  });

  it('has no pending files when opened from the header, with tips', () => {
    const open = uiReducer(initialUi, { type: 'openLogin', next: 'toHome', tips: 'auth.popup.subtitle' });
    expect(hasPendingFiles(open)).toBe(false);
    expect(open.loginTips).toBe('auth.popup.subtitle');
  });

  it('replaces the toast and dismisses only the one shown', () => {
    const first = toastReducer(undefined, { type: 'toast', message: { key: 'auth.toast.loginSuccessful' }, tone: 'success' });
    const second = toastReducer(first, { type: 'toast', message: { code: 'LINK_INVALID' }, tone: 'error' });
    expect(second?.id).not.toBe(first?.id);
    expect(toastReducer(second, { type: 'dismissToast', id: first!.id })).toBe(second);
    expect(toastReducer(second, { type: 'dismissToast', id: second!.id })).toBeUndefined();
  });

  it('toggles the loading mask', () => {
    const on = uiReducer(initialUi, { type: 'loading', on: true });
    expect(on.loading).toBe(true);
    expect(uiReducer(on, { type: 'loading', on: true })).toBe(on);
  });
});

describe('browser ids', () => {
  it('creates the 32-character uuid once and keeps it', () => {
    const store = memoryStore();
    const uuid = resolveUuid(store);
    expect(uuid).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(resolveUuid(store)).toBe(uuid);
    expect(store.map.get(STORAGE_KEYS.uuid)).toBe(uuid);
  });

  it('reuses a stored device id, else makes a random 12-character one', () => {
    expect(resolveClientId(memoryStore({ [STORAGE_KEYS.clientId]: 'fingerprint-1' }))).toBe('fingerprint-1');
    const made = resolveClientId(memoryStore());
    expect(made).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(made).not.toBe(resolveClientId(memoryStore()));
  });

  it('takes the channel from the query in any case, else the stored one, else the default, and saves it', () => {
    const store = memoryStore({ [STORAGE_KEYS.channel]: 'stored' });
    expect(resolveChannel('?CHANNEL=landingq', store, 'def')).toBe('landingq');
    expect(store.map.get(STORAGE_KEYS.channel)).toBe('landingq');
    expect(resolveChannel('?Channel=', store, 'def')).toBe('landingq');
    expect(resolveChannel('', memoryStore(), 'def')).toBe('def');
  });

  it('logs out a browser that last ran another app version', () => {
    expect(APP_VERSION).toBe('0.0.3');
    expect(versionChanged(undefined)).toBe(true);
    expect(versionChanged('0.0.2')).toBe(true);
    expect(versionChanged('0.0.3')).toBe(false);
  });
});

describe('login popup form (one box)', () => {
  const run = (...actions: LoginFormAction[]): LoginFormState => actions.reduce(loginFormReducer, initialLoginForm);
  const typed = (email: string) => run({ type: 'email', value: email });

  it('enables Continue with a valid email, whether or not it has an account, and not while a request is on its way', () => {
    expect(canContinue(typed(''))).toBe(false);
    expect(canContinue(typed('ada'))).toBe(false);
    expect(canContinue(typed('ada@example'))).toBe(false);
    expect(canContinue(typed(' ada@example.com '))).toBe(true);
    const busy = loginFormReducer(typed('ada@example.com'), { type: 'submit' });
    expect(canContinue(busy)).toBe(false);
    expect(loginFormReducer(busy, { type: 'sent' })).toMatchObject({ busy: false, sentTo: 'ada@example.com' });
  });

  it('shows the email message only once the user has left the field', () => {
    expect(emailFormatError(typed('ada@'))).toBe(false);
    expect(emailFormatError(run({ type: 'email', value: 'ada@' }, { type: 'blurEmail' }))).toBe(true);
    expect(emailFormatError(run({ type: 'blurEmail' }))).toBe(false);
  });

  it('keeps when to ask again after too many links, and forgets every verdict when the address changes', () => {
    const limited = run({ type: 'email', value: 'ada@example.com' }, { type: 'submit' }, { type: 'tooFrequent', retryAfterSeconds: 700 });
    expect(limited).toMatchObject({ busy: false, limitSeconds: 700 });
    expect(run({ type: 'submit' }, { type: 'tooFrequent' }).limitSeconds).toBe(0);
    const retyped = loginFormReducer(limited, { type: 'email', value: 'grace@example.com' });
    expect(retyped.limitSeconds).toBeUndefined();
    const sent = run({ type: 'email', value: 'ada@example.com' }, { type: 'submit' }, { type: 'sent' });
    expect(loginFormReducer(sent, { type: 'email', value: 'ada@example.org' }).sentTo).toBeUndefined();
  });

  it('says how long to wait in whole minutes, or hours past an hour and a half', () => {
    expect(retryWait(undefined)).toBeUndefined();
    expect(retryWait(0)).toBeUndefined();
    expect(retryWait(1)).toEqual({ unit: 'minutes', count: 1 });
    expect(retryWait(700)).toEqual({ unit: 'minutes', count: 12 });
    expect(retryWait(900)).toEqual({ unit: 'minutes', count: 15 });
    expect(retryWait(90 * 60)).toEqual({ unit: 'minutes', count: 90 });
    expect(retryWait(86_000)).toEqual({ unit: 'hours', count: 24 });
    const say = (lang: 'en' | 'fr', seconds: number) => {
      const wait = retryWait(seconds)!;
      return getI18n(lang).t(`auth.popup.tooManyLinks.${wait.unit}`, { count: wait.count });
    };
    expect(say('en', 700)).toBe('Too many links requested. Try again in 12 minutes.');
    expect(say('en', 30)).toBe('Too many links requested. Try again in 1 minute.');
    expect(say('en', 86_000)).toBe('Too many links requested. Try again in 24 hours.');
    expect(say('fr', 700)).toBe('Trop de liens demandés. Réessayez dans 12 minutes.');
    expect(say('fr', 30)).toBe('Trop de liens demandés. Réessayez dans 1 minute.');
  });
});

describe('email suggestions', () => {
  it('completes the spec domains in order', () => {
    expect(emailSuggestions('ada')).toEqual(['ada@gmail.com', 'ada@hotmail.com', 'ada@yahoo.com', 'ada@icloud.com', 'ada@outlook.com']);
    expect(emailSuggestions('ada@ho')).toEqual(['ada@hotmail.com']);
    expect(emailSuggestions('ada@Y')).toEqual(['ada@yahoo.com']);
  });

  it('offers nothing before typing, for a complete or foreign domain, or a malformed address', () => {
    expect(emailSuggestions('')).toEqual([]);
    expect(emailSuggestions('ada@gmail.com')).toEqual([]);
    expect(emailSuggestions('ada@example')).toEqual([]);
    expect(emailSuggestions('@gm')).toEqual([]);
    expect(emailSuggestions('a b')).toEqual([]);
  });
});

describe('plan labels', () => {
  it('reads the plan from the VIP name', () => {
    expect(labelOfPlanName('Pro Monthly')).toBe('monthly');
    expect(labelOfPlanName('Pro yearly')).toBe('yearly');
    expect(labelOfPlanName('Pro Quarterly')).toBe('quarterly');
    expect(labelOfPlanName('Pro Forever')).toBe('lifetime');
  });

  it('is Free without a plan, and for the AI plan without an AI time VIP', () => {
    expect(pdfPlan(undefined)).toBe('free');
    expect(pdfPlan(vip())).toBe('free');
    expect(pdfPlan(vip({ isVip: true, isTimeVip: true, vipName: 'Pro Monthly' }))).toBe('monthly');
    expect(pdfPlan(vip({ isVip: true, isTimeVip: true, vipName: 'Pro Lifetime' }))).toBe('lifetime');
    expect(aiPlan(vip({ isVip: true, isTimeVip: true, vipName: 'Pro Monthly' }))).toBe('free');
    // A Pro plan includes AI: vipInfo names it as the AI plan too.
    expect(aiPlan(vip({ isVip: true, isTimeVip: true, isAiTimeVip: true, vipName: 'Pro Yearly', aiVipName: 'Pro Yearly' }))).toBe('yearly');
    expect(aiPlan(vip({ isAiTimeVip: true, aiVipName: 'AI Yearly' }))).toBe('yearly');
  });
});

describe('downloads and history', () => {
  it('reads the file name of a Content-Disposition header, UTF-8 first', () => {
    expect(filenameFromDisposition(`attachment; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`)).toBe('résumé.pdf');
    expect(filenameFromDisposition('attachment; filename="merged.pdf"')).toBe('merged.pdf');
    expect(filenameFromDisposition('attachment; filename=plain.zip')).toBe('plain.zip');
    expect(filenameFromDisposition(null)).toBeUndefined();
  });

  it("offers a finished task's file, or its zip, and nothing once it is gone", () => {
    const task = (patch: Partial<HistoryTask>): HistoryTask => ({ id: 't', date: '', name: 'a.pdf', tool: 'split-pdf', status: 'successful', ...patch });
    expect(taskDownloadUrl(task({ fileurl: '/f' }))).toBe('/f');
    expect(taskDownloadUrl(task({ pdfurls: ['/1', '/2'], zipurl: '/z' }))).toBe('/z');
    expect(taskDownloadUrl(task({ status: 'deleted', fileurl: '/f' }))).toBeUndefined();
    expect(taskDownloadUrl(task({ status: 'failed' }))).toBeUndefined();
    expect([pageCount(0), pageCount(10), pageCount(11)]).toEqual([1, 1, 2]);
  });
});

describe('routing rules on the server', () => {
  const request = (url: string, headers: Record<string, string> = {}) => new Request(`http://sheaf.test${url}`, { headers });
  const thrown = (fn: () => void): Response | undefined => {
    try {
      fn();
    } catch (e) {
      return e as Response;
    }
    return undefined;
  };

  it('sends a visitor without the session cookie home, in their language', () => {
    expect(thrown(() => requireSession(request('/account')))?.headers.get('location')).toBe('/');
    expect(thrown(() => requireSession(request('/fr/history-tasks')))?.headers.get('location')).toBe('/fr');
    expect(thrown(() => requireSession(request('/account', { cookie: 'a=1; sheafUserToken=abc' })))).toBeUndefined();
  });

  it('detects French on the root path only and remembers it in the lang cookie for 365 days', () => {
    const fr = thrown(() => detectLanguage(request('/?email=a%40b.co&token=T', { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' })));
    expect(fr?.status).toBe(302);
    expect(fr?.headers.get('location')).toBe('/fr?email=a%40b.co&token=T');
    expect(fr?.headers.get('set-cookie')).toMatch(/^lang=fr; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(thrown(() => detectLanguage(request('/merge-pdf', { 'accept-language': 'fr' })))).toBeUndefined();
    expect(thrown(() => detectLanguage(request('/', { 'accept-language': 'en-US,fr;q=0.5' })))).toBeUndefined();
    expect(thrown(() => detectLanguage(request('/', { 'accept-language': 'fr', cookie: 'lang=en' })))).toBeUndefined();
    expect(thrown(() => detectLanguage(request('/', { cookie: 'lang=fr' })))?.headers.get('location')).toBe('/fr');
  });

  it('reads Accept-Language by weight and cookies by name', () => {
    expect(preferredLang('de-DE,de;q=0.9,fr;q=0.8,en;q=0.7')).toBe('fr');
    expect(preferredLang('en;q=0.5,fr;q=0.9')).toBe('fr');
    expect(preferredLang('fr;q=0,en')).toBe('en');
    expect(preferredLang('de')).toBeUndefined();
    expect(preferredLang(null)).toBeUndefined();
    expect(parseCookies('a=1; lang=fr; b=%C3%A9')).toEqual({ a: '1', lang: 'fr', b: 'é' });
  });
});
