import { Router } from 'express';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { getRequester, langOf, requireUser } from '../../middleware/requester';
import { validateBody } from '../../middleware/validate';
import { abandonOrder, checkPay, createOrder, createPay } from '../../services/billing/order-service';
import { ZCreateOrder, ZOrderIdParam, ZPayRequest } from './schema';

/** The spec's pay methods Sheaf does not offer: each answers 'Payment method not configured'. */
const OTHER_METHODS = ['/createPaypal', '/createUnionPay', '/createCommonWayPay'];

/** The spec's checkout calls (`/api/uc/order/...`): payment methods, order, Stripe Checkout, result. */
export function orderRouter(deps: Deps): Router {
  const r = Router();

  r.post('/getPayType', (_req, res) => {
    res.json({ code: 0, data: deps.env.billingConfigured ? ['stripe'] : [] });
  });

  r.post('/create', requireUser, validateBody(ZCreateOrder), async (req, res) => {
    res.json({ code: 0, data: await createOrder(deps, getRequester(res).userId!, { ...res.locals.body, lang: langOf(req) }) });
  });

  r.post('/createPay', requireUser, validateBody(ZPayRequest), async (_req, res) => {
    res.json({ code: 0, data: await createPay(deps, getRequester(res).userId!, res.locals.body.payId) });
  });

  r.post(OTHER_METHODS, requireUser, () => {
    throw new AppError('PAYMENT_NOT_CONFIGURED', 'only Stripe is offered');
  });

  r.get('/checkPay/:id', requireUser, async (req, res) => {
    const id = ZOrderIdParam.safeParse(req.params.id);
    if (!id.success) throw new AppError('NOT_FOUND', 'bad order id');
    res.json({ code: 0, data: await checkPay(deps, getRequester(res).userId!, id.data) });
  });

  r.post('/abandon', requireUser, validateBody(ZPayRequest), async (_req, res) => {
    res.json({ code: 0, data: await abandonOrder(deps, getRequester(res).userId!, res.locals.body.payId) });
  });

  return r;
}
