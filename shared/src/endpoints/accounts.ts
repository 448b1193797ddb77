import { z } from 'zod';
import { API_KEYS_PER_USER, API_PATHS, RESULT_PATH } from '../api';
import { SAVED_SIGNATURE_LIMITS, SIGNATURES_PATH, ZSavedSignatureData } from '../signatures';
import { stripInvisibleCharacters } from '../validation';
import { ZAccountSignature, ZApiKeyList, ZCreatedApiKey, ZDeductTimes, ZUserState } from './answers';
import { area, envelope } from './endpoint';

/** The spec's `sign` is accepted and ignored: a secret shipped to browsers proves nothing. */
const common = { clientId: z.string().max(128).optional(), sign: z.string().max(256).optional(), channel: z.string().max(64).optional() };

export const ZCheckEmail = z.object({ email: z.string().max(400), ...common });

export const ZEmailLogin = z.object({
  email: z.string().max(400),
  /** Present: sign-up. */
  name: z.string().max(40).optional(),
  /** Present: the emailed link is being used. */
  token: z.string().max(128).optional(),
  /** With token: the person confirmed the address of a link asked for in another browser. */
  confirm: z.literal(true).optional(),
  /** The result whose download asked for the login: the link brings the user back to it. */
  download: z.string().regex(RESULT_PATH).optional(),
  ...common,
});

/** The one box: whichever link the address needs, a log-in link or a sign-up link. */
export const ZLoginLink = z.object({
  email: z.string().max(400),
  /** The new account's name, when the client asked for one; optional, and ignored for a known address. */
  name: z.string().max(40).optional(),
  download: z.string().regex(RESULT_PATH).optional(),
  ...common,
});

export const ZUpdateName = z.object({ name: z.string().max(40) });

/** Deleting the account is confirmed by typing its address. */
export const ZDeleteAccount = z.object({ email: z.string().max(400) });

export const ZGoogleLogin = z.object({ token: z.string().min(10).max(8192), ...common });

/**
 * What Google's redirect sign-in starts with, kept beside the state until Google sends the person
 * back. A value it cannot use is dropped, not refused: a person followed that link, and lands home.
 */
export const ZStart = z.object({
  next: z.string().max(512).optional().catch(undefined),
  channel: z.string().max(64).optional().catch(undefined),
});

/** A key's name loses its invisible characters as a file's name does: the list must show what it holds. */
export const ZCreateApiKey = z.strictObject({ name: z.string().overwrite(stripInvisibleCharacters).trim().min(1).max(60) });

export const ZApiKeyId = z.string().min(1).max(40);

export const ZSaveSignature = z.strictObject({ signature: ZSavedSignatureData });

export const ZSignatureId = z.string().min(1).max(40);

const userStateExample = {
  userInfo: { userName: 'Ada', email: 'ada@example.com', id: 'cm4k2x9p70001sheaf01' },
  vipInfo: { isVip: false, isTimeVip: false, isAiTimeVip: false, vipName: '', aiVipName: '', isSubscript: false },
};

const apiKeyExample = {
  id: 'cm4k2x9p70002sheaf01',
  name: 'nightly scans',
  prefix: 'sheaf_Q2x9Lm',
  createdAt: '2026-11-26T09:30:00.000Z',
  lastUsedAt: null,
};

// A 302 is Google's page or the way back: no 2xx, so it is the operation's `default` answer.
const redirect = { status: 302, description: 'A redirect: to Google, or back to `next` (with ?loginError=CODE when refused)' };

/** Signing in and out, the account's state, and the daily conversion count. */
export const ACCOUNTS = area(
  'Accounts',
  'Email-link and Google sign-in (browser flows: the session is an HttpOnly cookie), the account state, its name, sign-out and deleting the account.',
  {
    checkEmail: {
      method: 'post',
      path: '/api/user/checkEmail',
      summary: 'Whether an account exists for an email',
      access: 'visitor',
      body: ZCheckEmail,
      requestExample: { email: 'ada@example.com' },
      answer: { description: 'data: true when the account exists', schema: envelope(z.boolean()), example: { code: 0, data: true } },
      errors: ['INVALID_EMAIL'],
    },
    emailLogin: {
      method: 'post',
      path: '/api/user/emailLogin',
      summary: 'Mail a sign-in link, or sign in with one',
      description:
        'Without token: mails a sign-in link (with name: signs up, refused for a known address; without: logs in, refused for an unknown one — the web app uses /api/user/loginLink instead). ' +
        'With the emailed token: signs in, sets the session cookie and answers the account state. A link opened in another browser than the one that asked for it signs nothing in: ' +
        'the answer is `{ confirmAs: <address> }`, and the same call with `confirm: true` signs in once the person has agreed. A refusal counts as an address check, a mailed link against the link limits.',
      access: 'visitor',
      body: ZEmailLogin,
      requestExample: { email: 'ada@example.com' },
      answer: {
        description: 'data: 1 (link sent), the account state (signed in), or the address to confirm (a link from another browser)',
        schema: envelope(z.union([z.literal(1), ZUserState, z.object({ confirmAs: z.string() })])),
      },
      errors: ['INVALID_EMAIL', 'INVALID_NAME', 'ACCOUNT_EXISTS', 'ACCOUNT_NOT_FOUND', 'LINK_INVALID', 'LINK_EXPIRED'],
    },
    loginLink: {
      method: 'post',
      path: '/api/user/loginLink',
      summary: 'Mail a sign-in link, signing up a new address',
      description:
        'The one box the web app uses: a log-in link for an address with an account, a sign-up link for one without (the account is made when the link is used; `name` is optional). ' +
        'The answer is the same either way, so it does not tell whether the address has an account. Only links actually mailed count against the limits; past them, 429 TOO_FREQUENT with `retryAfter` (seconds) and Retry-After.',
      access: 'visitor',
      body: ZLoginLink,
      requestExample: { email: 'ada@example.com' },
      answer: { description: 'data: 1 (a link was mailed)', schema: envelope(z.literal(1)), example: { code: 0, data: 1, message: 'Check your inbox' } },
      errors: ['INVALID_EMAIL', 'INVALID_NAME'],
    },
    googleLogin: {
      method: 'post',
      path: '/api/user/googleLogin',
      summary: "Sign in with Google's ID token",
      access: 'visitor',
      body: ZGoogleLogin,
      answer: { description: 'data: the account state; the session cookie is set', schema: envelope(ZUserState) },
      errors: ['GOOGLE_LOGIN_FAILED'],
    },
    googleStart: {
      method: 'get',
      path: '/api/user/google',
      summary: "Start Google's redirect sign-in",
      access: 'visitor',
      query: ZStart,
      answer: redirect,
    },
    googleCallback: {
      method: 'get',
      path: '/api/user/google/callback',
      summary: "Google's redirect back",
      description: 'Reached from Google, not called by clients.',
      access: 'visitor',
      answer: redirect,
    },
    getUserInfo: {
      method: 'get',
      path: '/api/user/getUserInfo',
      summary: 'The account state',
      description: "The signed-in user's identity and plans (with an API key: the key's owner).",
      access: 'visitor',
      answer: { description: 'data: userInfo and vipInfo', schema: envelope(ZUserState), example: { code: 0, data: userStateExample } },
      errors: ['LOGIN_INVALID'],
    },
    deductTimes: {
      method: 'post',
      path: '/api/user/deductTimes',
      summary: "Count one of today's conversions",
      description: 'For a signed-in Free user when billing is configured; Pro and unconfigured servers answer used 0.',
      access: 'user',
      answer: { description: 'data: { used, limit }', schema: envelope(ZDeductTimes), example: { code: 0, data: { used: 3, limit: 10 } } },
      errors: ['DAILY_LIMIT'],
    },
    updateName: {
      method: 'post',
      path: '/api/user/updateName',
      summary: 'Change the account name',
      description: 'The name shown in the header and on the account page: 2–20 characters.',
      access: 'session',
      body: ZUpdateName,
      requestExample: { name: 'Ada Lovelace' },
      answer: { description: 'data: the account state', schema: envelope(ZUserState), example: { code: 0, data: userStateExample } },
      errors: ['INVALID_NAME'],
    },
    deleteAccount: {
      method: 'post',
      path: '/api/user/deleteAccount',
      summary: 'Delete the account and everything kept for it',
      description:
        'Confirmed by the account’s email address. Deletes its tasks and their files (also from the file store), AI documents, saved signatures, API keys, sessions, login links, ' +
        'contact messages, plans and payments, and cancels at Stripe a subscription that would renew. Refused while a worker is running one of its tasks. ' +
        'The session cookie is cleared: the browser goes on as a new visitor.',
      access: 'session',
      body: ZDeleteAccount,
      requestExample: { email: 'ada@example.com' },
      answer: { description: 'data: true', schema: envelope(z.literal(true)) },
      errors: ['ACCOUNT_TASKS_RUNNING', 'PAYMENT_UNREACHABLE'],
    },
    logout: {
      method: 'post',
      path: '/api/user/logout',
      summary: 'Sign out',
      description: 'Ends the session; the browser becomes a new visitor.',
      access: 'visitor',
      answer: { description: 'data: true', schema: envelope(z.literal(true)) },
    },
  },
);

/** A signed-in user's personal API keys, managed from the account page (a browser session). */
export const API_KEYS = area(
  'API keys',
  "Personal API keys: send one as `Authorization: Bearer sheaf_…` on any call a signed-in user may make; it carries its owner's plan and limits. " +
    'Keys are managed with the session cookie only: a key cannot list, create or revoke keys (403 FORBIDDEN).',
  {
    listApiKeys: {
      method: 'get',
      path: API_PATHS.apiKeys,
      summary: 'List your API keys',
      description: 'Never the keys themselves: their first characters and last use.',
      access: 'session',
      answer: { description: 'data: ApiKeyView[]', schema: envelope(ZApiKeyList), example: { code: 0, data: [apiKeyExample] } },
    },
    createApiKey: {
      method: 'post',
      path: API_PATHS.apiKeys,
      summary: 'Create an API key',
      description: `The key and its webhook secret are answered this once; only a hash is kept. At most ${API_KEYS_PER_USER} keys per account.`,
      access: 'session',
      body: ZCreateApiKey,
      requestExample: { name: 'nightly scans' },
      answer: {
        description: 'data: the key, shown once',
        schema: envelope(ZCreatedApiKey),
        example: {
          code: 0,
          data: {
            apiKey: apiKeyExample,
            key: 'sheaf_Q2x9LmT4vB7nR1cK8wZp3yH6dF0sJ5gA2eU9iO4qX7m',
            webhookSecret: 'whsec_N3bV8cX1zL6kJ9hG4fD2sA7pQ0wE5rT',
          },
        },
      },
      errors: ['API_KEY_LIMIT'],
    },
    revokeApiKey: {
      method: 'delete',
      path: `${API_PATHS.apiKeys}/{id}`,
      summary: 'Revoke an API key',
      description: 'At once: the next call with it is 401 API_KEY_INVALID.',
      access: 'session',
      params: { id: { schema: ZApiKeyId, description: 'The key id (ApiKeyView.id)', refused: 'NOT_FOUND' } },
      answer: { description: '{ code: 0 }', schema: z.object({ code: z.literal(0) }) },
      errors: ['NOT_FOUND'],
    },
  },
);

/** The signatures kept on the account for the editor's Sign tool. */
export const SIGNATURES = area('Signatures', 'Signatures a signed-in user keeps for reuse in the editor.', {
  listSignatures: {
    method: 'get',
    path: SIGNATURES_PATH,
    summary: 'List saved signatures',
    description: 'Newest first.',
    access: 'user',
    answer: { description: 'data: AccountSignature[]', schema: envelope(z.array(ZAccountSignature)) },
  },
  saveSignature: {
    method: 'post',
    path: SIGNATURES_PATH,
    summary: 'Save a signature',
    description: `Drawn strokes, typed text or a PNG/JPEG data URL; past ${SAVED_SIGNATURE_LIMITS.perUser} the oldest is dropped.`,
    access: 'user',
    body: ZSaveSignature,
    requestExample: { signature: { kind: 'type', text: 'Ada Lovelace', color: '#1a237e' } },
    answer: { description: 'data: the saved AccountSignature', schema: envelope(ZAccountSignature) },
  },
  deleteSignature: {
    method: 'delete',
    path: `${SIGNATURES_PATH}/{id}`,
    summary: 'Delete a saved signature',
    access: 'user',
    params: { id: { schema: ZSignatureId, description: 'AccountSignature.id', refused: 'NOT_FOUND' } },
    answer: { description: '{ code: 0 }', schema: z.object({ code: z.literal(0) }) },
    errors: ['NOT_FOUND'],
  },
});
