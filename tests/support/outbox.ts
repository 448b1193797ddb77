import fs from 'node:fs';
import path from 'node:path';

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link back. */
const decodeQp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The newest login link mailed to `email` through the outbox mailer. */
export function latestLoginLink(dataDir: string, email: string): URL {
  const dir = path.join(dataDir, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
  for (const f of files) {
    const raw = decodeQp(fs.readFileSync(path.join(dir, f), 'utf8'));
    if (!raw.includes(`To: ${email}`)) continue;
    // The whole link: what follows the token (the result it brings back) too.
    const link = /https?:\/\/[^\s"<>]+token=[A-Za-z0-9]+(?:&(?:amp;)?[^\s"<>]*)?/.exec(raw)?.[0];
    if (link) return new URL(link.replace(/&amp;/g, '&'));
  }
  throw new Error(`no login link for ${email} in ${dir}`);
}

/** The newest message mailed to `email` through the outbox mailer, decoded enough to read its text. */
export function latestMailTo(dataDir: string, email: string): string {
  const dir = path.join(dataDir, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
  for (const f of files) {
    const raw = decodeQp(fs.readFileSync(path.join(dir, f), 'utf8'));
    if (raw.includes(`To: ${email}`)) return raw;
  }
  throw new Error(`no mail to ${email} in ${dir}`);
}
