import { Router } from 'express';
import type { Deps } from '#shared/server/deps';
import { getRequester, langOf, requireUser } from '../../middleware/requester';
import { validateBody } from '../../middleware/validate';
import { billingPortal, setCancelAtPeriodEnd, userBilling } from '../../services/billing/account-billing-service';
import { pricingProducts } from '../../services/billing/product-service';
import { ZSubscriptionRequest, ZThirdPartyProducts } from './schema';

/** The plans on sale, and the account's billing tab: its plans, payments, cancel / resume, the billing portal. */
export function productRouter(deps: Deps): Router {
  const r = Router();

  r.post('/thirdPartyProducts', validateBody(ZThirdPartyProducts), async (req, res) => {
    res.json({ code: 0, data: await pricingProducts(deps, langOf(req), res.locals.body) });
  });

  r.get('/getUserBilling', requireUser, async (_req, res) => {
    res.json({ code: 0, data: await userBilling(deps, getRequester(res).userId!) });
  });

  r.post('/cancelSubscription', requireUser, validateBody(ZSubscriptionRequest), async (_req, res) => {
    res.json({ code: 0, data: await setCancelAtPeriodEnd(deps, getRequester(res).userId!, res.locals.body.subscriptionId, true) });
  });

  r.post('/resumeSubscription', requireUser, validateBody(ZSubscriptionRequest), async (_req, res) => {
    res.json({ code: 0, data: await setCancelAtPeriodEnd(deps, getRequester(res).userId!, res.locals.body.subscriptionId, false) });
  });

  r.post('/billingPortal', requireUser, async (req, res) => {
    res.json({ code: 0, data: await billingPortal(deps, getRequester(res).userId!, langOf(req)) });
  });

  return r;
}
