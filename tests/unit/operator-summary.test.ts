import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '#shared/env';
import { modeSummary } from '#shared/server/mode-summary';
import { loginLinkIn, watchOutboxLogins } from '#shared/server/outbox';
import { OutboxMailer } from '#shared/server/mailer';
import { BASE_ENV } from '../support/env-refusal';

describe("npm start's summary of the server's mode", () => {
  it('says where mail goes, that nothing is sold, the quote-only AI, open downloads and the local files', () => {
    const env = loadEnv({ ...BASE_ENV, DATA_DIR: '/srv/sheaf', PUBLIC_URL: 'https://pdf.example.org' });
    expect(modeSummary(env)).toEqual([
      'Public URL: https://pdf.example.org',
      'Mail: not sent (no SMTP_URL): written to /srv/sheaf/outbox; each login link is printed here as it is written',
      'Billing: off (no STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET): nothing is sold, every tool is free',
      'AI: quote-only (no AI_BASE_URL / AI_API_KEY / AI_MODEL): answers quote the documents; translate and explain are off',
      'Downloads: open: anyone may download their results, no account needed',
      'Files: local, /srv/sheaf/files, kept 60 minutes',
    ]);
  });

  it('names the SMTP host, Stripe, the provider and its model, the policy and the bucket, and never a secret', () => {
    const env = loadEnv({
      ...BASE_ENV,
      SMTP_URL: 'smtps://mailer:smtp-secret@smtp.example.org:465',
      STRIPE_SECRET_KEY: 'sk_live_secret',
      STRIPE_WEBHOOK_SECRET: 'whsec_secret',
      AI_BASE_URL: 'http://ollama.internal:11434/v1',
      AI_API_KEY: 'ai-secret',
      AI_MODEL: 'qwen2.5:7b',
      FILE_STORE: 's3',
      S3_BUCKET: 'sheaf-files',
    });
    const lines = modeSummary(env);
    expect(lines).toContain('Mail: SMTP server smtp.example.org:465');
    expect(lines).toContain('Billing: on: Stripe at api.stripe.com; plans on sale, Free users limited to 5 tasks a day');
    expect(lines).toContain('AI: model qwen2.5:7b at ollama.internal:11434');
    expect(lines).toContain('Downloads: pro: downloading a result needs a Pro plan or its trial');
    expect(lines).toContain('Files: S3 bucket sheaf-files, kept 60 minutes');
    expect(lines.join('\n')).not.toMatch(/secret|mailer/);
  });
});

describe('login links in the outbox', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('reports each link the mailer writes from now on, once, and not the messages already there', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-outbox-'));
    dirs.push(dir);
    const mailer = new OutboxMailer(dir);
    const link = (n: number) => `http://localhost:3000/success-log-in?email=a%40example.com&token=${'T'.repeat(39)}${n}&download=%2Fapi%2Fx`;
    await mailer.send({ to: { address: 'old@example.com' }, subject: 'Log in', text: `Open ${link(0)} to log in.`, html: '' });
    const seen: Array<{ to: string; link: string }> = [];
    const stop = watchOutboxLogins(dir, (login) => seen.push(login), 50);
    try {
      await mailer.send({ to: { address: 'ann@example.com' }, subject: 'Log in', text: `Open ${link(1)} to log in.`, html: '' });
      await mailer.send({ to: { address: 'contact@example.com' }, subject: 'A message', text: 'No link in this one.', html: '' });
      await mailer.send({ to: { address: 'bob@example.com' }, subject: 'Log in', text: `Open ${link(2)} to log in.`, html: '' });
      await expect.poll(() => seen.length, { timeout: 3000 }).toBe(2);
      await new Promise((r) => setTimeout(r, 400));
      expect(seen).toEqual([
        { to: 'ann@example.com', link: link(1) },
        { to: 'bob@example.com', link: link(2) },
      ]);
    } finally {
      stop();
    }
  });

  it('reads a link back across quoted-printable line breaks', () => {
    const eml = 'To: ann@example.com\nSubject: x\n\nOpen http://localhost:3000/success-log-in?email=3Dann%40example.com&token=3DAB=\nCD&amp;download=3D%2Fx to log in.';
    expect(loginLinkIn(eml)).toEqual({ to: 'ann@example.com', link: 'http://localhost:3000/success-log-in?email=ann%40example.com&token=ABCD&download=%2Fx' });
  });
});
