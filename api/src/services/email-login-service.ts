import { createHash } from 'node:crypto';
import { AppError } from '#shared/errors';
import { RESOURCES, type Lang } from '#shared/i18n';
import type { Deps } from '#shared/server/deps';
import type { MailMessage } from '#shared/server/mailer';
import { randomId } from '#shared/server/ids';
import { isValidEmail, isValidName } from '#shared/validation';
import { FieldError } from '../presenters/error-presenter';
import { rateLimit, takeHits, type Budget } from './rate-limit';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The one address a field holds, normalized; anything else (a list, a display name, a quoted or commented part) is INVALID_EMAIL naming the field. */
export function singleAddress(raw: string, field = 'email'): string {
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw new FieldError('INVALID_EMAIL', field, JSON.stringify(raw).slice(0, 400));
  return email;
}

/**
 * Links are limited so that nobody can use them up for someone else, and only links actually mailed
 * are counted: a request refused for any reason (a malformed address, a sign-up for an existing
 * account, a limit already reached) spends nothing. A requester that proved it owns the address (see
 * address-proof) has a budget of its own. Anyone else is counted per IP, per address and IP (the
 * budget a single requester gets), and per address over all requesters, with room for several people
 * before that cap, which only slows a stranger spread over many addresses. Telling whether an address
 * has an account (checkEmail, or the old calls' refusals) mails nothing, but it is limited per IP too,
 * with room for a form asked once per attempt.
 */
export const LIMITS = {
  perOwner: [3, 900],
  perOwnerDay: [10, 86_400],
  perIp: [20, 900],
  perEmailIp: [3, 900],
  perEmailIpDay: [10, 86_400],
  perEmail: [20, 900],
  perEmailDay: [50, 86_400],
  checkPerIp: [60, 900],
} as const;

async function accountExists(deps: Deps, raw: string): Promise<boolean> {
  return (await deps.db.user.count({ where: { email: singleAddress(raw) } })) > 0;
}

/** Whether an address has an account (the sign-in form's first step). */
export async function checkAccount(deps: Deps, email: string, ip: string): Promise<boolean> {
  await rateLimit(deps, `check-ip:${ip}`, ...LIMITS.checkPerIp);
  return accountExists(deps, email);
}

/**
 * What the requester asked for: the spec's sign-up (refused for a known address) or log-in (refused
 * for an unknown one), or the one box, which mails whichever link the address needs.
 */
export type LinkIntent = 'signup' | 'login' | 'either';

export interface LinkRequest {
  email: string;
  intent: LinkIntent;
  /** The new account's name; the one box asks for none (the account page changes it later). */
  name?: string;
  channel?: string;
  clientId?: string;
  lang: Lang;
  ip: string;
  /** The browser asking: only its anonymous work moves to the account when the link is used. */
  visitorId: string;
  /** Set when the requester proved it owns the address (`provenOwner`). */
  owner: string | null;
  /** A result download (RESULT_PATH, checked at the edge) the link brings the user back to. */
  download?: string;
}

const budget = (key: string, [limit, windowSeconds]: readonly [number, number]): Budget => ({ key, limit, windowSeconds });

function linkBudgets(email: string, req: LinkRequest): Budget[] {
  if (req.owner) return [budget(`owner:${email}:${req.owner}`, LIMITS.perOwner), budget(`owner-day:${email}:${req.owner}`, LIMITS.perOwnerDay)];
  return [
    budget(`ip:${req.ip}`, LIMITS.perIp),
    budget(`email-ip:${email}:${req.ip}`, LIMITS.perEmailIp),
    budget(`email-ip-day:${email}:${req.ip}`, LIMITS.perEmailIpDay),
    budget(`email:${email}`, LIMITS.perEmail),
    budget(`email-day:${email}`, LIMITS.perEmailDay),
  ];
}

/**
 * Mails a single-use sign-in link: a sign-up link for an address without an account (the account is
 * made when the link is used), a log-in link otherwise. The link carries a random token; only its
 * hash is stored.
 */
export async function sendLoginLink(deps: Deps, req: LinkRequest): Promise<void> {
  const email = singleAddress(req.email);
  if (req.name !== undefined && !isValidName(req.name)) throw new AppError('INVALID_NAME', req.name);

  const exists = await accountExists(deps, email);
  const refusal = req.intent === 'signup' && exists ? 'ACCOUNT_EXISTS' : req.intent === 'login' && !exists ? 'ACCOUNT_NOT_FOUND' : undefined;
  if (refusal) {
    // The refusal tells whether the address has an account: counted as a check, not as a link.
    await rateLimit(deps, `check-ip:${req.ip}`, ...LIMITS.checkPerIp);
    throw new AppError(refusal, email);
  }

  const hits = await takeHits(deps, linkBudgets(email, req));
  try {
    const token = randomId(40);
    await deps.db.emailLoginToken.create({
      data: {
        email,
        tokenHash: hash(token),
        name: exists ? undefined : req.name?.trim(),
        channel: req.channel?.slice(0, 64),
        clientId: req.clientId?.slice(0, 128),
        visitorId: req.visitorId,
        expiresAt: new Date(deps.now().getTime() + deps.env.EMAIL_LINK_MINUTES * 60_000),
      },
    });
    // From configuration only: a link built from the request's Host would carry the token to whatever site the Host names.
    const query = new URLSearchParams({ email, token, ...(req.download ? { download: req.download } : {}) });
    const link = `${deps.env.PUBLIC_URL}${req.lang === 'fr' ? '/fr' : '/'}?${query}`;
    await deps.mail.send(linkMessage(req.lang, email, link, !exists, deps.env.EMAIL_LINK_MINUTES));
  } catch (e) {
    // Nothing was mailed: the requester's budget is as it was.
    await hits.refund();
    throw e;
  }
}

/** What opening a link came to: signed in, or a question for the person first. */
export type LinkOutcome = { userId: string; sameVisitor: boolean } | { confirmAs: string };

/**
 * Consumes a link: the token must match the address, be unused and unexpired. A link is bound to the
 * browser that asked for it (the visitor id it held then, an HttpOnly cookie no page can read or
 * set): there it signs in and that visitor's work moves to the account. Opened anywhere else (the
 * phone the mail was read on, or a browser a page made open someone else's unused link) it signs in
 * only once the person has seen whose account it is and said so (`confirmed`); until then the link
 * stays unused and the answer is the address to ask about. Work is never moved for a confirmed link.
 */
export async function consumeLoginLink(deps: Deps, emailRaw: string, token: string, visitorId: string, confirmed = false): Promise<LinkOutcome> {
  const email = normalizeEmail(emailRaw);
  const row = await deps.db.emailLoginToken.findUnique({ where: { tokenHash: hash(token) } });
  if (!row || row.email !== email) throw new AppError('LINK_INVALID', `link for ${email}`);
  // A real link that can no longer sign in: say why, so the user asks for a new one instead of retrying.
  if (row.usedAt || row.expiresAt <= deps.now()) throw new AppError('LINK_EXPIRED', `${row.usedAt ? 'used' : 'expired'} link for ${email}`);
  const sameVisitor = row.visitorId !== null && row.visitorId === visitorId;
  if (!sameVisitor && !confirmed) return { confirmAs: email };
  const claimed = await deps.db.emailLoginToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: deps.now() } });
  if (claimed.count !== 1) throw new AppError('LINK_EXPIRED', 'link used concurrently');
  const user = await deps.db.user.upsert({
    where: { email },
    create: { email, name: row.name ?? email.split('@')[0].slice(0, 20), channel: row.channel },
    update: {},
  });
  return { userId: user.id, sameVisitor };
}

/** The mail's copy from the locale files, with `{{name}}` placeholders filled in. */
function copy(lang: Lang, key: keyof (typeof RESOURCES)['en']['email'], vars: Record<string, string | number> = {}): string {
  return RESOURCES[lang].email[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
}

function linkMessage(lang: Lang, to: string, link: string, signup: boolean, minutes: number): MailMessage {
  const intro = copy(lang, signup ? 'signupIntro' : 'loginIntro', { minutes });
  const ignore = copy(lang, 'loginIgnore');
  const escaped = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return {
    to: { address: to },
    subject: copy(lang, signup ? 'signupSubject' : 'loginSubject'),
    text: `${intro}\n\n${link}\n\n${ignore}`,
    html: `<p>${intro}</p><p><a href="${escaped}">${copy(lang, signup ? 'signupButton' : 'loginButton')}</a></p><p style="color:#666">${escaped}</p><p>${ignore}</p>`,
  };
}
