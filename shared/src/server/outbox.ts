import fs from 'node:fs';
import path from 'node:path';

/**
 * Reading the outbox OutboxMailer writes (DATA_DIR/outbox, one .eml a message) when no SMTP server
 * is configured: the login links in it, for the operator `npm start` tells and for the tests.
 */

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link back. */
export const decodeQp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

export interface OutboxLogin {
  to: string;
  link: string;
}

/** The login link of one message as written to the outbox, and whom it is for; undefined when the message has none. */
export function loginLinkIn(eml: string): OutboxLogin | undefined {
  const raw = decodeQp(eml);
  // The whole link: what follows the token (the result it brings back) too.
  const link = /https?:\/\/[^\s"<>]+token=[A-Za-z0-9]+(?:&(?:amp;)?[^\s"<>]*)?/.exec(raw)?.[0];
  const to = /^To: (.+)$/m.exec(raw)?.[1]?.trim();
  return link && to ? { to, link: link.replace(/&amp;/g, '&') } : undefined;
}

/** The outbox's messages, oldest first (their names start with the time they were written). */
export function outboxFiles(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort() : [];
}

/** A message younger than this may still be being written: it is read on a later look. */
const SETTLE_MS = 200;

/**
 * Calls `onLogin` with each login link that arrives in the outbox from now on (messages already
 * there are old news), looking every `intervalMs`: polling works on every file system, bind mounts
 * included, and a login link is not urgent to the second. Returns the function that stops it.
 */
export function watchOutboxLogins(dir: string, onLogin: (login: OutboxLogin) => void, intervalMs = 1000): () => void {
  const seen = new Set(outboxFiles(dir));
  const look = () => {
    for (const name of outboxFiles(dir)) {
      if (seen.has(name)) continue;
      const file = path.join(dir, name);
      let text: string;
      try {
        if (Date.now() - fs.statSync(file).mtimeMs < SETTLE_MS) continue;
        text = fs.readFileSync(file, 'utf8');
      } catch {
        // Swept away between the listing and the read.
        continue;
      }
      seen.add(name);
      const login = loginLinkIn(text);
      if (login) onLogin(login);
    }
  };
  const timer = setInterval(look, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
