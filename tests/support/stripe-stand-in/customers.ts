import type Stripe from 'stripe';
import type { ApiRoute, StandIn } from './context';
import { noSuch } from './errors';
import { mergeMetadata, obj, str, type Params } from './form-body';
import { expanded, getOr404, listOf, newId, stripeObject } from './store';

export function createCustomer({ store, clock }: StandIn, params: Params): Stripe.Customer {
  const customer = stripeObject<Stripe.Customer>({
    id: newId('cus', 14),
    object: 'customer',
    email: str(params, 'email') ?? null,
    name: str(params, 'name') ?? null,
    description: str(params, 'description') ?? null,
    metadata: mergeMetadata({}, params),
    preferred_locales: [],
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    balance: 0,
    default_source: null,
    delinquent: false,
    shipping: null,
    livemode: false,
    created: clock.now(),
  });
  store.customers.set(customer.id, customer);
  return customer;
}

export function customerRoutes(standIn: StandIn): ApiRoute[] {
  const { store } = standIn;
  const customer = (id: string) => getOr404(store.customers, id, () => noSuch('customer', id));
  return [
    { method: 'POST', path: '/v1/customers', handle: ({ params }) => createCustomer(standIn, params) },
    { method: 'GET', path: '/v1/customers/:id', handle: ({ path, params }) => expanded(store, customer(path.id), params) },
    {
      method: 'POST',
      path: '/v1/customers/:id',
      handle: ({ path, params }) => {
        const c = customer(path.id);
        const defaultPm = str(obj(params, 'invoice_settings') ?? {}, 'default_payment_method');
        if (defaultPm && !store.paymentMethods.has(defaultPm)) throw noSuch('PaymentMethod', defaultPm, 'invoice_settings[default_payment_method]');
        Object.assign(c, {
          email: str(params, 'email') ?? c.email,
          name: str(params, 'name') ?? c.name,
          description: str(params, 'description') ?? c.description,
          metadata: mergeMetadata(c.metadata, params),
          invoice_settings: { ...c.invoice_settings, ...(defaultPm && { default_payment_method: defaultPm }) },
        });
        return c;
      },
    },
    {
      method: 'GET',
      path: '/v1/customers',
      handle: ({ params, url }) => {
        const email = str(params, 'email');
        return expanded(store, listOf([...store.customers.values()].filter((c) => !email || c.email === email), params, url), params);
      },
    },
  ];
}
