import type Stripe from 'stripe';
import type { ApiRoute, StandIn } from './context';
import { noSuch } from './errors';
import { str } from './form-body';
import { chargeCard } from './payments';
import { expanded, getOr404, listOf, newId, stripeObject, type StandInSubscription } from './store';

/**
 * The invoice of one period of a subscription, already finalized; `payInvoice` then charges it.
 * Stripe API 2025+ links it to the subscription through `parent.subscription_details`.
 */
export function createInvoice(
  { store, clock }: StandIn,
  sub: StandInSubscription,
  amount: number,
  billingReason: Stripe.Invoice.BillingReason,
  period: { start: number; end: number },
  at = clock.now(),
): Stripe.Invoice {
  const item = sub.items.data[0];
  const id = newId('in');
  const customer = store.customers.get(sub.customer as string);
  const invoice = stripeObject<Stripe.Invoice>({
    id,
    object: 'invoice',
    customer: sub.customer as string,
    customer_email: customer?.email ?? null,
    currency: sub.currency,
    amount_due: amount,
    amount_paid: 0,
    amount_remaining: amount,
    subtotal: amount,
    total: amount,
    attempt_count: 0,
    attempted: false,
    billing_reason: billingReason,
    collection_method: 'charge_automatically',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } } as Stripe.Invoice.Parent.SubscriptionDetails,
    },
    lines: {
      object: 'list',
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
      data: [
        stripeObject<Stripe.InvoiceLineItem>({
          id: newId('il'),
          object: 'line_item',
          amount,
          currency: sub.currency,
          description: `1 × ${store.products.get(item.price.product as string)?.name ?? item.price.id}`,
          invoice: id,
          quantity: 1,
          period,
          pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product as string }, unit_amount_decimal: null },
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: { subscription: sub.id, subscription_item: item.id, proration: false, proration_details: null, invoice_item: null },
          },
          metadata: {},
          livemode: false,
        }),
      ],
    },
    payments: { object: 'list', has_more: false, url: `/v1/invoice_payments?invoice=${id}`, data: [] },
    period_start: period.start,
    period_end: period.end,
    status: 'open',
    status_transitions: { finalized_at: at, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    number: `STANDIN-${String(store.invoices.size + 1).padStart(4, '0')}`,
    hosted_invoice_url: null,
    invoice_pdf: null,
    metadata: {},
    livemode: false,
    created: at,
  });
  store.invoices.set(id, invoice);
  return invoice;
}

/** Charges an open invoice to the subscription's card; a $0 invoice is paid without a charge. */
export function payInvoice(standIn: StandIn, invoice: Stripe.Invoice, paymentMethod: string | null, at = standIn.clock.now()): boolean {
  invoice.attempt_count += 1;
  invoice.attempted = true;
  if (invoice.amount_due === 0) return markPaid(invoice, at);
  const { paymentIntent, paid } = chargeCard(standIn, {
    customer: invoice.customer as string,
    paymentMethod: paymentMethod ?? '',
    amount: invoice.amount_due,
    currency: invoice.currency,
    description: invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
  });
  invoice.payments!.data.push(
    stripeObject<Stripe.InvoicePayment>({
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: paid ? invoice.amount_due : null,
      amount_requested: invoice.amount_due,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      payment: { type: 'payment_intent', payment_intent: paymentIntent.id } as Stripe.InvoicePayment.Payment,
      status: paid ? 'paid' : 'open',
      livemode: false,
      created: at,
    }),
  );
  return paid ? markPaid(invoice, at) : false;
}

function markPaid(invoice: Stripe.Invoice, at: number) {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status_transitions = { ...invoice.status_transitions, paid_at: at };
  return true;
}

export function invoiceRoutes({ store }: StandIn): ApiRoute[] {
  return [
    { method: 'GET', path: '/v1/invoices/:id', handle: ({ path, params }) => expanded(store, getOr404(store.invoices, path.id, () => noSuch('invoice', path.id)), params) },
    {
      method: 'GET',
      path: '/v1/invoices',
      handle: ({ params, url }) => {
        const customer = str(params, 'customer');
        const subscription = str(params, 'subscription');
        const status = str(params, 'status');
        const found = [...store.invoices.values()].filter(
          (i) => (!customer || i.customer === customer) && (!subscription || i.parent?.subscription_details?.subscription === subscription) && (!status || i.status === status),
        );
        return expanded(store, listOf(found, params, url), params);
      },
    },
  ];
}
