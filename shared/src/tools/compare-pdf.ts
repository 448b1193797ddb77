import { z } from 'zod';
import { defineTool } from './define';

/**
 * `text`: the words that were inserted, deleted, changed or moved, with where they stand on both
 * documents. `visual` adds what words cannot tell: pictures, drawings and scanned pages, rendered and
 * compared pixel by pixel outside the text.
 */
export const COMPARE_MODES = ['text', 'visual'] as const;

/**
 * Two versions of a PDF, the earlier first. Its outputs, in order: a report PDF (each pair of
 * matched pages side by side, the changes marked), the changes as JSON (`CompareReport` in
 * shared/src/compare.ts) and the same list as plain text.
 */
export default defineTool({
  id: 'compare-pdf',
  category: 'organize',
  accepts: ['pdf'],
  minFiles: 2,
  maxFiles: 2,
  options: z.object({
    mode: z.enum(COMPARE_MODES).default('visual'),
    /** The language of the report's words. */
    lang: z.enum(['en', 'fr']).default('en'),
  }),
  // qpdf readies both inputs, pdftotext gives the words with their boxes, pdftoppm renders pages for the visual mode.
  engines: ['qpdf', 'pdftotext', 'pdftoppm'],
  output: 'pdfs',
  built: true,
  // Both documents together: pdftotext reads them in seconds; the visual mode renders two pages a
  // pair at 50 dpi, about a minute per thousand on one core.
  maxPages: 4_000,
  timeoutSeconds: 900,
});
