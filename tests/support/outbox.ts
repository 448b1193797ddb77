import fs from 'node:fs';
import path from 'node:path';
import { decodeQp, loginLinkIn, outboxFiles } from '#shared/server/outbox';

/** The newest login link mailed to `email` through the outbox mailer. */
export function latestLoginLink(dataDir: string, email: string): URL {
  const dir = path.join(dataDir, 'outbox');
  for (const f of outboxFiles(dir).reverse()) {
    const login = loginLinkIn(fs.readFileSync(path.join(dir, f), 'utf8'));
    if (login?.to === email) return new URL(login.link);
  }
  throw new Error(`no login link for ${email} in ${dir}`);
}

/** The newest message mailed to `email` through the outbox mailer, decoded enough to read its text. */
export function latestMailTo(dataDir: string, email: string): string {
  const dir = path.join(dataDir, 'outbox');
  for (const f of outboxFiles(dir).reverse()) {
    const raw = decodeQp(fs.readFileSync(path.join(dir, f), 'utf8'));
    if (raw.includes(`To: ${email}`)) return raw;
  }
  throw new Error(`no mail to ${email} in ${dir}`);
}
