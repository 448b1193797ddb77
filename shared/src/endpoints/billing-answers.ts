import { z } from 'zod';
import type {
  AbandonResult,
  BillingPayment,
  BillingSubscription,
  CheckPayResult,
  CreateOrderResult,
  CreatePayResult,
  PricingProduct,
  UserBilling,
} from '../billing/api';
import { BUSINESS_TYPES, CURRENCIES, PRODUCT_TYPES } from '../billing/catalogue';
import { covering } from './answers';

/** The billing calls' answers (the `data` of `{ code: 0, data }`), checked against shared/src/billing/api.ts. */

const business = { businessType: z.enum(BUSINESS_TYPES), productType: z.enum(PRODUCT_TYPES) };
const currency = z.enum(CURRENCIES);
const ZDate = z.string().meta({ format: 'date-time' });
const ZFrequency = z.object({ interval_unit: z.enum(['DAY', 'MONTH', 'YEAR']), interval_count: z.number().int() });
const ZPayStatus = z.enum(['PAID', 'PENDING', 'FAILED']);

const ZPricingProduct = covering<PricingProduct>()(
  z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    ...business,
    currency,
    billing_cycles: z.array(
      z.object({
        tenure_type: z.enum(['TRIAL', 'REGULAR']),
        sequence: z.number().int(),
        total_cycles: z.number().int().describe('0: repeats until cancelled'),
        frequency: ZFrequency.nullable(),
        pricing_scheme: z.object({ fixed_price: z.object({ value: z.string(), currency_code: currency }) }),
      }),
    ),
    frequency: ZFrequency.nullable().describe('null for Lifetime'),
    regularPrice: z.number().describe('One regular period (or the one payment), in currency units'),
    fixed_price: z.number(),
    listPrice: z.number(),
    discountPercent: z.number().int(),
    trialDay: z.number().int(),
    trialPrice: z.literal(0),
    frequencyFree: z.boolean().describe('The trial costs nothing'),
    active: z.boolean().describe('The productType the request asked for'),
    checked: z.literal(false),
    aiChecked: z.boolean(),
  }),
);
export const ZPricingProducts = z.array(ZPricingProduct);

export const ZSubscription = covering<BillingSubscription>()(
  z.object({
    id: z.string(),
    name: z.string(),
    ...business,
    status: z.enum(['TRIALING', 'ACTIVE', 'PAST_DUE', 'CANCELED', 'EXPIRED']),
    price: z.number(),
    currency,
    currentPeriodStart: ZDate.nullable(),
    currentPeriodEnd: ZDate.nullable().describe('null for Lifetime'),
    trialEnd: ZDate.nullable(),
    cancelAtPeriodEnd: z.boolean(),
  }),
);

const ZPayment = covering<BillingPayment>()(
  z.object({
    id: z.string(),
    date: ZDate,
    productName: z.string(),
    amount: z.number(),
    currency,
    status: z.enum(['PAID', 'REFUNDED', 'PARTIALLY_REFUNDED', 'FAILED']),
    refundedAmount: z.number(),
  }),
);

export const ZUserBilling = covering<UserBilling>()(z.object({ subscriptions: z.array(ZSubscription), payments: z.array(ZPayment) }));
export const ZCreateOrderResult = covering<CreateOrderResult>()(z.object({ payId: z.string() }));
export const ZUrlResult = covering<CreatePayResult>()(z.object({ url: z.string() }));
export const ZCheckPay = covering<CheckPayResult>()(z.object({ status: ZPayStatus, ...business, returnPath: z.string().nullable() }));
export const ZAbandon = covering<AbandonResult>()(z.object({ status: ZPayStatus }));
