import type Stripe from 'stripe';
import { attachCard, normalizeCard, refusesAttach } from './cards';
import type { ApiRoute, PageRoute, StandIn } from './context';
import { noSuch } from './errors';
import { requiredStr, str } from './form-body';
import { pageLang, portalPage } from './pages';
import { newId, stripeObject } from './store';
import { retryPastDue, setCancelAtPeriodEnd } from './subscriptions';

/** POST /v1/billing_portal/sessions: a hosted page where the customer manages their subscriptions and card. */
export function portalRoutes(standIn: StandIn): ApiRoute[] {
  const { store, clock } = standIn;
  return [
    {
      method: 'POST',
      path: '/v1/billing_portal/sessions',
      handle: ({ params }) => {
        const customer = requiredStr(params, 'customer');
        if (!store.customers.has(customer)) throw noSuch('customer', customer, 'customer');
        const id = newId('bps');
        const made = stripeObject<Stripe.BillingPortal.Session>({
          id,
          object: 'billing_portal.session',
          configuration: 'bpc_standin',
          customer,
          customer_account: null,
          flow: null,
          locale: (str(params, 'locale') as Stripe.BillingPortal.Session.Locale | undefined) ?? null,
          on_behalf_of: null,
          return_url: str(params, 'return_url') ?? null,
          url: `${standIn.baseUrl}/portal/${id}`,
          livemode: false,
          created: clock.now(),
        });
        store.portalSessions.set(id, made);
        return made;
      },
    },
  ];
}

export function portalPageRoutes(standIn: StandIn): PageRoute[] {
  const { store, webhooks } = standIn;
  const notFound = { status: 404, html: '<!doctype html><title>Not found</title><h1>Not found</h1>' };

  const render = (session: Stripe.BillingPortal.Session, extra: Partial<Parameters<typeof portalPage>[0]> = {}) => {
    const customer = store.customers.get(session.customer)!;
    const pm = customer.invoice_settings.default_payment_method as string | null;
    const subscriptions = [...store.subscriptions.values()]
      .filter((s) => s.customer === session.customer && s.status !== 'canceled')
      .map((sub) => ({ sub, productName: store.products.get(sub.items.data[0].price.product as string)?.name ?? '' }));
    return portalPage({
      lang: pageLang(session.locale),
      base: `/portal/${session.id}`,
      returnUrl: session.return_url,
      subscriptions,
      cardLast4: pm ? (store.cards.get(pm)?.slice(-4) ?? null) : null,
      ...extra,
    });
  };

  return [
    {
      method: 'GET',
      path: '/portal/:id',
      handle: ({ path, params }) => {
        const session = store.portalSessions.get(path.id);
        return session ? { status: 200, html: render(session, { cardUpdated: params.updated === '1' }) } : notFound;
      },
    },
    {
      method: 'POST',
      path: '/portal/:id/subscriptions/:sub',
      handle: async ({ path, params }) => {
        const session = store.portalSessions.get(path.id);
        const sub = store.subscriptions.get(path.sub);
        if (!session || !sub || sub.customer !== session.customer) return notFound;
        setCancelAtPeriodEnd(standIn, sub, params.action === 'cancel');
        await webhooks.settled();
        return { redirect: `/portal/${session.id}` };
      },
    },
    {
      method: 'POST',
      path: '/portal/:id/card',
      handle: async ({ path, params }) => {
        const session = store.portalSessions.get(path.id);
        if (!session) return notFound;
        const card = normalizeCard(str(params, 'cardNumber') ?? '');
        const refusal = refusesAttach(card);
        if (refusal) return { status: 402, html: render(session, { refusal }) };
        const pm = attachCard(standIn, session.customer, card);
        for (const sub of store.subscriptions.values()) {
          if (sub.customer !== session.customer || sub.status === 'canceled') continue;
          sub.default_payment_method = pm.id;
          retryPastDue(standIn, sub);
        }
        await webhooks.settled();
        return { redirect: `/portal/${session.id}?updated=1` };
      },
    },
  ];
}
