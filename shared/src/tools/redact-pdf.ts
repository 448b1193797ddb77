import { z } from 'zod';
import { defineTool } from './define';
import { flagField } from './fields';
import { REDACT_PATTERNS } from './redact-kinds';

export { REDACT_LEFT_REASONS, REDACT_PATTERNS, type RedactLeftReason, type RedactPattern } from './redact-kinds';

/** A box drawn on a page: its 1-based page and its place as fractions of the page as shown (origin top left). */
const fraction = z.coerce.number().min(0).max(1);
export const ZRedactBox = z
  .object({ page: z.coerce.number().int().min(1), x: fraction, y: fraction, width: fraction, height: fraction })
  .refine((b) => b.width > 0 && b.height > 0 && b.x + b.width <= 1.0001 && b.y + b.height <= 1.0001, 'must lie within the page');
export type TRedactBox = z.output<typeof ZRedactBox>;

/** Boxes sent as a JSON array, or as its text (form posts send strings). */
const boxesField = z
  .union([z.array(z.unknown()), z.string().max(100_000).transform((s, ctx) => {
    try {
      return s.trim() === '' ? [] : (JSON.parse(s) as unknown);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of boxes' });
      return z.NEVER;
    }
  })])
  .pipe(z.array(ZRedactBox).max(1_000));

/**
 * True redaction: what lies under each box leaves the file (the glyphs out of the content streams,
 * the image pixels rewritten, the vector paths dropped), and a black box is painted in its place;
 * annotations, fields, bookmarks and metadata that carry a redacted phrase are removed or cleaned.
 * The boxes come from search terms (one a line: words or exact phrases, or regular expressions),
 * ready patterns, and boxes drawn on the pages.
 */
export default defineTool({
  id: 'redact-pdf',
  category: 'security',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z
    .object({
      /** What to find, one a line; matched without regard to case. */
      terms: z.string().max(10_000).default(''),
      /** Each line of `terms` is a regular expression (JavaScript syntax) rather than plain text. */
      regex: flagField.default(false),
      ...(Object.fromEntries(REDACT_PATTERNS.map((p) => [p, flagField.default(false)])) as Record<(typeof REDACT_PATTERNS)[number], z.ZodDefault<typeof flagField>>),
      boxes: boxesField.default([]),
    })
    .refine((o) => !o.regex || o.terms.split('\n').every((line) => validRegex(line.trim())), { message: 'not a valid regular expression', path: ['terms'] })
    .refine((o) => o.terms.trim() !== '' || o.boxes.length > 0 || REDACT_PATTERNS.some((p) => o[p]), {
      message: 'Give a term, a pattern or a box to redact',
      path: ['terms'],
    }),
  engines: ['qpdf'],
  output: 'file',
  built: true,
  // PDFium reads every page's text and redacts under each match: 300 pages of real documents with every
  // pattern (1,602 areas on 92 pages) took 56 s on the bench's busy 2-core machine (bench/redact.ts), so
  // 1,000 pages stay within the 300 s task limit.
  maxPages: 1_000,
});

function validRegex(source: string): boolean {
  if (source === '') return true;
  try {
    new RegExp(source, 'giu');
    return true;
  } catch {
    return false;
  }
}
