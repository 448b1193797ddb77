import { callApi, type CallContext } from './user-api';
import type {
  AbandonResult,
  BillingSubscription,
  CheckPayResult,
  CreateOrderRequest,
  CreateOrderResult,
  CreatePayResult,
  PayType,
  PricingProduct,
  ThirdPartyProductsRequest,
  UserBilling,
} from '#shared/billing/api';

/** The spec's order and product calls, as the payment popup, /pay-fwd and the billing tab make them. */
export const billingApi = {
  products: (ctx: CallContext, body: ThirdPartyProductsRequest = {}) =>
    callApi<PricingProduct[]>('/api/product/thirdPartyProducts', ctx, body),
  payTypes: (ctx: CallContext) => callApi<PayType[]>('/api/uc/order/getPayType', ctx, {}),
  /** An order for the product; `returnPath` is where a pending download continues once paid. */
  createOrder: (ctx: CallContext, body: CreateOrderRequest) => callApi<CreateOrderResult>('/api/uc/order/create', ctx, body),
  /** The Stripe Checkout page of the order. */
  createPay: (ctx: CallContext, payId: string) => callApi<CreatePayResult>('/api/uc/order/createPay', ctx, { payId }),
  checkPay: (ctx: CallContext, payId: string) => callApi<CheckPayResult>(`/api/uc/order/checkPay/${encodeURIComponent(payId)}`, ctx),
  /** The buyer came back through Checkout's cancel link. */
  abandon: (ctx: CallContext, payId: string) => callApi<AbandonResult>('/api/uc/order/abandon', ctx, { payId }),
  billing: (ctx: CallContext) => callApi<UserBilling>('/api/product/getUserBilling', ctx),
  cancelSubscription: (ctx: CallContext, subscriptionId: string) => callApi<BillingSubscription>('/api/product/cancelSubscription', ctx, { subscriptionId }),
  resumeSubscription: (ctx: CallContext, subscriptionId: string) => callApi<BillingSubscription>('/api/product/resumeSubscription', ctx, { subscriptionId }),
  /** Stripe's billing portal, where the card is changed. */
  billingPortal: (ctx: CallContext) => callApi<CreatePayResult>('/api/product/billingPortal', ctx, {}),
};
