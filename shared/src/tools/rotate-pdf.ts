import { z } from 'zod';
import { defineTool } from './define';
import { intField, pageRangesField } from './fields';

export const ROTATE_ANGLES = [90, 180, 270] as const;

export default defineTool({
  id: 'rotate-pdf',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    /** Clockwise, added to the rotation a page already has. */
    angle: intField.pipe(z.union(ROTATE_ANGLES.map((a) => z.literal(a)))),
    /** Pages to rotate; absent means every page. */
    pages: pageRangesField.optional(),
  }),
  engines: ['qpdf'],
  output: 'file',
  built: true,
  // qpdf rewrites 10,000 pages in a few seconds; the worker counts them before it starts.
  maxPages: 10_000,
  lane: 'quick',
});
