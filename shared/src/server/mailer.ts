import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { log } from './logger';
import { randomId } from './ids';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes (the sender of a contact message), when not to the From address. */
  replyTo?: string;
}

/** Sends mail. SMTP when SMTP_URL is set; otherwise each message lands in an outbox folder as .eml. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = 'Sheaf <no-reply@sheaf.local>';

export class SmtpMailer implements Mailer {
  private readonly transport;
  constructor(url: string, private readonly from = FROM) {
    this.transport = nodemailer.createTransport(url);
  }
  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

/** For installs without SMTP: the message is written where an operator (or a test) can read it. */
export class OutboxMailer implements Mailer {
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  constructor(private readonly dir: string, private readonly from = FROM) {}
  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, ...message });
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomId(6)}.eml`);
    await fs.writeFile(file, info.message as Buffer);
    const link = /https?:\/\/\S+/.exec(message.text)?.[0];
    log.info('mail written to outbox', { to: message.to, file, link });
  }
}
