import { z } from 'zod';
import { defineTool } from './define';
import { CAD_COLORS, CAD_PAPER } from './dwg-to-pdf';
import { intField } from './fields';

/** Resolutions offered for the JPG; the image is also capped at MAX_CAD_MEGAPIXELS. */
export const CAD_DPI = { min: 72, max: 600, default: 150 } as const;
export const MAX_CAD_MEGAPIXELS = 50;

/**
 * DWG and DXF to a JPG of the sheet the PDF tool would print: the drawing fitted to the paper,
 * rendered at `dpi` (A4 at 150 dpi is 1240 × 1754 pixels).
 */
export default defineTool({
  id: 'dwg-to-jpg',
  category: 'cad',
  accepts: ['dwg', 'dxf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    pagesize: z.enum(CAD_PAPER).default('a4'),
    colors: z.enum(CAD_COLORS).default('plot'),
    dpi: intField.pipe(z.number().int().min(CAD_DPI.min).max(CAD_DPI.max)).default(CAD_DPI.default),
  }),
  engines: [],
  output: 'image',
  built: true,
  timeoutSeconds: 180,
});
