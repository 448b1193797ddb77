import type Stripe from 'stripe';
import type { CardRefusal } from './cards';
import type { Interval } from './clock';

/** The hosted pages speak the session's locale: French for 'fr', English otherwise. */
export type PageLang = 'en' | 'fr';
export const pageLang = (locale: string | null | undefined): PageLang => (locale?.startsWith('fr') ? 'fr' : 'en');


const COPY = {
  en: {
    pay: 'Pay',
    startTrial: 'Start trial',
    email: 'Email',
    cardNumber: 'Card number',
    back: 'Back',
    refusals: { card_declined: 'Your card was declined.', incorrect_number: 'Your card number is incorrect.' } satisfies Record<CardRefusal, string>,
    per: (interval: Interval, count: number) => (count === 1 ? `per ${interval}` : `every ${count} ${interval}s`),
    trial: (n: number, then: string) => `${n} days free, then ${then}`,
    closed: { expired: 'This checkout session has expired.', complete: 'This checkout session is complete.' },
    billing: 'Billing',
    noSubscriptions: 'No subscriptions.',
    renews: (date: string) => `Renews on ${date}`,
    cancels: (date: string) => `Cancels on ${date}`,
    trialEnds: (date: string) => `Trial ends on ${date}`,
    pastDue: 'Payment failed: update your card.',
    canceled: 'Canceled',
    cancelAtPeriodEnd: 'Cancel at period end',
    resume: 'Resume',
    updateCard: 'Update card',
    cardUpdated: 'Your card was updated.',
    currentCard: (last4: string) => `Card ending in ${last4}`,
  },
  fr: {
    pay: 'Payer',
    startTrial: 'Commencer l’essai',
    email: 'Adresse e-mail',
    cardNumber: 'Numéro de carte',
    back: 'Retour',
    refusals: { card_declined: 'Votre carte a été refusée.', incorrect_number: 'Le numéro de votre carte est incorrect.' } satisfies Record<CardRefusal, string>,
    per: (interval: Interval, count: number) =>
      count === 1 ? { day: 'par jour', week: 'par semaine', month: 'par mois', year: 'par an' }[interval] : { day: `tous les ${count} jours`, week: `toutes les ${count} semaines`, month: `tous les ${count} mois`, year: `tous les ${count} ans` }[interval],
    trial: (n: number, then: string) => `${n} jours gratuits, puis ${then}`,
    closed: { expired: 'Cette session de paiement a expiré.', complete: 'Cette session de paiement est terminée.' },
    billing: 'Facturation',
    noSubscriptions: 'Aucun abonnement.',
    renews: (date: string) => `Renouvellement le ${date}`,
    cancels: (date: string) => `Prend fin le ${date}`,
    trialEnds: (date: string) => `Fin de l’essai le ${date}`,
    pastDue: 'Le paiement a échoué : mettez votre carte à jour.',
    canceled: 'Annulé',
    cancelAtPeriodEnd: 'Annuler à la fin de la période',
    resume: 'Reprendre',
    updateCard: 'Mettre à jour la carte',
    cardUpdated: 'Votre carte a été mise à jour.',
    currentCard: (last4: string) => `Carte se terminant par ${last4}`,
  },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const money = (lang: PageLang, cents: number, currency: string) =>
  new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

const day = (lang: PageLang, unix: number) => new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(unix * 1000);

function layout(lang: PageLang, title: string, body: string) {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;box-sizing:border-box}button{margin-top:1rem;padding:.5rem 1rem}[role=alert]{color:#b00020}li{margin:1rem 0}</style>
</head><body>${body}</body></html>`;
}

export interface CheckoutView {
  lang: PageLang;
  productName: string;
  price: Stripe.Price;
  trialDays: number | null;
  email: string | null;
  /** The session names its customer's address: shown, not editable. */
  emailFixed: boolean;
  cancelUrl: string | null;
  action: string;
  refusal?: CardRefusal;
}

export function checkoutPage(view: CheckoutView): string {
  const t = COPY[view.lang];
  const amount = money(view.lang, view.price.unit_amount!, view.price.currency);
  const title = `${view.productName} — ${amount}`;
  const recurring = view.price.recurring && `${amount} ${t.per(view.price.recurring.interval as Interval, view.price.recurring.interval_count)}`;
  const terms = recurring && (view.trialDays ? t.trial(view.trialDays, recurring) : recurring);
  return layout(
    view.lang,
    title,
    `<h1>${escape(title)}</h1>
${terms ? `<p>${escape(terms)}</p>` : ''}
${view.refusal ? `<p role="alert">${escape(t.refusals[view.refusal])}</p>` : ''}
<form method="post" action="${escape(view.action)}">
<label for="email">${t.email}</label><input id="email" name="email" type="email" autocomplete="email" required value="${escape(view.email ?? '')}"${view.emailFixed ? ' readonly' : ''}>
<label for="card">${t.cardNumber}</label><input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242">
<button type="submit">${view.trialDays ? t.startTrial : t.pay}</button>
</form>
${view.cancelUrl ? `<p><a href="${escape(view.cancelUrl)}">${t.back}</a></p>` : ''}`,
  );
}

export function closedCheckoutPage(lang: PageLang, status: 'expired' | 'complete'): string {
  const text = COPY[lang].closed[status];
  return layout(lang, text, `<h1>${escape(text)}</h1>`);
}

export interface PortalView {
  lang: PageLang;
  base: string;
  returnUrl: string | null;
  subscriptions: { sub: Stripe.Subscription & { current_period_end: number }; productName: string }[];
  cardLast4: string | null;
  refusal?: CardRefusal;
  cardUpdated?: boolean;
}

export function portalPage(view: PortalView): string {
  const t = COPY[view.lang];
  const state = ({ sub }: PortalView['subscriptions'][number]) => {
    if (sub.status === 'canceled') return t.canceled;
    if (sub.status === 'past_due') return t.pastDue;
    if (sub.cancel_at_period_end) return t.cancels(day(view.lang, sub.current_period_end));
    if (sub.status === 'trialing') return t.trialEnds(day(view.lang, sub.trial_end!));
    return t.renews(day(view.lang, sub.current_period_end));
  };
  const items = view.subscriptions.map((entry) => {
    const { sub } = entry;
    const price = sub.items.data[0].price;
    const recurring = price.recurring!;
    const action = sub.cancel_at_period_end ? 'resume' : 'cancel';
    const button = sub.status === 'canceled' ? '' : `<form method="post" action="${escape(`${view.base}/subscriptions/${sub.id}`)}"><input type="hidden" name="action" value="${action}"><button type="submit">${action === 'resume' ? t.resume : t.cancelAtPeriodEnd}</button></form>`;
    return `<li data-subscription="${escape(sub.id)}"><strong>${escape(entry.productName)}</strong> — ${escape(money(view.lang, price.unit_amount!, price.currency))} ${escape(t.per(recurring.interval as Interval, recurring.interval_count))}<br>${escape(state(entry))}${button}</li>`;
  });
  return layout(
    view.lang,
    t.billing,
    `<h1>${t.billing}</h1>
${items.length ? `<ul>${items.join('')}</ul>` : `<p>${t.noSubscriptions}</p>`}
<h2>${t.updateCard}</h2>
${view.cardLast4 ? `<p>${escape(t.currentCard(view.cardLast4))}</p>` : ''}
${view.refusal ? `<p role="alert">${escape(t.refusals[view.refusal])}</p>` : ''}
${view.cardUpdated ? `<p role="status">${t.cardUpdated}</p>` : ''}
<form method="post" action="${escape(`${view.base}/card`)}">
<label for="card">${t.cardNumber}</label><input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<button type="submit">${t.updateCard}</button>
</form>
${view.returnUrl ? `<p><a href="${escape(view.returnUrl)}">${t.back}</a></p>` : ''}`,
  );
}
