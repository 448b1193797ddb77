import type { BillingPayment, BillingSubscription } from '#shared/billing/api';
import type { BusinessType, Currency, ProductType } from '#shared/billing/catalogue';
import { units } from './pricing-presenter';

interface SubscriptionRow {
  id: string;
  status: BillingSubscription['status'];
  amountCents: number;
  currency: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  product: { name: string; businessType: string; productType: ProductType };
}

interface PaymentRow {
  id: string;
  paidAt: Date;
  amountCents: number;
  currency: string;
  status: BillingPayment['status'];
  refundedCents: number;
  product: { name: string };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A plan of the account's billing tab. */
export function presentSubscription(s: SubscriptionRow): BillingSubscription {
  return {
    id: s.id,
    name: s.product.name,
    businessType: s.product.businessType as BusinessType,
    productType: s.product.productType,
    status: s.status,
    price: units(s.amountCents),
    currency: s.currency as Currency,
    currentPeriodStart: iso(s.currentPeriodStart),
    currentPeriodEnd: iso(s.currentPeriodEnd),
    trialEnd: iso(s.trialEnd),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  };
}

/** A past payment of the account's billing tab. */
export function presentPayment(p: PaymentRow): BillingPayment {
  return {
    id: p.id,
    date: p.paidAt.toISOString(),
    productName: p.product.name,
    amount: units(p.amountCents),
    currency: p.currency as Currency,
    status: p.status,
    refundedAmount: units(p.refundedCents),
  };
}
