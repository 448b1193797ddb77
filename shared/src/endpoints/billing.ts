import { z } from 'zod';
import { BUSINESS_TYPES, PRODUCT_TYPES } from '../billing/catalogue';
import { ZAbandon, ZCheckPay, ZCreateOrderResult, ZPricingProducts, ZSubscription, ZUrlResult, ZUserBilling } from './billing-answers';
import { area, envelope, type EndpointSpec } from './endpoint';

export const ZThirdPartyProducts = z.object({ businessType: z.enum(BUSINESS_TYPES).optional(), productType: z.enum(PRODUCT_TYPES).optional() });

export const ZSubscriptionRequest = z.object({ subscriptionId: z.string().min(1).max(64) });

/** A path on this site (never another origin: `//host` and `/\host` are refused), where the pending download continues. */
const ZReturnPath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s]*$/);

export const ZCreateOrder = z.object({ productId: z.string().min(1).max(64), channel: z.string().max(64).optional(), returnPath: ZReturnPath.optional() });

export const ZPayRequest = z.object({ payId: z.string().min(1).max(64) });

export const ZOrderIdParam = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);

const data = <T extends z.ZodType>(description: string, schema: T) => ({ description: `data: ${description}`, schema: envelope(schema) });

/** The spec's pay methods Sheaf does not offer: each is refused. */
const notOffered = (path: string) =>
  ({
    method: 'post',
    path,
    summary: 'Not offered',
    description: 'Only Stripe is offered.',
    access: 'user',
    // Always refused: no 2xx, so the refusal is the operation's `default` answer as well as its 503.
    answer: { status: 503, description: 'Never a success: the catalogue’s 503 PAYMENT_NOT_CONFIGURED' },
    errors: ['PAYMENT_NOT_CONFIGURED'],
  }) as const satisfies EndpointSpec;

/** The plans on sale and their checkout (issue 17). */
export const PLANS = area('Plans and orders', 'The plans on sale, an order, its Stripe Checkout, and its result.', {
  thirdPartyProducts: {
    method: 'post',
    path: '/api/product/thirdPartyProducts',
    summary: 'The plans on sale',
    description: 'PricingProduct[], sorted MONTH, QUARTERLY, YEAR, FOREVER; USD, or EUR for lang fr.',
    access: 'visitor',
    body: ZThirdPartyProducts,
    requestExample: {},
    answer: data('PricingProduct[]', ZPricingProducts),
  },
  getPayType: {
    method: 'post',
    path: '/api/uc/order/getPayType',
    summary: 'The payment methods',
    access: 'visitor',
    answer: { description: "data: ['stripe'] when billing is configured, else []", schema: envelope(z.array(z.string())) },
  },
  createOrder: {
    method: 'post',
    path: '/api/uc/order/create',
    summary: 'Create an order',
    access: 'user',
    body: ZCreateOrder,
    requestExample: { productId: 'pro-month' },
    answer: data('{ payId }', ZCreateOrderResult),
    errors: ['PLAN_ALREADY_ACTIVE', 'PAYMENT_NOT_CONFIGURED', 'NOT_FOUND'],
  },
  createPay: {
    method: 'post',
    path: '/api/uc/order/createPay',
    summary: "An order's Stripe Checkout",
    access: 'user',
    body: ZPayRequest,
    answer: data('{ url } of a Stripe Checkout Session', ZUrlResult),
    errors: ['NOT_FOUND', 'PAYMENT_UNREACHABLE', 'PAYMENT_NOT_CONFIGURED'],
  },
  createPaypal: notOffered('/api/uc/order/createPaypal'),
  createUnionPay: notOffered('/api/uc/order/createUnionPay'),
  createCommonWayPay: notOffered('/api/uc/order/createCommonWayPay'),
  checkPay: {
    method: 'get',
    path: '/api/uc/order/checkPay/{id}',
    summary: "An order's payment",
    description: 'CheckPayResult (PAID also when trialing); asks Stripe while pending.',
    access: 'user',
    params: { id: { schema: ZOrderIdParam, description: 'The payId', refused: 'NOT_FOUND' } },
    answer: data('CheckPayResult', ZCheckPay),
    errors: ['NOT_FOUND', 'PAYMENT_UNREACHABLE'],
  },
  abandonOrder: {
    method: 'post',
    path: '/api/uc/order/abandon',
    summary: 'Abandon a checkout',
    description: 'Back through cancel_url: the session is expired, the order FAILED.',
    access: 'user',
    body: ZPayRequest,
    answer: data('{ status } of the order', ZAbandon),
    errors: ['NOT_FOUND'],
  },
});

const subscription = (path: string, summary: string, description: string) =>
  ({
    method: 'post',
    path,
    summary,
    description,
    access: 'user',
    body: ZSubscriptionRequest,
    answer: data('the updated BillingSubscription', ZSubscription),
    errors: ['NOT_FOUND', 'PAYMENT_UNREACHABLE'],
  }) as const satisfies EndpointSpec;

/** The account's billing tab and Stripe's webhook. */
export const BILLING = area('Billing', "A signed-in user's plans and payments; Stripe's events.", {
  getUserBilling: {
    method: 'get',
    path: '/api/product/getUserBilling',
    summary: 'Your plans and payments',
    access: 'user',
    answer: data('UserBilling { subscriptions, payments }', ZUserBilling),
  },
  cancelSubscription: subscription('/api/product/cancelSubscription', 'Cancel a subscription', 'At the end of the period.'),
  resumeSubscription: subscription('/api/product/resumeSubscription', 'Resume a subscription', 'Undoes a cancel at period end.'),
  billingPortal: {
    method: 'post',
    path: '/api/product/billingPortal',
    summary: "Stripe's billing portal",
    access: 'user',
    answer: data("{ url } of Stripe's billing portal", ZUrlResult),
    errors: ['PAYMENT_NOT_CONFIGURED', 'PAYMENT_UNREACHABLE'],
  },
  stripeWebhook: {
    method: 'post',
    path: '/api/billing/stripe/webhook',
    summary: "Stripe's events",
    description: 'Called by Stripe: the raw body, signed in Stripe-Signature. A bad signature changes nothing.',
    access: 'anyone',
    ownBody: { schema: { type: 'object', description: "A Stripe event, as Stripe's API version sends it" }, read: 'raw' },
    answer: { description: 'data: { received: true }', schema: envelope(z.object({ received: z.literal(true) })) },
    errors: ['ILLEGAL_INPUT', 'PAYMENT_NOT_CONFIGURED'],
  },
});
