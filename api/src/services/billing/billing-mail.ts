import { RESOURCES, isLang, type Lang } from '#shared/i18n';
import type { Deps } from '#shared/server/deps';
import { log } from '#shared/server/logger';

type EmailKey = keyof (typeof RESOURCES)['en']['email'];

function copy(lang: Lang, key: EmailKey, vars: Record<string, string> = {}): string {
  return RESOURCES[lang].email[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An amount in the user's language: $9.99 / 9,99 €. */
export function formatAmount(lang: Lang, cents: number, currency: string): string {
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { style: 'currency', currency }).format(cents / 100);
}

export const formatDate = (lang: Lang, d: Date) => new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(d);

export type BillingMail =
  | { kind: 'receipt'; plan: string; amountCents: number; currency: string; date: Date }
  | { kind: 'trialEnding'; plan: string; amountCents: number; currency: string; date: Date }
  | { kind: 'canceled'; plan: string; date: Date | null };

/**
 * Sends a billing email in the language the user bought in. A mail that cannot go out is logged,
 * not thrown: the payment it reports is recorded either way, and Stripe must not retry the event.
 */
export async function sendBillingMail(deps: Deps, to: string, langRaw: string, mail: BillingMail): Promise<void> {
  const lang: Lang = isLang(langRaw) ? langRaw : 'en';
  const account = `${deps.env.PUBLIC_URL}${lang === 'fr' ? '/fr' : ''}/account?type=billing`;
  const vars: Record<string, string> = { plan: mail.plan, date: mail.date ? formatDate(lang, mail.date) : '' };
  if (mail.kind !== 'canceled') vars.amount = formatAmount(lang, mail.amountCents, mail.currency);
  const [subject, body] = (
    {
      receipt: ['receiptSubject', 'receiptBody'],
      trialEnding: ['trialEndingSubject', 'trialEndingBody'],
      canceled: ['canceledSubject', mail.date ? 'canceledBody' : 'canceledNowBody'],
    } as const
  )[mail.kind];
  const text = copy(lang, body, vars);
  const link = copy(lang, 'billingLink');
  try {
    await deps.mail.send({
      to: { address: to },
      subject: copy(lang, subject, vars),
      text: `${text}\n\n${link}: ${account}`,
      html: `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(account)}">${escapeHtml(link)}</a></p>`,
    });
  } catch (e) {
    log.warn('billing mail not sent', { to, kind: mail.kind, error: String(e) });
  }
}
