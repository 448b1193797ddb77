import type { BusinessType, Currency, ProductType } from './catalogue';

/** Payloads of the billing calls (the `data` of `{ code: 0, data }`), shared by the api and the pages. */

export type IntervalUnit = 'DAY' | 'MONTH' | 'YEAR';

export interface Frequency {
  interval_unit: IntervalUnit;
  interval_count: number;
}

export interface BillingCycle {
  tenure_type: 'TRIAL' | 'REGULAR';
  sequence: number;
  /** 0: repeats until cancelled. */
  total_cycles: number;
  /** null for Lifetime's one payment. */
  frequency: Frequency | null;
  pricing_scheme: { fixed_price: { value: string; currency_code: Currency } };
}

/** One plan of `POST /api/product/thirdPartyProducts`, in the spec's shape plus the derived fields. */
export interface PricingProduct {
  id: string;
  code: string;
  name: string;
  businessType: BusinessType;
  productType: ProductType;
  currency: Currency;
  billing_cycles: BillingCycle[];
  /** The regular cycle's frequency; null for Lifetime. */
  frequency: Frequency | null;
  /** Price of one regular period (or of the one payment), in currency units (9.99). */
  regularPrice: number;
  fixed_price: number;
  listPrice: number;
  /** Saving against the list price, whole percent. */
  discountPercent: number;
  trialDay: number;
  trialPrice: 0;
  /** True when the trial costs nothing. */
  frequencyFree: boolean;
  /** True for the productType the request asked for. */
  active: boolean;
  checked: false;
  aiChecked: boolean;
}

export interface ThirdPartyProductsRequest {
  businessType?: BusinessType;
  productType?: ProductType;
}

export type PayType = 'stripe';

export interface CreateOrderRequest {
  productId: string;
  channel?: string;
  /** Site-relative path the pending download continues on after paying. */
  returnPath?: string;
}
export interface CreateOrderResult {
  payId: string;
}
export interface CreatePayResult {
  url: string;
}

export type CheckPayStatus = 'PAID' | 'PENDING' | 'FAILED';
export interface CheckPayResult {
  status: CheckPayStatus;
  businessType: BusinessType;
  productType: ProductType;
  returnPath: string | null;
}
export interface AbandonResult {
  status: CheckPayStatus;
}

export type SubscriptionStatus = 'TRIALING' | 'ACTIVE' | 'PAST_DUE' | 'CANCELED' | 'EXPIRED';
export interface BillingSubscription {
  id: string;
  name: string;
  businessType: BusinessType;
  productType: ProductType;
  status: SubscriptionStatus;
  /** Price of one period, in currency units. */
  price: number;
  currency: Currency;
  currentPeriodStart: string | null;
  /** null for Lifetime. */
  currentPeriodEnd: string | null;
  trialEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

export type PaymentStatus = 'PAID' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'FAILED';
export interface BillingPayment {
  id: string;
  date: string;
  productName: string;
  /** In currency units. */
  amount: number;
  currency: Currency;
  status: PaymentStatus;
  refundedAmount: number;
}

export interface UserBilling {
  subscriptions: BillingSubscription[];
  payments: BillingPayment[];
}

export interface DeductTimesResult {
  used: number;
  limit: number;
}

export interface VipInfo {
  isVip: boolean;
  isTimeVip: boolean;
  isAiTimeVip: boolean;
  vipName: string;
  aiVipName: string;
  isSubscript: boolean;
}
