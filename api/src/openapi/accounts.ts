import { z } from 'zod';
import { API_PATHS } from '#shared/api';
import { API_KEYS_PER_USER } from '#shared/server/api-keys';
import { SAVED_SIGNATURE_LIMITS, SIGNATURES_PATH } from '#shared/signatures';
import { ZApiKeyId, ZCreateApiKey } from '../routes/user/api-keys-schema';
import { ZStart } from '../routes/user/google-redirect';
import { ZCheckEmail, ZDeleteAccount, ZEmailLogin, ZGoogleLogin, ZLoginLink, ZUpdateName } from '../routes/user/schema';
import { ZSaveSignature, ZSignatureId } from '../routes/signature/schema';
import { ZAccountSignature, ZApiKeyList, ZCreatedApiKey, ZDeductTimes, ZUserState } from './answers';
import { envelope, type Area } from './build';

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

/** Signing in and out, the account's state, and the daily conversion count. */
export function accountsArea(): Area {
  const redirect = { status: 302, description: 'A redirect: to Google, or back to `next` (with ?loginError=CODE when refused)' };
  return {
    tag: 'Accounts',
    description: 'Email-link and Google sign-in (browser flows: the session is an HttpOnly cookie), the account state, its name, sign-out and deleting the account.',
    paths: {
      '/api/user/checkEmail': {
        post: {
          summary: 'Whether an account exists for an email',
          access: 'visitor',
          body: ZCheckEmail,
          requestExample: { email: 'ada@example.com' },
          answer: { description: 'data: true when the account exists', schema: envelope(z.boolean()), example: { code: 0, data: true } },
          errors: ['INVALID_EMAIL'],
        },
      },
      '/api/user/emailLogin': {
        post: {
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
      },
      '/api/user/loginLink': {
        post: {
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
      },
      '/api/user/googleLogin': {
        post: {
          summary: "Sign in with Google's ID token",
          access: 'visitor',
          body: ZGoogleLogin,
          answer: { description: 'data: the account state; the session cookie is set', schema: envelope(ZUserState) },
          errors: ['GOOGLE_LOGIN_FAILED'],
        },
      },
      '/api/user/google': {
        get: { summary: "Start Google's redirect sign-in", access: 'visitor', query: ZStart, answer: redirect },
      },
      '/api/user/google/callback': {
        get: {
          summary: "Google's redirect back",
          description: 'Reached from Google, not called by clients.',
          access: 'visitor',
          answer: redirect,
        },
      },
      '/api/user/getUserInfo': {
        get: {
          summary: 'The account state',
          description: "The signed-in user's identity and plans (with an API key: the key's owner).",
          access: 'visitor',
          answer: { description: 'data: userInfo and vipInfo', schema: envelope(ZUserState), example: { code: 0, data: userStateExample } },
          errors: ['LOGIN_INVALID'],
        },
      },
      '/api/user/deductTimes': {
        post: {
          summary: "Count one of today's conversions",
          description: 'For a signed-in Free user when billing is configured; Pro and unconfigured servers answer used 0.',
          access: 'user',
          answer: {
            description: 'data: { used, limit }',
            schema: envelope(ZDeductTimes),
            example: { code: 0, data: { used: 3, limit: 10 } },
          },
          errors: ['DAILY_LIMIT'],
        },
      },
      '/api/user/updateName': {
        post: {
          summary: 'Change the account name',
          description: 'The name shown in the header and on the account page: 2–20 characters.',
          access: 'session',
          body: ZUpdateName,
          requestExample: { name: 'Ada Lovelace' },
          answer: { description: 'data: the account state', schema: envelope(ZUserState), example: { code: 0, data: userStateExample } },
          errors: ['INVALID_NAME'],
        },
      },
      '/api/user/deleteAccount': {
        post: {
          summary: 'Delete the account and everything kept for it',
          description:
            'Confirmed by the account’s email address. Deletes its tasks and their files (also from the file store), AI documents, saved signatures, API keys, sessions, login links, ' +
            'contact messages, plans and payments, and cancels at Stripe a subscription that would renew. Refused while a worker is running one of its tasks. ' +
            'The session cookie is cleared: the browser goes on as a new visitor.',
          access: 'session',
          body: ZDeleteAccount,
          requestExample: { email: 'ada@example.com' },
          answer: { description: 'data: true', schema: envelope(z.literal(true)) },
          errors: ['ILLEGAL_INPUT', 'ACCOUNT_TASKS_RUNNING', 'PAYMENT_UNREACHABLE'],
        },
      },
      '/api/user/logout': {
        post: {
          summary: 'Sign out',
          description: 'Ends the session; the browser becomes a new visitor.',
          access: 'visitor',
          answer: { description: 'data: true', schema: envelope(z.literal(true)) },
        },
      },
    },
  };
}

/** A signed-in user's personal API keys, managed from the account page (a browser session). */
export function apiKeysArea(): Area {
  const id = { id: { schema: ZApiKeyId, description: 'The key id (ApiKeyView.id)' } };
  return {
    tag: 'API keys',
    description:
      "Personal API keys: send one as `Authorization: Bearer sheaf_…` on any call a signed-in user may make; it carries its owner's plan and limits. " +
      'Keys are managed with the session cookie only: a key cannot list, create or revoke keys (403 FORBIDDEN).',
    paths: {
      [API_PATHS.apiKeys]: {
        get: {
          summary: 'List your API keys',
          description: 'Never the keys themselves: their first characters and last use.',
          access: 'session',
          answer: { description: 'data: ApiKeyView[]', schema: envelope(ZApiKeyList), example: { code: 0, data: [apiKeyExample] } },
        },
        post: {
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
      },
      [`${API_PATHS.apiKeys}/{id}`]: {
        delete: {
          summary: 'Revoke an API key',
          description: 'At once: the next call with it is 401 API_KEY_INVALID.',
          access: 'session',
          path: id,
          answer: { description: '{ code: 0 }', schema: z.object({ code: z.literal(0) }) },
          errors: ['NOT_FOUND'],
        },
      },
    },
  };
}

/** The signatures kept on the account for the editor's Sign tool. */
export function signaturesArea(): Area {
  return {
    tag: 'Signatures',
    description: 'Signatures a signed-in user keeps for reuse in the editor.',
    paths: {
      [SIGNATURES_PATH]: {
        get: {
          summary: 'List saved signatures',
          description: 'Newest first.',
          access: 'user',
          answer: { description: 'data: AccountSignature[]', schema: envelope(z.array(ZAccountSignature)) },
        },
        post: {
          summary: 'Save a signature',
          description: `Drawn strokes, typed text or a PNG/JPEG data URL; past ${SAVED_SIGNATURE_LIMITS.perUser} the oldest is dropped.`,
          access: 'user',
          body: ZSaveSignature,
          requestExample: { signature: { kind: 'type', text: 'Ada Lovelace', color: '#1a237e' } },
          answer: { description: 'data: the saved AccountSignature', schema: envelope(ZAccountSignature) },
        },
      },
      [`${SIGNATURES_PATH}/{id}`]: {
        delete: {
          summary: 'Delete a saved signature',
          access: 'user',
          path: { id: { schema: ZSignatureId, description: 'AccountSignature.id' } },
          answer: { description: '{ code: 0 }', schema: z.object({ code: z.literal(0) }) },
          errors: ['NOT_FOUND'],
        },
      },
    },
  };
}
