import type { KeyValueStore } from './client-ids';

/** Local and session storage that never throw (a browser may refuse them). */
export function safeStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStore & { removeItem(key: string): void } {
  const get = () => {
    try {
      return window[kind];
    } catch {
      return undefined;
    }
  };
  return {
    getItem: (key) => {
      try {
        return get()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem: (key, value) => {
      try {
        get()?.setItem(key, value);
      } catch {
        // storage full or refused: the value lives for this page only
      }
    },
    removeItem: (key) => {
      try {
        get()?.removeItem(key);
      } catch {
        // nothing to remove
      }
    },
  };
}

export function readJson<T>(store: KeyValueStore, key: string): T | undefined {
  const raw = store.getItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}
