import fs from 'node:fs';
import path from 'node:path';
import { loginLinkIn, outboxFiles } from '#shared/server/outbox';

/** The newest login link mailed to `email` through the outbox mailer. */
export function latestLoginLink(dataDir: string, email: string): URL {
  const dir = path.join(dataDir, 'outbox');
  for (const f of outboxFiles(dir).reverse()) {
    const login = loginLinkIn(fs.readFileSync(path.join(dir, f), 'utf8'));
    if (login?.to === email) return new URL(login.link);
  }
  throw new Error(`no login link for ${email} in ${dir}`);
}
