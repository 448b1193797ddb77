/** The browser's own identifiers of the spec's user state: uuid, channel, device id, app version. */

/** What these helpers need of localStorage, so tests can hand them a Map. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const STORAGE_KEYS = {
  uuid: 'sheaf.uuid',
  channel: 'sheaf.channel',
  clientId: 'sheaf.clientId',
  userInfo: 'sheaf.userInfo',
} as const;

/** The spec's app version; a browser that last ran another version is logged out once. */
export const APP_VERSION = '0.0.3';
export const VERSION_COOKIE = 'pdfVersion';
export const UUID_LENGTH = 32;
export const CLIENT_ID_LENGTH = 12;
/** The channel when neither the address nor the browser names one. */
export const DEFAULT_CHANNEL: string = import.meta.env?.VITE_DEFAULT_CHANNEL || 'web';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random letters and digits, from the platform's CSPRNG. */
export function randomChars(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  // 62 does not divide 256; the slight bias is harmless for identifiers.
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** A value kept under `key`, created once by `make` when missing or malformed. */
function kept(store: KeyValueStore, key: string, valid: (v: string) => boolean, make: () => string): string {
  const current = store.getItem(key);
  if (current && valid(current)) return current;
  const fresh = make();
  store.setItem(key, fresh);
  return fresh;
}

/** The spec's uuid: 32 random characters created once and kept locally. */
export const resolveUuid = (store: KeyValueStore) =>
  kept(store, STORAGE_KEYS.uuid, (v) => v.length === UUID_LENGTH, () => randomChars(UUID_LENGTH));

/** The device id: a stored id is reused, otherwise a random 12-character one. */
export const resolveClientId = (store: KeyValueStore) => kept(store, STORAGE_KEYS.clientId, (v) => v.length > 0 && v.length <= 128, () => randomChars(CLIENT_ID_LENGTH));

/**
 * The channel: from a `channel` query parameter in any letter case, else the stored value, else
 * the default; whatever is found is saved.
 */
export function resolveChannel(search: string, store: KeyValueStore, fallback = DEFAULT_CHANNEL): string {
  const params = new URLSearchParams(search);
  let fromQuery: string | undefined;
  for (const [key, value] of params) {
    if (key.toLowerCase() === 'channel' && value.trim()) {
      fromQuery = value.trim().slice(0, 64);
      break;
    }
  }
  const channel = fromQuery ?? store.getItem(STORAGE_KEYS.channel) ?? fallback;
  store.setItem(STORAGE_KEYS.channel, channel);
  return channel;
}

/** True when the version this browser last ran is not this one: the spec logs such a user out. */
export const versionChanged = (storedVersion: string | undefined) => storedVersion !== APP_VERSION;
