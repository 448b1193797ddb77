import type Stripe from 'stripe';
import type { ApiRoute, StandIn } from './context';
import { invalidRequest, noSuch } from './errors';
import { bool, int, mergeMetadata, obj, requiredStr, str, strings, type Params } from './form-body';
import { expanded, getOr404, listOf, newId, stripeObject } from './store';

/** Products and prices: create, retrieve, update, list; lookup keys unique, moved with `transfer_lookup_key`. */
export function catalogRoutes({ store, clock }: StandIn): ApiRoute[] {
  const product = (id: string) => getOr404(store.products, id, () => noSuch('product', id));
  const price = (id: string) => getOr404(store.prices, id, () => noSuch('price', id));

  function createProduct(params: Params): Stripe.Product {
    const id = str(params, 'id') ?? newId('prod', 14);
    if (store.products.has(id)) throw invalidRequest(`Product already exists.`, 'id', 'resource_already_exists');
    const created = clock.now();
    const made = stripeObject<Stripe.Product>({
      id,
      object: 'product',
      active: bool(params, 'active') ?? true,
      name: requiredStr(params, 'name'),
      description: str(params, 'description') ?? null,
      metadata: mergeMetadata({}, params),
      images: [],
      marketing_features: [],
      default_price: null,
      type: 'service',
      url: null,
      livemode: false,
      created,
      updated: created,
    });
    store.products.set(id, made);
    return made;
  }

  /** Takes a lookup key for `priceId`, from another price only when the caller asked to transfer it. */
  function claimLookupKey(priceId: string, params: Params) {
    const key = str(params, 'lookup_key');
    if (key === undefined || key === '') return key === '' ? null : undefined;
    const holder = [...store.prices.values()].find((p) => p.lookup_key === key && p.id !== priceId);
    if (holder) {
      if (!bool(params, 'transfer_lookup_key')) throw invalidRequest(`A price (\`${holder.id}\`) already uses the lookup key \`${key}\`.`, 'lookup_key');
      holder.lookup_key = null;
    }
    return key;
  }

  function createPrice(params: Params): Stripe.Price {
    const productData = obj(params, 'product_data');
    const productId = productData ? createProduct(productData).id : product(requiredStr(params, 'product')).id;
    const recurringParams = obj(params, 'recurring');
    const interval = recurringParams && requiredStr(recurringParams, 'interval');
    if (interval && !['day', 'week', 'month', 'year'].includes(interval)) throw invalidRequest(`Invalid recurring[interval]: ${interval}`, 'recurring[interval]');
    const unitAmount = int(params, 'unit_amount');
    if (unitAmount === undefined || unitAmount < 0) throw invalidRequest('Missing required param: unit_amount.', 'unit_amount');
    const id = newId('price');
    const made = stripeObject<Stripe.Price>({
      id,
      object: 'price',
      active: bool(params, 'active') ?? true,
      billing_scheme: 'per_unit',
      currency: requiredStr(params, 'currency').toLowerCase(),
      unit_amount: unitAmount,
      product: productId,
      recurring: recurringParams
        ? {
            interval: interval as Stripe.Price.Recurring.Interval,
            interval_count: int(recurringParams, 'interval_count') ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      type: recurringParams ? 'recurring' : 'one_time',
      lookup_key: claimLookupKey(id, params) ?? null,
      nickname: str(params, 'nickname') ?? null,
      metadata: mergeMetadata({}, params),
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      custom_unit_amount: null,
      livemode: false,
      created: clock.now(),
    });
    store.prices.set(id, made);
    return made;
  }

  return [
    { method: 'POST', path: '/v1/products', handle: ({ params }) => createProduct(params) },
    { method: 'GET', path: '/v1/products/:id', handle: ({ path, params }) => expanded(store, product(path.id), params) },
    {
      method: 'POST',
      path: '/v1/products/:id',
      handle: ({ path, params }) => {
        const p = product(path.id);
        Object.assign(p, {
          name: str(params, 'name') ?? p.name,
          active: bool(params, 'active') ?? p.active,
          description: str(params, 'description') ?? p.description,
          metadata: mergeMetadata(p.metadata, params),
          updated: clock.now(),
        });
        return p;
      },
    },
    {
      method: 'GET',
      path: '/v1/products',
      handle: ({ params, url }) => {
        const active = bool(params, 'active');
        const ids = strings(params, 'ids');
        const found = [...store.products.values()].filter((p) => (active === undefined || p.active === active) && (ids.length === 0 || ids.includes(p.id)));
        return expanded(store, listOf(found, params, url), params);
      },
    },
    { method: 'POST', path: '/v1/prices', handle: ({ params }) => createPrice(params) },
    { method: 'GET', path: '/v1/prices/:id', handle: ({ path, params }) => expanded(store, price(path.id), params) },
    {
      method: 'POST',
      path: '/v1/prices/:id',
      handle: ({ path, params }) => {
        const p = price(path.id);
        const key = claimLookupKey(p.id, params);
        Object.assign(p, {
          active: bool(params, 'active') ?? p.active,
          nickname: str(params, 'nickname') ?? p.nickname,
          metadata: mergeMetadata(p.metadata, params),
          ...(key !== undefined && { lookup_key: key }),
        });
        return p;
      },
    },
    {
      method: 'GET',
      path: '/v1/prices',
      handle: ({ params, url }) => {
        const keys = strings(params, 'lookup_keys');
        const active = bool(params, 'active');
        const productId = str(params, 'product');
        const type = str(params, 'type');
        const currency = str(params, 'currency')?.toLowerCase();
        const found = [...store.prices.values()].filter(
          (p) =>
            (keys.length === 0 || (p.lookup_key !== null && keys.includes(p.lookup_key))) &&
            (active === undefined || p.active === active) &&
            (!productId || p.product === productId) &&
            (!type || p.type === type) &&
            (!currency || p.currency === currency),
        );
        return expanded(store, listOf(found, params, url), params);
      },
    },
  ];
}
