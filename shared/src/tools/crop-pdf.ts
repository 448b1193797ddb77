import { z } from 'zod';
import { defineTool } from './define';
import { flagField, pageRangesField } from './fields';

/** `box`: cut the margins given; `trim`: cut each page's white margins, found on its rendering. */
export const CROP_MODES = ['box', 'trim'] as const;
/** Which of the pages (within `pages`, when given) are cropped. */
export const CROP_PARITIES = ['all', 'odd', 'even'] as const;
/** The largest page PDF allows (200 inches), in points. */
export const MAX_PAGE_POINTS = 14400;

/** A length in points, sent as a JSON number or a decimal string (form posts send strings). */
const pointsField = z
  .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/).transform(Number)])
  .pipe(z.number().min(0).max(MAX_PAGE_POINTS));

export default defineTool({
  id: 'crop-pdf',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    mode: z.enum(CROP_MODES).default('box'),
    /**
     * `box` mode: what to cut from each edge of a page as it is shown (after its /Rotate), in
     * points. A page the margins leave nothing of is refused with CROP_TOO_LARGE.
     */
    left: pointsField.default(0),
    top: pointsField.default(0),
    right: pointsField.default(0),
    bottom: pointsField.default(0),
    /** `trim` mode: one box for every page (the smallest margins found), instead of each page's own. */
    common: flagField.default(false),
    parity: z.enum(CROP_PARITIES).default('all'),
    /** Pages to crop; absent means every page. */
    pages: pageRangesField.optional(),
  }),
  engines: ['qpdf', 'pdftoppm'],
  output: 'file',
  built: true,
  // Trimming white margins renders every page: as many as the other rendering tools take.
  maxPages: 2_000,
});
