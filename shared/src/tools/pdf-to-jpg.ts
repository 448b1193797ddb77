import { z } from 'zod';
import { defineTool } from './define';
import { intField } from './fields';

/** Whole pages rendered as pictures, or the pictures the PDF contains, as they were put in. */
export const JPG_MODES = ['pages', 'images'] as const;
/**
 * Image format of the outputs. `keep` is JPEG for rendered pages and each picture's own format for
 * extracted images (JPEG stays JPEG byte for byte, JPEG 2000 stays JPEG 2000, the rest is PNG).
 */
export const JPG_OUTTYPES = ['keep', 'png', 'jpg', 'jpeg', 'bmp'] as const;
/** JPEG quality presets, from smaller files to sharper pictures. */
export const JPG_QUALITIES = { low: 60, medium: 85, high: 95 } as const;
export const JPG_DPI = { min: 72, max: 300, default: 150 } as const;
/** A document with more pages than this is refused rather than turned into thousands of pictures. */
export const MAX_JPG_PAGES = 500;

export default defineTool({
  id: 'pdf-to-jpg',
  category: 'convertFrom',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    mode: z.enum(JPG_MODES).default('pages'),
    /** Resolution of rendered pages (`pages` mode only). */
    dpi: intField.pipe(z.number().int().min(JPG_DPI.min).max(JPG_DPI.max)).default(JPG_DPI.default),
    /** JPEG quality of rendered or converted pictures. */
    quality: z.enum(Object.keys(JPG_QUALITIES) as [keyof typeof JPG_QUALITIES, ...Array<keyof typeof JPG_QUALITIES>]).default('medium'),
    outtype: z.enum(JPG_OUTTYPES).default('keep'),
  }),
  // pdfimages ships with pdftoppm (poppler-utils).
  engines: ['pdftoppm', 'qpdf'],
  output: 'images',
  built: true,
  // Rendered pages are pictures the person downloads; extracting the pictures reads every page.
  maxPages: (o) => (o.mode === 'pages' ? MAX_JPG_PAGES : 5_000),
  menus: { convert: 4, workspace: 4 },
  timeoutSeconds: 900,
});
