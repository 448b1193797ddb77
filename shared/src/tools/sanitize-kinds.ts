/**
 * What Sanitize PDF can remove, each an option of its own (all on by default), in the order the
 * panel and the report list them. Apart from the declaration so that the result page, which every
 * tool page loads, reads the order without zod (a report's counts come back from the database as
 * JSONB, whose keys are not kept in order).
 */
export const SANITIZE_KINDS = ['javascript', 'attachments', 'links', 'layers', 'metadata', 'comments', 'formdata'] as const;
export type SanitizeKind = (typeof SANITIZE_KINDS)[number];
