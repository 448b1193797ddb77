import { useEffect } from 'react';

const RELOAD_GUARD_MS = 60_000;
const LAST_RELOAD_KEY = 'sheaf.chunkReloadAt';
// What Chromium, Firefox and Safari say when a lazily loaded module fails (usually a new deployment).
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** The spec: a failed chunk load reloads the page, at most once a minute. */
export function useChunkReload(error: unknown) {
  useEffect(() => {
    if (!(error instanceof Error) || !CHUNK_FAILURE.test(error.message)) return;
    try {
      const last = Number(localStorage.getItem(LAST_RELOAD_KEY) ?? 0);
      if (Date.now() - last < RELOAD_GUARD_MS) return;
      localStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
    } catch {
      // Without storage there is no guard: better no reload than a loop.
      return;
    }
    window.location.reload();
  }, [error]);
}
