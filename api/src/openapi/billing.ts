import { z } from 'zod';
import { ZCreateOrder, ZOrderIdParam, ZPayRequest } from '../routes/order/schema';
import { ZSubscriptionRequest, ZThirdPartyProducts } from '../routes/product/schema';
import { ZAbandon, ZCheckPay, ZCreateOrderResult, ZPricingProducts, ZSubscription, ZUrlResult, ZUserBilling } from './billing-answers';
import { envelope, type Area, type OperationSpec } from './build';

const data = (description: string, schema: z.ZodType) => ({ description: `data: ${description}`, schema: envelope(schema) });

/** The spec's pay methods Sheaf does not offer: each is refused. */
const notOffered: OperationSpec = {
  summary: 'Not offered',
  description: 'Only Stripe is offered.',
  access: 'user',
  // Always refused: the catalogue's 503 is its only answer.
  answer: { status: 503, description: 'PAYMENT_NOT_CONFIGURED' },
  errors: ['PAYMENT_NOT_CONFIGURED'],
};

/** The plans on sale and their checkout (issue 17). */
export function plansArea(): Area {
  return {
    tag: 'Plans and orders',
    description: 'The plans on sale, an order, its Stripe Checkout, and its result.',
    paths: {
      '/api/product/thirdPartyProducts': {
        post: {
          summary: 'The plans on sale',
          description: 'PricingProduct[], sorted MONTH, QUARTERLY, YEAR, FOREVER; USD, or EUR for lang fr.',
          access: 'visitor',
          body: ZThirdPartyProducts,
          requestExample: {},
          answer: data('PricingProduct[]', ZPricingProducts),
        },
      },
      '/api/uc/order/getPayType': {
        post: {
          summary: 'The payment methods',
          access: 'visitor',
          answer: { description: "data: ['stripe'] when billing is configured, else []", schema: envelope(z.array(z.string())) },
        },
      },
      '/api/uc/order/create': {
        post: {
          summary: 'Create an order',
          access: 'user',
          body: ZCreateOrder,
          requestExample: { productId: 'pro-month' },
          answer: data('{ payId }', ZCreateOrderResult),
          errors: ['PLAN_ALREADY_ACTIVE', 'PAYMENT_NOT_CONFIGURED', 'NOT_FOUND'],
        },
      },
      '/api/uc/order/createPay': {
        post: {
          summary: "An order's Stripe Checkout",
          access: 'user',
          body: ZPayRequest,
          answer: data('{ url } of a Stripe Checkout Session', ZUrlResult),
          errors: ['NOT_FOUND', 'PAYMENT_UNREACHABLE', 'PAYMENT_NOT_CONFIGURED'],
        },
      },
      '/api/uc/order/createPaypal': { post: notOffered },
      '/api/uc/order/createUnionPay': { post: notOffered },
      '/api/uc/order/createCommonWayPay': { post: notOffered },
      '/api/uc/order/checkPay/{id}': {
        get: {
          summary: "An order's payment",
          description: 'CheckPayResult (PAID also when trialing); asks Stripe while pending.',
          access: 'user',
          path: { id: { schema: ZOrderIdParam, description: 'The payId' } },
          answer: data('CheckPayResult', ZCheckPay),
          errors: ['NOT_FOUND', 'PAYMENT_UNREACHABLE'],
        },
      },
      '/api/uc/order/abandon': {
        post: {
          summary: 'Abandon a checkout',
          description: 'Back through cancel_url: the session is expired, the order FAILED.',
          access: 'user',
          body: ZPayRequest,
          answer: data('{ status } of the order', ZAbandon),
          errors: ['NOT_FOUND'],
        },
      },
    },
  };
}

/** The account's billing tab and Stripe's webhook. */
export function billingArea(): Area {
  const subscription = (summary: string, description: string): OperationSpec => ({
    summary,
    description,
    access: 'user',
    body: ZSubscriptionRequest,
    answer: data('the updated BillingSubscription', ZSubscription),
    errors: ['NOT_FOUND', 'PAYMENT_UNREACHABLE'],
  });
  return {
    tag: 'Billing',
    description: "A signed-in user's plans and payments; Stripe's events.",
    paths: {
      '/api/product/getUserBilling': {
        get: { summary: 'Your plans and payments', access: 'user', answer: data('UserBilling { subscriptions, payments }', ZUserBilling) },
      },
      '/api/product/cancelSubscription': { post: subscription('Cancel a subscription', 'At the end of the period.') },
      '/api/product/resumeSubscription': { post: subscription('Resume a subscription', 'Undoes a cancel at period end.') },
      '/api/product/billingPortal': {
        post: {
          summary: "Stripe's billing portal",
          access: 'user',
          answer: data("{ url } of Stripe's billing portal", ZUrlResult),
          errors: ['PAYMENT_NOT_CONFIGURED', 'PAYMENT_UNREACHABLE'],
        },
      },
      '/api/billing/stripe/webhook': {
        post: {
          summary: "Stripe's events",
          description: 'Called by Stripe: the raw body, signed in Stripe-Signature. A bad signature changes nothing.',
          access: 'anyone',
          answer: { description: 'data: { received: true }', schema: envelope(z.object({ received: z.literal(true) })) },
          errors: ['ILLEGAL_INPUT', 'PAYMENT_NOT_CONFIGURED'],
        },
      },
    },
  };
}
