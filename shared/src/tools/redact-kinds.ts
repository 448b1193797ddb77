/**
 * The ready patterns Redact PDF can look for, in the order the panel lists them. Apart from the
 * declaration so that the page and the worker read the list without zod.
 */
export const REDACT_PATTERNS = ['email', 'phone', 'iban', 'card', 'date'] as const;
export type RedactPattern = (typeof REDACT_PATTERNS)[number];

/** Why a page could not be redacted in place: the only way left would be to turn it into a picture. */
export const REDACT_LEFT_REASONS = ['image'] as const;
export type RedactLeftReason = (typeof REDACT_LEFT_REASONS)[number];
