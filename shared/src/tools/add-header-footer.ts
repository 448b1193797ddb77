import { z } from 'zod';
import { defineTool } from './define';
import { flagField } from './fields';
import { STAMP_FONTS, boundedInt, colorField, marginField, stampTextField } from './stamp-fields';

/** The six places a header or footer text goes. */
export const HEADER_FOOTER_SLOTS = ['headerLeft', 'headerCenter', 'headerRight', 'footerLeft', 'footerCenter', 'footerRight'] as const;

/**
 * Texts at the top and foot of every page, with {n}, {total}, {date} and {filename} filled in per
 * page, and Bates numbers ({bates}) that run on across the files of the task in upload order.
 */
export default defineTool({
  id: 'add-header-footer',
  category: 'editor',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 30,
  options: z
    .object({
      ...Object.fromEntries(HEADER_FOOTER_SLOTS.map((slot) => [slot, stampTextField.optional()])) as Record<(typeof HEADER_FOOTER_SLOTS)[number], z.ZodOptional<typeof stampTextField>>,
      /** Bates numbering: {bates} in a text, or at the foot's right when no text holds it. */
      bates: flagField.default(false),
      batesPrefix: z.string().max(30).regex(/^[^\r\n{}]*$/).default(''),
      batesDigits: boundedInt(1, 12).default(6),
      batesStart: boundedInt(0, 999_999_999).default(1),
      margin: marginField.default(24),
      font: z.enum(STAMP_FONTS).default('sans'),
      size: boundedInt(6, 36).default(9),
      color: colorField.default('#000000'),
      /** The language {date} is written in: 29/11/2026 in French, 11/29/2026 in English. */
      lang: z.enum(['en', 'fr']).default('en'),
    })
    .refine((o) => o.bates || HEADER_FOOTER_SLOTS.some((slot) => o[slot]?.trim()), { message: 'Give at least one text, or turn on Bates numbers', path: ['footerCenter'] }),
  engines: ['qpdf', 'pdftoppm'],
  output: 'pdfs',
  built: true,
  // A line per page written into the page's own content: about the time qpdf takes to copy the file.
  maxPages: 5_000,
});
