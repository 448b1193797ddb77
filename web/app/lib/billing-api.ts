import { callEndpoint, type CallContext } from './endpoint-client';
import type { RequestOf } from './endpoints';

/** The spec's order and product calls, as the payment popup, /pay-fwd and the billing tab make them. */
export const billingApi = {
  products: (ctx: CallContext, body: RequestOf<'thirdPartyProducts'>['body'] = {}) => callEndpoint('thirdPartyProducts', ctx, { body }),
  payTypes: (ctx: CallContext) => callEndpoint('getPayType', ctx),
  /** An order for the product; `returnPath` is where a pending download continues once paid. */
  createOrder: (ctx: CallContext, body: RequestOf<'createOrder'>['body']) => callEndpoint('createOrder', ctx, { body }),
  /** The Stripe Checkout page of the order. */
  createPay: (ctx: CallContext, payId: string) => callEndpoint('createPay', ctx, { body: { payId } }),
  checkPay: (ctx: CallContext, payId: string) => callEndpoint('checkPay', ctx, { params: { id: payId } }),
  /** The buyer came back through Checkout's cancel link. */
  abandon: (ctx: CallContext, payId: string) => callEndpoint('abandonOrder', ctx, { body: { payId } }),
  billing: (ctx: CallContext) => callEndpoint('getUserBilling', ctx),
  cancelSubscription: (ctx: CallContext, subscriptionId: string) => callEndpoint('cancelSubscription', ctx, { body: { subscriptionId } }),
  resumeSubscription: (ctx: CallContext, subscriptionId: string) => callEndpoint('resumeSubscription', ctx, { body: { subscriptionId } }),
  /** Stripe's billing portal, where the card is changed. */
  billingPortal: (ctx: CallContext) => callEndpoint('billingPortal', ctx),
};
