import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutboxMailer } from '#shared/server/mailer';
import { outboxFiles } from '#shared/server/outbox';
import { isValidEmail } from '#shared/validation';
import { canContinue, emailFormatError, initialLoginForm, loginFormReducer } from '../../web/app/stores/login-form';
import { hostileAddresses } from '../support/hostile-addresses';

describe('one address per e-mail field', () => {
  it('accepts one addr-spec: a dot-atom local part at a dotted host name', () => {
    for (const ok of ['ada@example.com', 'Ada.Lovelace+pdf@mail.example.co.uk', "o'brien@example.ie", 'a@b.io', 'x_y-z@xn--jgeva-dua.ee', `${'a'.repeat(64)}@example.com`, `a@${'b'.repeat(63)}.com`]) {
      expect({ ok, valid: isValidEmail(ok) }).toEqual({ ok, valid: true });
    }
  });

  it('refuses lists, display names, quotes, comments, control characters, look-alikes and odd dots', () => {
    for (const hostile of hostileAddresses('t1')) expect({ hostile, valid: isValidEmail(hostile) }).toEqual({ hostile, valid: false });
    // The spec's own rules hold: a letter or digit at both ends of the local part, a dot in the domain.
    for (const bad of ['', '@example.com', 'ada@', 'ada@example', '-ada@example.com', 'ada-@example.com', 'a'.repeat(321)]) expect(isValidEmail(bad)).toBe(false);
  });

  it('lets an operator address do without a dot, and nothing more', () => {
    expect(isValidEmail('support@localhost')).toBe(false);
    expect(isValidEmail('support@localhost', { localDomain: true })).toBe(true);
    expect(isValidEmail('support@localhost,spy@evil.test', { localDomain: true })).toBe(false);
  });

  it('keeps the login form from sending a hostile spelling', () => {
    for (const hostile of hostileAddresses('t2')) {
      const typed = loginFormReducer(loginFormReducer(initialLoginForm, { type: 'email', value: hostile }), { type: 'blurEmail' });
      expect({ hostile, canContinue: canContinue(typed), error: emailFormatError(typed) }).toEqual({ hostile, canContinue: false, error: true });
    }
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-mail-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('has the mailer refuse an address that is not one mailbox, whatever the caller checked', async () => {
    const mailer = new OutboxMailer(dir);
    for (const to of ['victim@example.com,spy@evil.test', 'x<spy@evil.test>y@example.com', 'Victim <victim@example.com>']) {
      await expect(mailer.send({ to: { address: to }, subject: 's', text: 't', html: '' })).rejects.toThrow(/not a single mail address/);
      await expect(mailer.send({ to: { address: 'ok@example.com' }, replyTo: { address: to }, subject: 's', text: 't', html: '' })).rejects.toThrow(/not a single mail address/);
    }
    expect(outboxFiles(dir)).toEqual([]);
    await mailer.send({ to: { address: 'ok@example.com' }, replyTo: { address: 'reader@example.com' }, subject: 's', text: 't', html: '' });
    const [mail] = outboxFiles(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    expect(mail).toMatch(/^To: ok@example\.com$/m);
    expect(mail).toMatch(/^Reply-To: reader@example\.com$/m);
    expect(mail).toMatch(/^From: Sheaf <no-reply@sheaf\.local>$/m);
  });
});
