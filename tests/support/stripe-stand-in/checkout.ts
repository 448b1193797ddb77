import type Stripe from 'stripe';
import { attachCard, normalizeCard, refusesAttach, refusesCharge, type CardRefusal } from './cards';
import type { ApiRoute, StandIn } from './context';
import { createCustomer } from './customers';
import { invalidRequest, noSuch } from './errors';
import { int, list, mergeMetadata, obj, requiredStr, str, strings, type Params } from './form-body';
import { chargeCard } from './payments';
import { expanded, getOr404, listOf, newId, stripeObject, type SessionPlan } from './store';
import { createSubscription } from './subscriptions';

const DAY = 86_400;

export type CheckoutOutcome = { status: 'paid'; redirectTo: string } | { status: 'refused'; refusal: CardRefusal };

/** Checkout Sessions: create, retrieve (with expand), list, expire, and the payment the hosted page submits. */
export function checkoutRoutes(standIn: StandIn): ApiRoute[] {
  const { store } = standIn;
  const session = (id: string) => getOr404(store.sessions, id, () => noSuch('checkout.session', id));

  return [
    { method: 'POST', path: '/v1/checkout/sessions', handle: ({ params }) => withLineItems(standIn, expanded(store, createSession(standIn, params), params), params) },
    { method: 'GET', path: '/v1/checkout/sessions/:id', handle: ({ path, params }) => withLineItems(standIn, expanded(store, session(path.id), params), params) },
    { method: 'GET', path: '/v1/checkout/sessions/:id/line_items', handle: ({ path, params, url }) => lineItems(standIn, session(path.id), params, url) },
    {
      method: 'GET',
      path: '/v1/checkout/sessions',
      handle: ({ params, url }) => {
        const customer = str(params, 'customer');
        const subscription = str(params, 'subscription');
        const paymentIntent = str(params, 'payment_intent');
        const status = str(params, 'status');
        const found = [...store.sessions.values()].filter(
          (s) => (!customer || s.customer === customer) && (!subscription || s.subscription === subscription) && (!paymentIntent || s.payment_intent === paymentIntent) && (!status || s.status === status),
        );
        return expanded(store, listOf(found, params, url), params);
      },
    },
    {
      method: 'POST',
      path: '/v1/checkout/sessions/:id/expire',
      handle: ({ path, params }) => {
        const s = session(path.id);
        if (s.status !== 'open') throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`);
        expireSession(standIn, s);
        return expanded(store, s, params);
      },
    },
  ];
}

function createSession(standIn: StandIn, params: Params): Stripe.Checkout.Session {
  const { store, clock, baseUrl } = standIn;
  const mode = requiredStr(params, 'mode');
  if (mode !== 'subscription' && mode !== 'payment') throw invalidRequest(`Invalid mode: the stand-in knows subscription and payment, not ${mode}.`, 'mode');
  const lines = list(params, 'line_items').map((raw, i) => lineItem(standIn, raw as Params, i, mode));
  if (lines.length === 0) throw invalidRequest('Missing required param: line_items.', 'line_items');
  const prices = lines.map((l) => store.prices.get(l.price)!);
  if (new Set(prices.map((p) => p.currency)).size > 1) throw invalidRequest('All prices must be in the same currency.', 'line_items');

  const customer = str(params, 'customer');
  const customerEmail = str(params, 'customer_email');
  if (customer && customerEmail) throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  if (customer && !store.customers.has(customer)) throw noSuch('customer', customer, 'customer');
  const subscriptionData = obj(params, 'subscription_data') ?? {};
  const paymentIntentData = obj(params, 'payment_intent_data') ?? {};
  if (mode === 'payment' && params.subscription_data) throw invalidRequest('You can not pass `subscription_data` in `payment` mode.', 'subscription_data');
  if (mode === 'subscription' && params.payment_intent_data) throw invalidRequest('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
  const trialDays = int(subscriptionData, 'trial_period_days') ?? null;
  if (trialDays !== null && trialDays < 1) throw invalidRequest('The trial period must be at least 1 day.', 'subscription_data[trial_period_days]');

  const amount = lines.reduce((sum, l, i) => sum + l.quantity * prices[i].unit_amount!, 0);
  const id = newId('cs_test', 58);
  const created = clock.now();
  const made = stripeObject<Stripe.Checkout.Session>({
    id,
    object: 'checkout.session',
    mode,
    status: 'open',
    payment_status: 'unpaid',
    url: `${baseUrl}/pay/${id}`,
    success_url: requiredStr(params, 'success_url'),
    cancel_url: str(params, 'cancel_url') ?? null,
    client_reference_id: str(params, 'client_reference_id') ?? null,
    customer: customer ?? null,
    customer_email: customerEmail ?? null,
    customer_details: null,
    metadata: mergeMetadata({}, params),
    locale: (str(params, 'locale') as Stripe.Checkout.Session.Locale | undefined) ?? null,
    currency: prices[0].currency,
    amount_subtotal: amount,
    amount_total: amount,
    subscription: null,
    payment_intent: null,
    invoice: null,
    payment_method_types: ['card'],
    ui_mode: 'hosted',
    livemode: false,
    created,
    expires_at: int(params, 'expires_at') ?? created + DAY,
  });
  store.sessions.set(id, made);
  store.sessionPlans.set(id, {
    lines,
    trialDays,
    subscriptionMetadata: mergeMetadata({}, subscriptionData),
    paymentIntentMetadata: mergeMetadata({}, paymentIntentData),
  });
  return made;
}

/** One `line_items[i]`: a price by id, or `price_data` that makes a price (and a product from `product_data`). */
function lineItem({ store, clock }: StandIn, raw: Params, i: number, mode: string): SessionPlan['lines'][number] {
  const param = `line_items[${i}]`;
  let priceId = str(raw, 'price');
  const data = obj(raw, 'price_data');
  if (!priceId && data) {
    const productData = obj(data, 'product_data');
    let productId = str(data, 'product');
    if (!productId && productData) {
      productId = newId('prod', 14);
      store.products.set(productId, stripeObject<Stripe.Product>({ id: productId, object: 'product', name: requiredStr(productData, 'name'), active: true, metadata: mergeMetadata({}, productData), created: clock.now(), updated: clock.now(), livemode: false }));
    }
    if (!productId || !store.products.has(productId)) throw invalidRequest('price_data needs a product or product_data.', `${param}[price_data][product]`);
    const recurring = obj(data, 'recurring');
    priceId = newId('price');
    store.prices.set(
      priceId,
      stripeObject<Stripe.Price>({
        id: priceId,
        object: 'price',
        active: false,
        currency: requiredStr(data, 'currency').toLowerCase(),
        unit_amount: int(data, 'unit_amount') ?? 0,
        product: productId,
        type: recurring ? 'recurring' : 'one_time',
        recurring: recurring ? ({ interval: requiredStr(recurring, 'interval'), interval_count: int(recurring, 'interval_count') ?? 1, usage_type: 'licensed', meter: null, trial_period_days: null } as Stripe.Price.Recurring) : null,
        lookup_key: null,
        metadata: {},
        livemode: false,
        created: clock.now(),
      }),
    );
  } else if (!priceId) {
    throw invalidRequest('You must specify either `price` or `price_data` in each line item.', param);
  } else {
    const price = store.prices.get(priceId);
    if (!price) throw noSuch('price', priceId, `${param}[price]`);
    if (!price.active) throw invalidRequest(`The price specified is inactive. This field only accepts active prices.`, `${param}[price]`);
  }
  const price = store.prices.get(priceId)!;
  if (mode === 'payment' && price.type === 'recurring') throw invalidRequest('You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.', `${param}[price]`);
  if (mode === 'subscription' && price.type !== 'recurring') throw invalidRequest('You must provide at least one recurring price in `subscription` mode when using prices.', `${param}[price]`);
  return { price: priceId, quantity: int(raw, 'quantity') ?? 1 };
}

function lineItems({ store }: StandIn, s: Stripe.Checkout.Session, params: Params, url: string): Stripe.ApiList<Stripe.LineItem> {
  const plan = store.sessionPlans.get(s.id)!;
  const items = plan.lines.map((l, i) => {
    const price = store.prices.get(l.price)!;
    return stripeObject<Stripe.LineItem>({
      id: `li_${s.id.slice(-20)}${i}`,
      object: 'item',
      amount_subtotal: price.unit_amount! * l.quantity,
      amount_total: price.unit_amount! * l.quantity,
      currency: price.currency,
      description: store.products.get(price.product as string)?.name ?? '',
      price,
      quantity: l.quantity,
    });
  });
  return listOf(items.reverse(), params, url);
}

function withLineItems(standIn: StandIn, s: Stripe.Checkout.Session, params: Params) {
  const wanted = strings(params, 'expand').includes('line_items');
  return wanted ? { ...s, line_items: lineItems(standIn, s, {}, `/v1/checkout/sessions/${s.id}/line_items`) } : s;
}

export function expireSession({ clock, webhooks }: StandIn, s: Stripe.Checkout.Session, at = clock.now()) {
  s.status = 'expired';
  s.url = null;
  webhooks.emit('checkout.session.expired', s, undefined, at);
}

/** The product, price and trial the hosted page shows. */
export function sessionSummary({ store }: StandIn, s: Stripe.Checkout.Session) {
  const plan = store.sessionPlans.get(s.id)!;
  const price = store.prices.get(plan.lines[0].price)!;
  return { productName: store.products.get(price.product as string)?.name ?? '', price, trialDays: s.mode === 'subscription' ? plan.trialDays : null };
}

/**
 * What submitting the hosted page does. A refused card leaves the session open. A good one makes
 * the customer (when there is none), then the subscription or the payment, completes the session
 * and sends, in Stripe's order: customer.subscription.created, invoice.paid, checkout.session.completed.
 */
export function submitCheckout(standIn: StandIn, sessionId: string, form: { cardNumber: string; email?: string }): CheckoutOutcome {
  const { store, webhooks } = standIn;
  const s = store.sessions.get(sessionId);
  if (!s || s.status !== 'open') throw new Error(`Checkout Session ${sessionId} is not open`);
  const plan = store.sessionPlans.get(s.id)!;
  const card = normalizeCard(form.cardNumber);
  const chargedNow = s.mode === 'payment' || !plan.trialDays;
  const refusal = chargedNow ? refusesCharge(card) : refusesAttach(card);
  if (refusal) return { status: 'refused', refusal };

  const existing = s.customer ? store.customers.get(s.customer as string) : undefined;
  const email = existing?.email ?? s.customer_email ?? (form.email || null);
  const customerId = existing?.id ?? createCustomer(standIn, email ? { email } : {}).id;
  const paymentMethod = attachCard(standIn, customerId, card).id;
  const price = store.prices.get(plan.lines[0].price)!;
  s.customer = customerId;
  s.customer_details = { email, name: null, phone: null, address: null, tax_exempt: 'none', tax_ids: [] } as unknown as Stripe.Checkout.Session.CustomerDetails;
  s.status = 'complete';
  s.url = null;

  if (s.mode === 'subscription') {
    const { subscription, invoice } = createSubscription(standIn, { customer: customerId, price, trialDays: plan.trialDays, metadata: plan.subscriptionMetadata, paymentMethod });
    s.subscription = subscription.id;
    s.invoice = invoice.id;
    s.payment_status = plan.trialDays ? 'no_payment_required' : 'paid';
    webhooks.emit('customer.subscription.created', subscription);
    webhooks.emit('invoice.paid', invoice);
  } else {
    const { paymentIntent } = chargeCard(standIn, { customer: customerId, paymentMethod, amount: s.amount_total!, currency: s.currency!, metadata: plan.paymentIntentMetadata });
    s.payment_intent = paymentIntent.id;
    s.payment_status = 'paid';
  }
  webhooks.emit('checkout.session.completed', s);
  return { status: 'paid', redirectTo: s.success_url!.replaceAll('{CHECKOUT_SESSION_ID}', s.id) };
}
