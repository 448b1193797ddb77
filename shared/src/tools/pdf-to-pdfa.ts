import { z } from 'zod';
import { defineTool } from './define';

/** PDF/A conformance levels the tool writes: part 1, 2 or 3, level B (the look of every page is kept). */
export const PDFA_LEVELS = ['1b', '2b', '3b'] as const;
export type PdfaLevel = (typeof PDFA_LEVELS)[number];
/** Convert a PDF to PDF/A, or check a file against PDF/A and report what is wrong, in plain words. */
export const PDFA_MODES = ['convert', 'check'] as const;
/** Languages of the check's report (the page sends its own). */
export const PDFA_REPORT_LANGS = ['en', 'fr'] as const;

export default defineTool({
  id: 'pdf-to-pdfa',
  category: 'convertFrom',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    mode: z.enum(PDFA_MODES).default('convert'),
    conformance: z.enum(PDFA_LEVELS).default('2b'),
    lang: z.enum(PDFA_REPORT_LANGS).default('en'),
  }),
  // Ghostscript writes PDF/A; pdftotext holds its text to the input's; qpdf fixes its dates and
  // reads what is checked; PDFBox Preflight validates PDF/A-1b.
  engines: ['gs', 'pdftotext', 'qpdf', 'preflight'],
  output: 'file',
  built: true,
  // PDF/A-1 flattens transparency (about 2 s a page with pictures here) and Preflight reads every
  // page again (about 1 s a page): a thousand pages fit the time limit, a check twice that.
  maxPages: (o) => (o.mode === 'check' ? 2_000 : 1_000),
  timeoutSeconds: 1_800,
});
