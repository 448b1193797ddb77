import type Stripe from 'stripe';
import type { StandIn } from './context';
import { newId, stripeObject } from './store';

/** Stripe's test cards the stand-in knows; any other number that passes the Luhn check behaves like 4242. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  /** Attaches to a customer, but every later charge fails: a trial that ends past_due. */
  failsLater: '4000000000000341',
} as const;

export type CardRefusal = 'incorrect_number' | 'card_declined';

export const normalizeCard = (input: string) => input.replace(/[\s-]/g, '');

function luhn(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const n = Number(d) * (i % 2 ? 2 : 1);
    sum += n > 9 ? n - 9 : n;
  });
  return /^\d{12,19}$/.test(digits) && sum % 10 === 0;
}

/** Why a card cannot be saved for later charges, or null when it can. */
export function refusesAttach(card: string): CardRefusal | null {
  if (!luhn(card)) return 'incorrect_number';
  return card === TEST_CARDS.declined ? 'card_declined' : null;
}

/** Why a charge to the card fails, or null when it goes through. */
export function refusesCharge(card: string): CardRefusal | null {
  return refusesAttach(card) ?? (card === TEST_CARDS.failsLater ? 'card_declined' : null);
}

/** Saves a card as the customer's default payment method, as Checkout and the billing portal do. */
export function attachCard({ store, clock }: StandIn, customerId: string, card: string): Stripe.PaymentMethod {
  const pm = stripeObject<Stripe.PaymentMethod>({
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    card: { brand: 'visa', last4: card.slice(-4), exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit', country: 'US' } as Stripe.PaymentMethod.Card,
    customer: customerId,
    metadata: {},
    livemode: false,
    created: clock.now(),
  });
  store.paymentMethods.set(pm.id, pm);
  store.cards.set(pm.id, card);
  const customer = store.customers.get(customerId);
  if (customer) customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: pm.id };
  return pm;
}
