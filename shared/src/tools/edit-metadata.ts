import { z } from 'zod';
import { defineTool } from './define';
import { flagField } from './fields';

/** The document properties the tool shows and edits, each kept in the Info dictionary and in XMP. */
export const METADATA_TEXT_FIELDS = ['title', 'author', 'subject', 'keywords', 'creator', 'producer'] as const;
export const METADATA_DATE_FIELDS = ['creationdate', 'moddate'] as const;

/** A property's new value: an empty string removes it; an absent field keeps what the file has. */
const textField = z.string().max(2000).optional();
/** An ISO 8601 date and time ("2024-03-01T09:30:00Z", or a date alone); empty removes the date. */
const dateField = z
  .string()
  .trim()
  .refine((s) => s === '' || (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) && !Number.isNaN(Date.parse(s))), 'must be an ISO 8601 date')
  .optional();

export default defineTool({
  id: 'edit-metadata',
  category: 'editor',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    title: textField,
    author: textField,
    subject: textField,
    /** As the Info dictionary holds them: one string, commas between keywords. */
    keywords: textField,
    /** The program the document was written in. */
    creator: textField,
    /** The program that made the PDF. */
    producer: textField,
    creationdate: dateField,
    moddate: dateField,
    /** Drops the Info dictionary and every XMP packet; the fields above are then ignored. */
    removeall: flagField.default(false),
  }),
  engines: ['qpdf'],
  output: 'file',
  built: true,
  // qpdf rewrites 10,000 pages in a few seconds; the worker counts them before it starts.
  maxPages: 10_000,
  lane: 'quick',
});
