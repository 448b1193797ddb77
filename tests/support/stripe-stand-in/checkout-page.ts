import { sessionSummary, submitCheckout } from './checkout';
import type { PageRoute, StandIn } from './context';
import { str } from './form-body';
import { checkoutPage, closedCheckoutPage, pageLang } from './pages';

/** The hosted checkout page at a session's `url`, and its form's submit. */
export function checkoutPageRoutes(standIn: StandIn): PageRoute[] {
  const { store, webhooks } = standIn;
  const notFound = { status: 404, html: '<!doctype html><title>Not found</title><h1>Not found</h1>' };

  const view = (id: string) => {
    const s = store.sessions.get(id)!;
    const customer = s.customer ? store.customers.get(s.customer as string) : undefined;
    const email = customer?.email ?? s.customer_email;
    return { lang: pageLang(s.locale), email, emailFixed: email !== null, cancelUrl: s.cancel_url, action: `/pay/${id}`, ...sessionSummary(standIn, s) };
  };

  return [
    {
      method: 'GET',
      path: '/pay/:id',
      handle: ({ path }) => {
        const s = store.sessions.get(path.id);
        if (!s) return notFound;
        if (s.status !== 'open') return { status: 200, html: closedCheckoutPage(pageLang(s.locale), s.status === 'expired' ? 'expired' : 'complete') };
        return { status: 200, html: checkoutPage(view(s.id)) };
      },
    },
    {
      method: 'POST',
      path: '/pay/:id',
      handle: async ({ path, params }) => {
        const s = store.sessions.get(path.id);
        if (!s) return notFound;
        if (s.status !== 'open') return { status: 200, html: closedCheckoutPage(pageLang(s.locale), s.status === 'expired' ? 'expired' : 'complete') };
        const email = str(params, 'email');
        const outcome = submitCheckout(standIn, s.id, { cardNumber: str(params, 'cardNumber') ?? '', email });
        if (outcome.status === 'refused') {
          const shown = view(s.id);
          return { status: 402, html: checkoutPage({ ...shown, email: shown.email ?? email ?? null, refusal: outcome.refusal }) };
        }
        // The browser comes back once the webhooks are answered, so a test sees their effects at once.
        await webhooks.settled();
        return { redirect: outcome.redirectTo };
      },
    },
  ];
}
