/**
 * The login flow's hooks for other parts of the site: `login` and `logout` (the spec's events), and
 * `pay` / `payAi` (what a login asked for next; the payment popups subscribe once they exist).
 */
export type AuthEvent = 'login' | 'logout' | 'pay' | 'payAi';

const eventName = (event: AuthEvent) => `sheaf:${event}`;

export function emitAuthEvent(event: AuthEvent) {
  window.dispatchEvent(new CustomEvent(eventName(event)));
}

/** Subscribes to one event; returns the unsubscribe function. */
export function onAuthEvent(event: AuthEvent, listener: () => void): () => void {
  window.addEventListener(eventName(event), listener);
  return () => window.removeEventListener(eventName(event), listener);
}
