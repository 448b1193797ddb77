import { z } from 'zod';

/** A path on this site (never another origin: `//host` and `/\host` are refused), where the pending download continues. */
const ZReturnPath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s]*$/);

export const ZCreateOrder = z.object({ productId: z.string().min(1).max(64), channel: z.string().max(64).optional(), returnPath: ZReturnPath.optional() });

export const ZPayRequest = z.object({ payId: z.string().min(1).max(64) });

export const ZOrderIdParam = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);
