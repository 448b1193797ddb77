import { z } from 'zod';
import { BUSINESS_TYPES, PRODUCT_TYPES } from '#shared/billing/catalogue';

export const ZThirdPartyProducts = z.object({ businessType: z.enum(BUSINESS_TYPES).optional(), productType: z.enum(PRODUCT_TYPES).optional() });

export const ZSubscriptionRequest = z.object({ subscriptionId: z.string().min(1).max(64) });
