import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { log } from './logger';
import { isValidEmail } from '../validation';
import { randomId } from './ids';

/**
 * One mailbox, handed to nodemailer as an object: a string would go through its address parser,
 * which reads `a@x.com,b@y.com` as two recipients and `x<b@y.com>a@x.com` as `b@y.com`.
 */
export interface MailAddress {
  address: string;
}

export interface MailMessage {
  to: MailAddress;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (the sender of a contact message), when not to the From address. */
  replyTo?: MailAddress;
}

/** Sends mail. SMTP when SMTP_URL is set; otherwise each message lands in an outbox folder as .eml. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = { name: 'Sheaf', address: 'no-reply@sheaf.local' };

/**
 * The last guard before a message leaves: each address is one addr-spec (the routes have checked
 * what people typed; this holds for addresses read from the database or the configuration too).
 */
function checked(message: MailMessage): MailMessage {
  for (const mailbox of [message.to, message.replyTo]) {
    if (mailbox && !isValidEmail(mailbox.address, { localDomain: true })) throw new Error(`not a single mail address: ${JSON.stringify(mailbox.address)}`);
  }
  return { ...message, to: { address: message.to.address }, ...(message.replyTo ? { replyTo: { address: message.replyTo.address } } : {}) };
}

export class SmtpMailer implements Mailer {
  private readonly transport;
  constructor(url: string, private readonly from: MailAddress & { name: string } = FROM) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...checked(message) });
  }
}

/** For installs without SMTP: the message is written where an operator (or a test) can read it. */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  constructor(private readonly dir: string, private readonly from: MailAddress & { name: string } = FROM) {}
  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...checked(message) });
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomId(6)}.eml`);
    await fs.writeFile(file, info.message as Buffer);
    const link = /https?:\/\/\S+/.exec(message.text)?.[0];
    log.info('mail written to outbox', { to: message.to.address, file, link });
  }
}
