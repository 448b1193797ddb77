/**
 * The operator's billing command: `npm run billing -- <command>` (see `help`). It reads the same
 * environment as the api (STRIPE_SECRET_KEY, STRIPE_API_URL, DATABASE_URL) and talks to Stripe
 * through the api's own client.
 */
import { userInfo } from 'node:os';
import { createInterface } from 'node:readline/promises';
import type Stripe from 'stripe';
import { CURRENCIES, loadCatalogue, lookupKey, recurringOf, type CatalogueProduct, type Currency } from '#shared/billing/catalogue';
import { refundFor } from '#shared/billing/refund-rules';
import { loadEnv, type Env } from '#shared/env';
import { createDb } from '#shared/server/db';
import { stripeClient } from '#shared/server/stripe-client';

/** A refusal the operator can act on: printed as is, exit code 1, no stack trace. */
class Refusal extends Error {}

const USAGE = `Usage: npm run billing -- <command>

Commands:
  sync                                  create or update the Stripe products and prices of the catalogue
                                        (prisma/seed-data/products.json), matched by lookup key
  refund <orderId> [--yes] [--by <name>]
                                        refund an order's latest payment by the refund rules: shows the
                                        amount and the rule, asks before refunding (--yes: without asking),
                                        records who refunded (--by, default the system user) and when
  help                                  this list`;

function billingEnv(): Env {
  const env = loadEnv();
  if (!env.billingConfigured) {
    throw new Refusal('Billing is not configured: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (README, "Payments"), then run this again.');
  }
  return env;
}

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

// ---- sync ----

type PriceAction = 'created' | 'moved' | 'reactivated' | 'unchanged';

interface PriceRow {
  key: string;
  plan: string;
  amount: string;
  action: PriceAction;
  priceId: string;
}

/** Stripe answers at most 10 lookup keys per list call. */
const LOOKUP_KEYS_PER_CALL = 10;

async function pricesByLookupKey(stripe: Stripe, keys: string[]): Promise<Map<string, Stripe.Price>> {
  const found = new Map<string, Stripe.Price>();
  for (let i = 0; i < keys.length; i += LOOKUP_KEYS_PER_CALL) {
    const page = await stripe.prices.list({ lookup_keys: keys.slice(i, i + LOOKUP_KEYS_PER_CALL), limit: 100 });
    for (const price of page.data) if (price.lookup_key) found.set(price.lookup_key, price);
  }
  return found;
}

/** Our products carry their catalogue code in metadata, so a renamed plan is still found. */
async function productsByCode(stripe: Stripe): Promise<Map<string, Stripe.Product>> {
  const found = new Map<string, Stripe.Product>();
  for await (const product of stripe.products.list({ limit: 100 })) {
    const code = product.metadata?.sheaf_code;
    if (code && !found.has(code)) found.set(code, product);
  }
  return found;
}

async function ensureProduct(stripe: Stripe, plan: CatalogueProduct, existing: Stripe.Product | undefined): Promise<{ product: Stripe.Product; change?: string }> {
  if (!existing) {
    const product = await stripe.products.create({
      name: plan.name,
      metadata: { sheaf_code: plan.code, business_type: plan.businessType, product_type: plan.productType },
    });
    return { product, change: 'created' };
  }
  if (existing.name === plan.name && existing.active) return { product: existing };
  const product = await stripe.products.update(existing.id, { name: plan.name, active: true });
  return { product, change: existing.active ? `renamed from "${existing.name}"` : 'reactivated' };
}

function priceMatches(price: Stripe.Price, productId: string, plan: CatalogueProduct, currency: Currency): boolean {
  const wanted = recurringOf(plan.productType);
  const productOf = typeof price.product === 'string' ? price.product : price.product.id;
  const sameRecurring = wanted
    ? price.recurring?.interval === wanted.interval && price.recurring.interval_count === wanted.interval_count
    : !price.recurring;
  return productOf === productId && price.currency === currency.toLowerCase() && price.unit_amount === plan.amount[currency] && sameRecurring;
}

/**
 * One catalogue price in Stripe. Stripe prices cannot change amount: a new price takes the lookup
 * key (checkout finds prices by it) and the old one is deactivated, so existing subscribers keep
 * their price until they change plan.
 */
async function ensurePrice(stripe: Stripe, productId: string, plan: CatalogueProduct, currency: Currency, old: Stripe.Price | undefined): Promise<{ action: PriceAction; price: Stripe.Price }> {
  if (old && priceMatches(old, productId, plan, currency)) {
    if (old.active) return { action: 'unchanged', price: old };
    return { action: 'reactivated', price: await stripe.prices.update(old.id, { active: true }) };
  }
  const key = lookupKey(plan.code, currency);
  const recurring = recurringOf(plan.productType);
  const price = await stripe.prices.create({
    product: productId,
    currency: currency.toLowerCase(),
    unit_amount: plan.amount[currency],
    ...(recurring ? { recurring } : {}),
    lookup_key: key,
    transfer_lookup_key: !!old,
    metadata: { sheaf_code: plan.code },
  });
  if (old?.active) await stripe.prices.update(old.id, { active: false });
  return { action: old ? 'moved' : 'created', price };
}

async function sync(): Promise<void> {
  const stripe = stripeClient(billingEnv());
  const catalogue = loadCatalogue();
  const keys = catalogue.flatMap((plan) => CURRENCIES.map((c) => lookupKey(plan.code, c)));
  const [prices, products] = await Promise.all([pricesByLookupKey(stripe, keys), productsByCode(stripe)]);

  const rows: PriceRow[] = [];
  const productChanges: string[] = [];
  for (const plan of catalogue) {
    const { product, change } = await ensureProduct(stripe, plan, products.get(plan.code));
    if (change) productChanges.push(`${plan.name} (${product.id}): ${change}`);
    for (const currency of CURRENCIES) {
      const key = lookupKey(plan.code, currency);
      const old = prices.get(key);
      const { action, price } = await ensurePrice(stripe, product.id, plan, currency, old);
      const amount = money(plan.amount[currency], currency);
      rows.push({ key, plan: plan.name, amount: action === 'moved' && old?.unit_amount != null ? `${money(old.unit_amount, currency)} -> ${amount}` : amount, action, priceId: price.id });
    }
  }

  printTable(
    ['lookup key', 'plan', 'amount', 'action', 'price'],
    rows.map((r) => [r.key, r.plan, r.amount, r.action, r.priceId]),
  );
  for (const change of productChanges) console.log(`product ${change}`);
  // Left alone: their subscribers keep being billed, and archiving is the operator's decision.
  const codes = new Set(catalogue.map((plan) => plan.code));
  for (const [code, product] of products) {
    if (!codes.has(code) && product.active) console.log(`product ${product.name} (${product.id}): no longer in the catalogue; archive it in Stripe's dashboard if it is not sold any more`);
  }
  const changed = rows.filter((r) => r.action !== 'unchanged');
  if (changed.length === 0 && productChanges.length === 0) {
    console.log(`\nNothing changed: Stripe already matches the catalogue (${rows.length} prices).`);
    return;
  }
  const counts = (['created', 'moved', 'reactivated'] as const).map((a) => [a, changed.filter((r) => r.action === a).length] as const).filter(([, n]) => n > 0);
  const productCount = productChanges.length === 1 ? '1 product' : `${productChanges.length} products`;
  console.log(`\n${rows.length} prices: ${counts.map(([a, n]) => `${n} ${a}`).join(', ') || 'none changed'}; ${productCount} created or updated.`);
}

// ---- refund ----

interface RefundArgs {
  orderId: string;
  yes: boolean;
  by: string;
}

function parseRefundArgs(args: string[]): RefundArgs {
  let orderId: string | undefined;
  let yes = false;
  let by = userInfo().username;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--yes' || arg === '-y') yes = true;
    else if (arg === '--by') {
      by = args[++i]?.trim() ?? '';
      if (!by) throw new Refusal('--by needs a name.');
    } else if (arg.startsWith('--by=')) by = arg.slice('--by='.length).trim();
    else if (!arg.startsWith('-') && !orderId) orderId = arg;
    else throw new Refusal(`Unexpected argument "${arg}".\n\n${USAGE}`);
  }
  if (!orderId) throw new Refusal(`refund needs an order id.\n\n${USAGE}`);
  if (!by) throw new Refusal('--by needs a name.');
  return { orderId, yes, by };
}

/** Stripe's clock and ours may differ a little: an invoice paid as its period starts can look paid just before. */
const CLOCK_SLACK_MS = 5 * 60_000;

/** The Stripe charge behind a recorded payment: named directly, through its payment intent, or through its invoice. */
async function chargeOf(stripe: Stripe, payment: { stripeChargeId: string | null; stripePaymentIntentId: string | null; stripeInvoiceId: string | null }): Promise<Stripe.Charge> {
  if (payment.stripeChargeId) return stripe.charges.retrieve(payment.stripeChargeId);
  let intentId = payment.stripePaymentIntentId;
  if (!intentId && payment.stripeInvoiceId) {
    const invoice = await stripe.invoices.retrieve(payment.stripeInvoiceId, { expand: ['payments'] });
    const paid = invoice.payments?.data.find((p) => p.status === 'paid') ?? invoice.payments?.data[0];
    const intent = paid?.payment.payment_intent;
    intentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
  }
  if (!intentId) throw new Refusal('This payment names no Stripe charge, payment intent or paid invoice: refund it from the Stripe dashboard.');
  const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') throw new Refusal(`Payment intent ${intentId} has no charge in Stripe: nothing was taken.`);
  return charge;
}

/** A yes/no question on the terminal; input that ends without an answer (a closed pipe) is no. */
async function ask(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  // readline never settles a pending question when its input ends, so the end answers it.
  const ended = new Promise<string>((resolve) => rl.once('close', () => resolve('')));
  try {
    return /^y(es)?$/i.test((await Promise.race([rl.question(question), ended])).trim());
  } finally {
    rl.close();
  }
}

/**
 * Refunds the latest payment of an order (the one payment of Lifetime, the latest paid invoice of a
 * subscription) by the refund rules. What Stripe says was already refunded counts too, so running
 * this twice before the charge.refunded webhook lands never refunds twice.
 */
async function refund(args: string[]): Promise<void> {
  const { orderId, yes, by } = parseRefundArgs(args);
  const env = billingEnv();
  const stripe = stripeClient(env);
  const db = createDb(env.DATABASE_URL, 1);
  try {
    const order = await db.order.findUnique({ where: { id: orderId }, include: { product: true, user: true, subscription: true } });
    if (!order) throw new Refusal(`No order ${orderId}.`);
    const subscription = order.subscription;
    const payment = await db.payment.findFirst({
      where: {
        OR: [{ orderId: order.id }, ...(subscription ? [{ subscriptionId: subscription.id }] : [])],
        status: { in: ['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED'] },
        amountCents: { gt: 0 },
      },
      orderBy: { paidAt: 'desc' },
    });

    console.log(`Order    ${order.id} (${order.user.email}): ${order.product.name}, ${money(order.amountCents, order.currency)}, ${order.status}`);
    if (!payment) {
      const decision = refundFor({ amountCents: 0, currency: order.currency, productType: order.product.productType, paidAt: null, refundedCents: 0 }, new Date());
      console.log(`Rule     ${decision.rule}: ${decision.explanation}\nNothing refunded.`);
      return;
    }
    const charge = await chargeOf(stripe, payment);
    // The term the payment bought is the subscription's current one unless the subscription has moved
    // on to a period whose invoice is not paid (or not recorded) yet; then it is reckoned from paidAt.
    const isCurrentTerm = !!subscription && payment.paidAt.getTime() >= subscription.currentPeriodStart.getTime() - CLOCK_SLACK_MS;
    const decision = refundFor(
      {
        amountCents: payment.amountCents,
        currency: payment.currency,
        productType: order.product.productType,
        paidAt: payment.paidAt,
        periodStart: isCurrentTerm ? subscription.currentPeriodStart : null,
        periodEnd: isCurrentTerm ? subscription.currentPeriodEnd : null,
        refundedCents: Math.max(payment.refundedCents, charge.amount_refunded),
      },
      new Date(),
    );
    console.log(`Payment  ${payment.id}, charge ${charge.id}: ${money(payment.amountCents, payment.currency)} paid ${payment.paidAt.toISOString()}, ${money(charge.amount_refunded, payment.currency)} refunded so far`);
    console.log(`Rule     ${decision.rule}: ${decision.explanation}`);
    if (decision.amountCents === 0) {
      console.log('Nothing refunded.');
      return;
    }

    const full = charge.amount_refunded + decision.amountCents >= payment.amountCents;
    const stripeSubscriptionId = subscription?.stripeSubscriptionId ?? order.stripeSubscriptionId;
    const cancels = full && !!stripeSubscriptionId && (await stripe.subscriptions.retrieve(stripeSubscriptionId)).status !== 'canceled';
    console.log(`Refund   ${money(decision.amountCents, payment.currency)}${full ? ' (all of it)' : ''}${cancels ? `, and cancel subscription ${stripeSubscriptionId} now` : ''}, by ${by}`);
    if (!yes && !(await ask('Refund? [y/N] '))) {
      console.log('Nothing refunded.');
      return;
    }

    // The charge.refunded webhook finds the payment by these ids: a row recorded from an invoice may lack them.
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
    await db.payment.update({ where: { id: payment.id }, data: { stripeChargeId: charge.id, stripePaymentIntentId: payment.stripePaymentIntentId ?? intentId } });
    const made = await stripe.refunds.create({ charge: charge.id, amount: decision.amountCents, metadata: { orderId: order.id, paymentId: payment.id, refundedBy: by, rule: decision.rule } });
    // Who and when; the amounts and states follow from the charge.refunded webhook, as for a refund made in Stripe's dashboard.
    await db.payment.update({ where: { id: payment.id }, data: { refundedBy: by, refundedAt: new Date(made.created * 1000) } });
    console.log(`Refunded ${money(made.amount, made.currency)}: ${made.id} (${made.status}). The customer sees it in 5 to 8 business days.`);
    if (cancels) {
      await stripe.subscriptions.cancel(stripeSubscriptionId);
      console.log(`Canceled subscription ${stripeSubscriptionId}.`);
    }
  } finally {
    await db.$disconnect();
  }
}

// ---- command line ----

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'sync':
      if (rest.length > 0) throw new Refusal(`sync takes no arguments.\n\n${USAGE}`);
      return sync();
    case 'refund':
      return refund(rest);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return;
    default:
      throw new Refusal(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

/**
 * A Stripe error by its `type` (StripeConnectionError, StripeInvalidRequestError…). Not instanceof:
 * the client is loaded where billing is configured (stripe-client.ts), a copy of the library apart
 * from any this module would import.
 */
function stripeError(error: unknown): (Error & { type: string; requestId?: string }) | undefined {
  const type = (error as { type?: unknown } | null)?.type;
  return error instanceof Error && typeof type === 'string' && type.startsWith('Stripe') ? (error as Error & { type: string }) : undefined;
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    const stripe = stripeError(error);
    if (error instanceof Refusal) console.error(error.message);
    else if (stripe?.type === 'StripeConnectionError') console.error(`Stripe could not be reached at ${loadEnv().STRIPE_API_URL}: ${stripe.message}`);
    else if (stripe) console.error(`Stripe refused: ${stripe.message}${stripe.requestId ? ` (request ${stripe.requestId})` : ''}`);
    else console.error(error);
    process.exit(1);
  },
);
