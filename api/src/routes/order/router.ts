import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { langOf } from '../../middleware/requester';
import { abandonOrder, checkPay, createOrder, createPay } from '../../services/billing/order-service';
import type { Handler, Handlers } from '../endpoint-router';
import type { Endpoints } from '#shared/endpoints';

type OrderIds = 'getPayType' | 'createOrder' | 'createPay' | 'createPaypal' | 'createUnionPay' | 'createCommonWayPay' | 'checkPay' | 'abandonOrder';

/** The spec's pay methods Sheaf does not offer: each answers 'Payment method not configured'. */
const notOffered: Handler<Endpoints['createPaypal']> = () => {
  throw new AppError('PAYMENT_NOT_CONFIGURED', 'only Stripe is offered');
};

/** The spec's checkout calls (`/api/uc/order/...`): payment methods, order, Stripe Checkout, result. */
export function orderHandlers(deps: Deps): Handlers<OrderIds> {
  return {
    getPayType: () => ({ code: 0, data: deps.env.billingConfigured ? ['stripe'] : [] }),
    createOrder: async ({ req, who, body }) => ({ code: 0, data: await createOrder(deps, who.userId!, { ...body, lang: langOf(req) }) }),
    createPay: async ({ who, body }) => ({ code: 0, data: await createPay(deps, who.userId!, body.payId) }),
    createPaypal: notOffered,
    createUnionPay: notOffered,
    createCommonWayPay: notOffered,
    checkPay: async ({ who, params }) => ({ code: 0, data: await checkPay(deps, who.userId!, params.id) }),
    abandonOrder: async ({ who, body }) => ({ code: 0, data: await abandonOrder(deps, who.userId!, body.payId) }),
  };
}
