import type { Deps } from '#shared/server/deps';
import { langOf } from '../../middleware/requester';
import { billingPortal, setCancelAtPeriodEnd, userBilling } from '../../services/billing/account-billing-service';
import { pricingProducts } from '../../services/billing/product-service';
import type { Handlers } from '../endpoint-router';

type ProductIds = 'thirdPartyProducts' | 'getUserBilling' | 'cancelSubscription' | 'resumeSubscription' | 'billingPortal';

/** The plans on sale, and the account's billing tab: its plans, payments, cancel / resume, the billing portal. */
export function productHandlers(deps: Deps): Handlers<ProductIds> {
  return {
    thirdPartyProducts: async ({ req, body }) => ({ code: 0, data: await pricingProducts(deps, langOf(req), body) }),
    getUserBilling: async ({ who }) => ({ code: 0, data: await userBilling(deps, who.userId!) }),
    cancelSubscription: async ({ who, body }) => ({ code: 0, data: await setCancelAtPeriodEnd(deps, who.userId!, body.subscriptionId, true) }),
    resumeSubscription: async ({ who, body }) => ({ code: 0, data: await setCancelAtPeriodEnd(deps, who.userId!, body.subscriptionId, false) }),
    billingPortal: async ({ req, who }) => ({ code: 0, data: await billingPortal(deps, who.userId!, langOf(req)) }),
  };
}
