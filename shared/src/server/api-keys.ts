import crypto from 'node:crypto';

/** Every key starts so, which lets secret scanners and people recognise one. */
export const API_KEY_PREFIX = 'sheaf_';
export { API_KEYS_PER_USER } from '../api';
/** How much of a key the list shows: the prefix and the first characters of its random part. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 6;

export const hashApiKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** A new key (256 random bits), what is stored of it, and the secret that signs its webhooks. */
export function newApiKey() {
  const key = API_KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
  return { key, prefix: key.slice(0, SHOWN_LENGTH), hash: hashApiKey(key), webhookSecret: `whsec_${crypto.randomBytes(24).toString('base64url')}` };
}

/**
 * The key in an `Authorization: Bearer` header: null without one (other schemes, such as a proxy's
 * Basic, are not ours to judge), 'malformed' when the token cannot be one of our keys.
 */
export function bearerKey(authorization: string | undefined): string | null | 'malformed' {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return /^Bearer\b/i.test(authorization ?? '') ? 'malformed' : null;
  const key = match[1];
  return key.startsWith(API_KEY_PREFIX) && key.length <= 128 ? key : 'malformed';
}
