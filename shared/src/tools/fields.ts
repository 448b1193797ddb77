import { z } from 'zod';
import { parsePageRanges } from '../page-ranges';

/** 1-based page ranges such as "1-3,5,8-"; an invalid list is reported as INVALID_PAGES. */
export const pageRangesField = z.string().max(4000).refine((s) => parsePageRanges(s) !== null, 'INVALID_PAGES');

/** An integer sent as a JSON number or a digit string (form posts send strings). */
export const intField = z.union([z.number(), z.string().trim().regex(/^-?\d+$/).transform(Number)]).pipe(z.number().int());

/** The spec's password rule: 2 to 20 characters. */
export const passwordField = z.string().min(2).max(20);

/** A yes/no option sent as a JSON boolean or as "true"/"false" (form posts send strings). */
export const flagField = z.union([z.boolean(), z.enum(['true', 'false']).transform((s) => s === 'true')]);
