import { z } from 'zod';
import { pageRangesField } from './fields';
import { defineTool } from './define';

/** Bookmarks nest deeper than this only in generated files; nobody splits there. */
export const MAX_BOOKMARK_LEVEL = 9;
/** The smallest part size offered: below it, a part cannot even hold an ordinary page. */
export const MIN_PART_MB = 0.1;

const positiveNumber = z.union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)]);
const positiveInt = z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().min(1));

export default defineTool({
  id: 'split-pdf',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    /** Pages per part. */
    splitcount: positiveInt.optional(),
    /** 1-based ranges, each range one part: "1-3,5,8-". Takes precedence over every other way. */
    pages: pageRangesField.optional(),
    /** One part per bookmark of this outline level (1 = top level), named from its title. Before maxsize and splitcount. */
    bookmarklevel: positiveInt.pipe(z.number().max(MAX_BOOKMARK_LEVEL)).optional(),
    /** Parts of at most this many megabytes (a page larger on its own makes a part of its own). Before splitcount. */
    maxsize: positiveNumber.pipe(z.number().min(MIN_PART_MB).max(1000)).optional(),
  }),
  engines: ['qpdf'],
  output: 'pdfs',
  built: true,
  // qpdf rewrites 10,000 pages in a few seconds; the worker counts them before it starts.
  maxPages: 10_000,
  lane: 'quick',
});
